import { ValidationError, httpErrors } from '../http/errors.js';
import { appError } from '../errors/catalogue.js';
import type { Caller } from '../http/caller.js';
import { enqueueMail } from '../mail/outbox.js';
import { passwordChangedMail } from '../mail/templates.js';
import { mailLanguage } from '../i18n/index.js';
import { endSession } from '../oauth/session-end.js';
import { hashPassword, passwordViolation } from '../security/passwords.js';
import { ReauthenticationError, requireRecentAuthentication, type ReauthenticatedBy } from '../security/reauthentication.js';
import { adoptUnverifiedAccount } from './account-linking.js';
import { emailOf, emailViolation, memberBlocked, throwViolations, type IdentityDeps } from './common.js';
import { toWireIdentity, type WireIdentity } from './identity-view.js';
import { revokeMemberAccess } from './member-access.js';
import { findMemberByEmail, findMemberById, insertMember, setPassword, updateProfile, type Member } from '../members/store.js';
import { parseProfile } from './profile.js';
import { issueSessionToken } from './session-tokens.js';
import { emitMemberEvent } from '../members/events.js';
import { identityOf } from '../webhooks/events.js';
import type { CallOrigin } from './flow.js';
import type { ChangePasswordInput, PatchMyMemberInput, SignOnInput } from './schemas.js';

import type { MemberCaller } from './request-scope.js';
export type { MemberCaller };

/** The scope of the signed-in member's own account calls: their live session (adapters refuse anyone else). */
export interface MemberScope extends CallOrigin {
  caller: MemberCaller;
}

/** Each change costs one or two argon2id computations (and a mail): per member, 10 per 15 minutes. */
export const changePasswordLimit = { limit: 10, windowSeconds: 900 };

/**
 * POST /_api/iam/authentication/v2/change-password {newPassword, currentPassword?} → {}. The member
 * proves it is them with `currentPassword` or, as the reference client sends only the new password,
 * with a sign-in of the last 10 minutes (security/reauthentication.ts; audit F-6). The new password
 * follows the password policy, which here also knows the shop's name and the member's address.
 * Every other session of the member ends (the one making the change stays signed in).
 */
export async function changePassword(deps: IdentityDeps, scope: MemberScope, input: ChangePasswordInput): Promise<Record<string, never>> {
  const { caller } = scope;
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw appError('UNAUTHORIZED');
  if (member.status === 'BLOCKED') throw memberBlocked();
  const site = deps.ctx.sites.get(caller.siteId);
  const event = { type: 'password_changed', siteId: caller.siteId, memberId: member.id, clientId: caller.clientId, ip: scope.ip } as const;
  const refused = async <E extends Error>(reason: string, error: E): Promise<E> => {
    await deps.ctx.authEvents.record({ ...event, outcome: 'failure', detail: { reason } });
    return error;
  };

  const violation = passwordViolation(input.newPassword, 'newPassword', { siteName: site?.name, email: member.email });
  if (violation) throw await refused(violation.ruleName ?? 'INVALID_PASSWORD', new ValidationError([violation]));
  const limited = await deps.limiter.hit(`change-password:${caller.siteId}:${member.id}`, changePasswordLimit);
  if (!limited.allowed) throw await refused('RATE_LIMITED', httpErrors.tooManyRequests(limited.retryAfterSeconds));
  let via: ReauthenticatedBy;
  try {
    via = await requireRecentAuthentication(deps.ctx, caller, { currentPassword: input.currentPassword, passwordHash: member.passwordHash });
  } catch (error) {
    throw error instanceof ReauthenticationError ? await refused(error.reason, error) : error;
  }

  const passwordHash = await hashPassword(input.newPassword as string);
  await deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    await setPassword(tx, caller.siteId, member.id, passwordHash, now);
    await emitMemberEvent(tx, { siteId: caller.siteId, memberId: member.id, type: 'member.password_changed', now });
    await revokeMemberAccess(tx, deps.ctx, { siteId: caller.siteId, memberId: member.id, exceptSessionId: caller.sessionId, reason: 'password-change', now });
    const mail = passwordChangedMail(mailLanguage(site, { member }), site?.name ?? 'Your shop', 'change');
    await enqueueMail(tx, { siteId: caller.siteId, kind: 'password-changed', to: member.email, ...mail }, now);
    await deps.ctx.authEvents.record({ ...event, outcome: 'success', detail: { via } }, tx);
  });
  return {};
}

/**
 * POST /_api/iam/authentication/v2/sign-on — a site's backend vouches for a member (API key in
 * `Authorization: <token>,<apiKey>`): found or created (without a password), answered with a session token.
 * With `verifyEmail: true` onto an existing unverified password account, the account is taken over for
 * the owner of the address (identity/account-linking.ts; audit F-2) instead of linked as it is.
 */
