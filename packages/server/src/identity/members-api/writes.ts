/**
 * The Members API's changes (`@wix/members`): createMember (the owner: an API key), updateMember and the
 * contact-list deletes (the owner, or the member on themselves), the slug calls, joining and leaving the
 * community (the member's privacy). Every change goes through the one member store and emits the member
 * webhooks, as the account pages and the console do.
 */
import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import {
  emitMemberEvent,
  insertMember,
  isSlugClash,
  slugTaken,
  updateProfile,
  type Member,
} from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import { emailViolation, throwViolations, type IdentityDeps } from '../common.js';
import { isSlug, parseProfile, SLUG_RULE } from '../profile.js';
import { requireAdmin, requireMember, requireSelfOrAdmin, type MembersCaller } from './caller.js';
import { applyMemberPatch } from './profile-patch.js';
import { memberView, visibleMemberOr404 } from './reads.js';

type Json = Record<string, unknown>;

const memberOf = (body: unknown): Json => {
  const m = body && typeof body === 'object' ? (body as Json).member : undefined;
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw invalidField('member', 'is required', 'REQUIRED');
  return m as Json;
};

/** Checks a profile through the identity profile's rules (profile.ts): the one validator of stored profiles. */
function checked(profile: Json): Json {
  const parsed = parseProfile(profile);
  throwViolations(parsed.violations);
  return parsed.profile;
}

/** A profile change in one transaction, a slug taken meanwhile answered as SLUG_ALREADY_EXISTS. */
async function changeProfile(
  deps: IdentityDeps,
  caller: MembersCaller,
  id: string,
  change: (member: Member, tx: Queryable) => Promise<Json> | Json,
): Promise<{ member: Json }> {
  try {
    return await deps.ctx.db.transaction(async (tx) => {
      // Looked up as the caller sees members first: a stranger's change to a private member is 404, as a read.
      const member = await visibleMemberOr404(tx, caller, id, true);
      requireSelfOrAdmin(caller, member.id);
      const now = deps.ctx.now();
      const updated = (await updateProfile(tx, caller.siteId, member.id, await change(member, tx), now))!;
      await emitMemberEvent(tx, {
        siteId: caller.siteId,
        memberId: member.id,
        member: updated,
        type: 'member.updated',
        ...(caller.kind === 'admin' || caller.kind === 'member' ? { identity: caller.identity } : {}),
        now,
      });
      return { member: memberView(deps, caller, updated, 'FULL') };
    });
  } catch (error) {
    if (isSlugClash(error)) throw appError('SLUG_ALREADY_EXISTS');
    throw error;
  }
}

/** POST /members/v1/members {member: {loginEmail, status?, privacyStatus?, profile?, contact?}} */
export async function createMember(deps: IdentityDeps, caller: MembersCaller, body: unknown) {
  const admin = requireAdmin(caller);
  const input = memberOf(body);
  throwViolations([emailViolation({ email: input.loginEmail }, 'member.loginEmail')]);
  const status = input.status ?? undefined;
  if (status !== undefined && status !== 'APPROVED' && status !== 'PENDING' && status !== 'UNKNOWN')
    throw invalidField('member.status', 'must be APPROVED or PENDING', 'INVALID_ENUM');
  const site = deps.ctx.sites.get(admin.siteId)!;
  const approved =
    status === 'APPROVED' ? true : status === 'PENDING' ? false : site.policies.memberApproval !== 'manual';
  const profile = checked(applyMemberPatch({}, input));
  const email = String(input.loginEmail).trim();
  const member = await deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    // No password: the member sets one through the reset mail (Wix: "Send Set Password Email").
    const created = await insertMember(tx, {
      siteId: site.id,
      email,
      passwordHash: null,
      passwordResetRequired: true,
      emailVerified: false,
      approved,
      profile,
      now,
    });
    if (!created) throw appError('EMAIL_EXISTS');
    await emitMemberEvent(tx, {
      siteId: site.id,
      memberId: created.id,
      member: created,
      type: 'member.created',
      identity: admin.identity,
      now,
    });
    return created;
  });
  return { member: memberView(deps, caller, member, 'FULL') };
}

/** PATCH /members/v1/members/{id} {member} */
export async function updateMember(deps: IdentityDeps, caller: MembersCaller, id: string, body: unknown) {
  const input = memberOf(body);
  return changeProfile(deps, caller, id, (member) => {
    if (typeof input.loginEmail === 'string' && input.loginEmail.trim().toLowerCase() !== member.email.toLowerCase())
      throw invalidField('member.loginEmail', 'cannot be changed here (immutable)', 'IMMUTABLE');
    return checked(applyMemberPatch(member.profile, input));
  });
}

async function setSlug(deps: IdentityDeps, caller: MembersCaller, id: string, slug: unknown) {
  // The profile's slug rule (profile.ts), which every other write path checks too.
  if (!isSlug(slug)) throw invalidField('slug', SLUG_RULE, 'INVALID_VALUE');
  return changeProfile(deps, caller, id, async (member, tx) => {
    if (await slugTaken(tx, member.siteId, slug, member.id)) throw appError('SLUG_ALREADY_EXISTS', { data: { slug } });
    return { ...member.profile, slug };
  });
}

/** POST /members/v1/members/my/slug {slug} (updateCurrentMemberSlug) */
export async function updateMySlug(deps: IdentityDeps, caller: MembersCaller, body: { slug?: unknown }) {
  return setSlug(deps, caller, requireMember(caller).memberId, body.slug);
}

/** POST /members/v1/members/{id}/slug {slug} (updateMemberSlug) */
export async function updateMemberSlug(
  deps: IdentityDeps,
  caller: MembersCaller,
  id: string,
  body: { slug?: unknown },
) {
  return setSlug(deps, caller, id, body.slug);
}

const LISTS = { phones: ['phones', 'phonesV2'], emails: ['emails', 'secondaryEmails'], addresses: ['addresses'] };

/** DELETE /members/v1/members/{id}/phones | emails | addresses */
export async function clearContactList(
  deps: IdentityDeps,
  caller: MembersCaller,
  id: string,
  list: keyof typeof LISTS,
) {
  return changeProfile(deps, caller, id, (member) => {
    const profile = { ...member.profile };
    for (const key of LISTS[list]) delete profile[key];
    return profile;
  });
}

/** POST /members/v1/members/join-community | leave-community: the member's privacy, PUBLIC or PRIVATE. */
export async function setCommunity(deps: IdentityDeps, caller: MembersCaller, join: boolean) {
  const { memberId } = requireMember(caller);
  return changeProfile(deps, caller, memberId, (member) => ({
    ...member.profile,
    privacyStatus: join ? 'PUBLIC' : 'PRIVATE',
  }));
}
