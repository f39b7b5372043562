/**
 * The Members API's reads (`@wix/members`: getCurrentMember, getMember, listMembers, queryMembers), by caller
 * (caller.ts): the owner (an API key) reads every member in any fieldset; a member or visitor reads the
 * members whose privacy is PUBLIC, in the PUBLIC fieldset, and a member reads themselves in any fieldset.
 */
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import {
  findMemberById,
  isMemberId,
  memberDeletedAt,
  memberFromRow,
  type Member,
  type MemberRow,
} from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import type { IdentityDeps } from '../common.js';
import type { MembersCaller } from './caller.js';
import { MemberFilter } from './filter.js';
import { fieldsetOf, privacyOf, wixMember, type Fieldset } from './view.js';

type Json = Record<string, unknown>;

/** The fieldset this caller gets of this member: what they asked for where they may, PUBLIC otherwise. */
function fieldsetFor(caller: MembersCaller, member: Member, asked: Fieldset): Fieldset {
  if (caller.kind === 'admin' || (caller.kind === 'member' && caller.memberId === member.id)) return asked;
  return 'PUBLIC';
}

export function memberView(deps: IdentityDeps, caller: MembersCaller, member: Member, asked: Fieldset): Json {
  return wixMember(member, deps.ctx.sites.get(member.siteId)!.policies, fieldsetFor(caller, member, asked));
}

/** The member with this id, or MEMBER_NOT_FOUND / MEMBER_DELETED (status DELETED) for an id that was one. */
export async function memberOr404(q: Queryable, siteId: string, id: unknown, forUpdate = false): Promise<Member> {
  const member = await findMemberById(q, siteId, id, forUpdate);
  if (member) return member;
  const deletedAt = isMemberId(id) ? await memberDeletedAt(q, siteId, id) : undefined;
  if (deletedAt)
    throw appError('MEMBER_DELETED', {
      data: { memberId: id, status: 'DELETED', deletedDate: deletedAt.toISOString() },
    });
  throw appError('MEMBER_NOT_FOUND');
}

/** Whether the caller may see this member at all (a private member is "not found" to strangers). */
function visible(caller: MembersCaller, member: Member): boolean {
  if (caller.kind === 'admin') return true;
  if (caller.kind === 'member' && caller.memberId === member.id) return true;
  return privacyOf(member) === 'PUBLIC';
}

/**
 * The member with this id as this caller may know of it: a private member is MEMBER_NOT_FOUND to strangers on
 * every call, reads and changes alike, so a 403 on a change cannot tell them that a private id exists.
 */
export async function visibleMemberOr404(
  q: Queryable,
  caller: MembersCaller,
  id: unknown,
  forUpdate = false,
): Promise<Member> {
  const member = await memberOr404(q, caller.siteId, id, forUpdate);
  if (!visible(caller, member)) throw appError('MEMBER_NOT_FOUND');
  return member;
}

/** GET /members/v1/members/my?fieldsets=… */
export async function getCurrentMember(deps: IdentityDeps, caller: MembersCaller, query: { fieldsets?: unknown }) {
  if (caller.kind !== 'member') throw appError('UNAUTHORIZED');
  const member = await memberOr404(deps.ctx.db, caller.siteId, caller.memberId);
  return { member: memberView(deps, caller, member, fieldsetOf(query.fieldsets)) };
}

/** GET /members/v1/members/{id}?fieldsets=… */
export async function getMember(deps: IdentityDeps, caller: MembersCaller, id: string, query: { fieldsets?: unknown }) {
  const member = await visibleMemberOr404(deps.ctx.db, caller, id);
  return { member: memberView(deps, caller, member, fieldsetOf(query.fieldsets)) };
}

const MAX_LIMIT = 100;
/**
 * The deepest offset a visitor or member may ask for: the database reads and drops every row before it (a second
 * at 100,000 members), and the data API stops at the same depth (VITRINE_DATA_MAX_OFFSET's default). The owner's
 * key keeps the wider range for exports.
 */
const MEMBERS_MAX_OFFSET = 10_000;

function paging(raw: unknown, owner: boolean): { limit: number; offset: number } {
  const p = (raw && typeof raw === 'object' ? raw : {}) as { limit?: unknown; offset?: unknown };
  const limit = p.limit === undefined || p.limit === null ? 50 : Number(p.limit);
  const offset = p.offset === undefined || p.offset === null ? 0 : Number(p.offset);
  if (!Number.isInteger(limit) || limit < 0) throw invalidField('paging.limit', 'must be a non-negative integer');
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000)
    throw invalidField('paging.offset', 'must be an integer from 0 to 1000000');
  if (!owner && offset > MEMBERS_MAX_OFFSET)
    throw invalidField(
      'paging.offset',
      `must be at most ${MEMBERS_MAX_OFFSET} without an API key; narrow the query (filter or search) to read further`,
      'OFFSET_TOO_LARGE',
      { maxOffset: MEMBERS_MAX_OFFSET },
    );
  // Wix returns at most 100 members a page; a larger limit gets 100.
  return { limit: Math.min(limit || 50, MAX_LIMIT), offset };
}

export interface MemberQueryInput {
  query?: { filter?: unknown; paging?: unknown; sorting?: unknown } | undefined;
  fieldsets?: unknown;
  search?: unknown;
}

/** POST /members/v1/members/query; GET /members/v1/members (listMembers: paging and sorting only). */
export async function queryMembers(deps: IdentityDeps, caller: MembersCaller, input: MemberQueryInput) {
  const f = new MemberFilter(caller.kind === 'admin');
  const query = input.query && typeof input.query === 'object' ? input.query : {};
  const { limit, offset } = paging(query.paging, caller.kind === 'admin');
  const conditions = [`site_id = ${f.param(caller.siteId)}`, f.where(query.filter), f.search(input.search)];
  // Strangers see PUBLIC members only (Wix: private members are not returned to visitors and members).
  if (caller.kind !== 'admin') {
    // Plain enough for the partial index members_public (migration 100), or'ed with the member's own row.
    conditions.push(
      caller.kind === 'member'
        ? `(profile->>'privacyStatus' = 'PUBLIC' or id = ${f.param(caller.memberId)}::uuid)`
        : `profile->>'privacyStatus' = 'PUBLIC'`,
    );
  }
  const orderBy = f.orderBy(query.sorting);
  const { rows } = await deps.ctx.db.query<MemberRow & { total: string | number }>(
    `select *, count(*) over () as total from members where ${conditions.map((c) => `(${c})`).join(' and ')}
      order by ${orderBy} limit ${limit} offset ${offset}`,
    f.params,
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && offset > 0) {
    const counted = await deps.ctx.db.query<{ n: string | number }>(
      `select count(*) as n from members where ${conditions.map((c) => `(${c})`).join(' and ')}`,
      f.params,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const fieldset = fieldsetOf(input.fieldsets);
  const members = rows.map((r) => memberView(deps, caller, memberFromRow(r), fieldset));
  return { members, metadata: { count: members.length, offset, total, tooManyToCount: false } };
}