export async function signOn(deps: IdentityDeps, scope: CallOrigin & { caller: Caller }, input: SignOnInput): Promise<{ sessionToken: string; identity: WireIdentity }> {
  const { caller } = scope;
  if (caller.kind !== 'admin') throw appError('UNAUTHORIZED', { description: 'Sign-on needs a site API key: Authorization: <accessToken>,<apiKey>' });
  const site = caller.siteId ? deps.ctx.sites.get(caller.siteId) : undefined;
  if (!site) throw appError('PERMISSION_DENIED', { description: 'The key is not bound to a site; send X-Vitrine-Site-Id' });
  const parsed = parseProfile(input.profile);
  throwViolations([emailViolation(input.loginId), ...parsed.violations]);
  const email = emailOf(input.loginId);
  return deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    let adopted: { adopted: true; sessionsEnded: number } | undefined;
    let member: Member | undefined = await findMemberByEmail(tx, site.id, email);
    if (!member) {
      member = await insertMember(tx, {
        siteId: site.id, email, passwordHash: null, passwordResetRequired: true, emailVerified: input.verifyEmail === true,
        approved: true, profile: parsed.profile, now,
      });
      if (member) await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, member, type: 'member.created', identity: identityOf(caller), now });
      // A concurrent sign-on created it a moment ago.
      member ??= await findMemberByEmail(tx, site.id, email);
      if (!member) throw appError('CONFLICT');
    } else if (input.verifyEmail === true && !member.emailVerified) {
      const linked = await adoptUnverifiedAccount(tx, deps.ctx, { siteId: site.id, memberId: member.id, reason: 'account-adopted', now });
      member = linked.member;
      if (linked.adopted) adopted = { adopted: true, sessionsEnded: linked.sessionsEnded };
    }
    if (member.status === 'BLOCKED') throw memberBlocked();
    if (member.status !== 'ACTIVE') throw appError('MEMBER_PENDING_APPROVAL');
    const sessionToken = await issueSessionToken(tx, { siteId: site.id, memberId: member.id }, now);
    await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, member, type: 'member.signed_in', identity: identityOf(caller), now });
    await deps.ctx.authEvents.record({ type: 'sign_on', outcome: 'success', siteId: site.id, memberId: member.id, email, ip: scope.ip, detail: adopted }, tx);
    return { sessionToken, identity: toWireIdentity(member, site.policies) };
  });
}

/**
 * Ends the caller's member session (GET /_api/iam/authentication/v1/logout; the route checks where it
 * may redirect afterwards). Anyone else is already signed out: logging out twice is still logged out.
 */
export async function signOut(deps: IdentityDeps, scope: CallOrigin & { caller: Caller }): Promise<void> {
  const { caller, ip } = scope;
  if (caller.kind !== 'member') return;
  await deps.ctx.db.transaction(async (tx) => {
    const ended = await endSession(deps.ctx.authEvents, tx, { siteId: caller.siteId, sessionId: caller.sessionId, reason: 'logout', ip });
    if (!ended) return;
    await deps.ctx.authEvents.record({ type: 'sign_out', outcome: 'success', siteId: caller.siteId, memberId: ended.memberId, clientId: caller.clientId, ip, detail: { via: 'logout-endpoint' } }, tx);
    await emitMemberEvent(tx, { siteId: caller.siteId, memberId: ended.memberId, type: 'member.signed_out', now: deps.ctx.now() });
  });
}

/** The account page's view of a member: identity fields plus the stored profile. */
function myMember(member: Member, deps: IdentityDeps) {
  const site = deps.ctx.sites.get(member.siteId)!;
  const identity = toWireIdentity(member, site.policies);
  return {
    member: {
      id: member.id,
      loginEmail: member.email,
      emailVerified: member.emailVerified,
      status: identity.status.name,
      revision: identity.revision,
      createdDate: identity.createdDate,
      updatedDate: identity.updatedDate,
      profile: member.profile,
    },
  };
}

/** GET /_api/members/v1/members/my */
export async function getMyMember(deps: IdentityDeps, scope: MemberScope) {
  const { caller } = scope;
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw appError('MEMBER_NOT_FOUND');
  return myMember(member, deps);
}

/**
 * PATCH /_api/members/v1/members/my {profile} — top-level profile fields given replace the stored ones;
 * a field sent as null is removed; fields not sent are kept.
 */
export async function patchMyMember(deps: IdentityDeps, scope: MemberScope, input: PatchMyMemberInput) {
  const { caller } = scope;
  // profile: an object, checked by the route's schema (schemas.ts).
  const parsed = parseProfile(input.profile);
  throwViolations(parsed.violations);
  return deps.ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, caller.siteId, caller.memberId, true);
    if (!member) throw appError('MEMBER_NOT_FOUND');
    const merged: Record<string, unknown> = { ...member.profile };
    for (const [key, value] of Object.entries(input.profile)) {
      if (value === null) delete merged[key];
      else if (parsed.profile[key] !== undefined) merged[key] = parsed.profile[key];
    }
    const updated = await updateProfile(tx, caller.siteId, member.id, merged, deps.ctx.now());
    await emitMemberEvent(tx, { siteId: caller.siteId, memberId: member.id, member: updated, type: 'member.updated', now: deps.ctx.now() });
    return myMember(updated!, deps);
  });
}
