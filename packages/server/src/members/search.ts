import { MEMBER_STATUSES, type MemberStatus } from './store.js';
import type { Queryable } from '../store/types.js';
import { invalidField } from '../errors/wire.js';
import { searchKey } from '../security/index.js';

/**
 * The members table of the admin API and the console: filter by status, search by email or name
 * (a case-insensitive substring), sort, page. Answers the page and the total of matches.
 */
export const MEMBER_SORTS = { createdDate: 'created_at', email: 'email_key', updatedDate: 'updated_at' } as const;
export type MemberSort = keyof typeof MEMBER_SORTS;

export interface MemberQuery {
  status: MemberStatus | undefined;
  search: string | undefined;
  sort: MemberSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface MemberRowView {
  id: string;
  email: string;
  name: string | undefined;
  status: MemberStatus;
  emailVerified: boolean;
  approved: boolean;
  createdDate: string;
  updatedDate: string;
}

/** Reads and checks the query string; every mistake names its field. */
export function parseMemberQuery(query: Record<string, unknown>): MemberQuery {
  const status = query.status === undefined || query.status === '' ? undefined : String(query.status).toUpperCase();
  if (status !== undefined && !MEMBER_STATUSES.includes(status as MemberStatus))
    throw invalidField('status', `must be one of ${MEMBER_STATUSES.join(', ')}`, 'INVALID_ENUM');
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw invalidField('limit', 'must be an integer from 1 to 1000');
  if (!Number.isInteger(offset) || offset < 0) throw invalidField('offset', 'must be a non-negative integer');
  const sort = query.sort === undefined || query.sort === '' ? 'createdDate' : String(query.sort);
  if (!(sort in MEMBER_SORTS))
    throw invalidField('sort', `must be one of ${Object.keys(MEMBER_SORTS).join(', ')}`, 'INVALID_ENUM');
  const order = query.order === undefined || query.order === '' ? 'asc' : String(query.order);
  if (order !== 'asc' && order !== 'desc') throw invalidField('order', 'must be asc or desc', 'INVALID_ENUM');
  const search =
    typeof query.search === 'string' && query.search.trim() ? query.search.trim().slice(0, 200) : undefined;
  return { status: status as MemberStatus | undefined, search, sort: sort as MemberSort, order, limit, offset };
}

/**
 * What a search matches: email, "first last" and nickname in one text, exactly the expression of the
 * trigram index `members_search_trgm` (migration 73), so `like '%…%'` is an index scan at any size.
 */
export const SEARCH_TEXT =
  "lower(email_key || ' ' || coalesce(profile->>'firstName', '') || ' ' || coalesce(profile->>'lastName', '') || ' ' || coalesce(profile->>'nickname', ''))";

// LIKE treats % and _ as wildcards; a search for "a_b" means those characters.
// The term is mapped as keys are (email-key.ts): a fullwidth or ligature spelling finds the plain address.
const likeLiteral = (text: string) => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchMembers(
  q: Queryable,
  siteId: string,
  query: MemberQuery,
): Promise<{ members: MemberRowView[]; total: number }> {
  const params: unknown[] = [siteId];
  let where = 'site_id = $1';
  if (query.status) where += ` and status = $${params.push(query.status)}`;
  if (query.search) {
    const p = `$${params.push(likeLiteral(query.search))}`;
    where += ` and ${SEARCH_TEXT} like ${p}`;
  }
  // The sort column comes from a fixed map, never from the request text itself.
  const orderBy = `${MEMBER_SORTS[query.sort]} ${query.order}, id ${query.order}`;
  const { rows } = await q.query<Record<string, unknown>>(
    `select id, email, profile, status, email_verified, approved, created_at, updated_at, count(*) over () as total
     from members where ${where} order by ${orderBy} limit ${query.limit} offset ${query.offset}`,
    params,
  );
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && query.offset > 0) {
    const counted = await q.query<{ n: number | string }>(`select count(*) as n from members where ${where}`, params);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { members: rows.map(toRowView), total };
}

function toRowView(r: Record<string, unknown>): MemberRowView {
  const profile = (typeof r.profile === 'string' ? JSON.parse(r.profile) : (r.profile ?? {})) as Record<
    string,
    unknown
  >;
  const name =
    [profile.firstName, profile.lastName].filter((p) => typeof p === 'string' && p).join(' ') ||
    (typeof profile.nickname === 'string' ? profile.nickname : '');
  return {
    id: String(r.id),
    email: String(r.email),
    name: name || undefined,
    status: r.status as MemberStatus,
    emailVerified: Boolean(r.email_verified),
    approved: Boolean(r.approved),
    createdDate: new Date(r.created_at as string).toISOString(),
    updatedDate: new Date(r.updated_at as string).toISOString(),
  };
}
