import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError, httpErrors, invalidField } from '../http/errors.js';
import { resolveCaller } from '../http/resolve-caller.js';
import type { Caller } from '../http/caller.js';
import { enqueueMail } from '../mail/outbox.js';
import { passwordChangedMail } from '../mail/templates.js';
import { endSession } from '../oauth/session-end.js';
import { requestOrigin } from '../security/auth-events.js';
import { hashPassword, passwordViolation, verifyPassword } from '../security/passwords.js';
import { body, emailOf, emailViolation, memberBlocked, throwViolations, type IdentityDeps } from './common.js';
import { toWireIdentity, type WireIdentity } from './identity-view.js';
import { findMemberByEmail, findMemberById, insertMember, markEmailVerified, setPassword, updateProfile, type Member } from './members.js';
import { parseProfile } from './profile.js';
import { issueSessionToken, revokeSessionTokens } from './session-tokens.js';

type MemberCaller = Extract<Caller, { kind: 'member' }>;

async function requireMember(deps: IdentityDeps, request: FastifyRequest): Promise<MemberCaller> {
  const caller = await resolveCaller(request, deps.ctx);
  if (caller.kind !== 'member') throw httpErrors.unauthorized('A member access token is required');
  return caller;
}

/**
 * POST /_api/iam/authentication/v2/change-password {newPassword} → {}. The reference client sends only
 * the new password; a `currentPassword`, when sent, is checked too. Every other session of the member
 * ends (the one making the change stays signed in).
 */
export async function changePassword(deps: IdentityDeps, request: FastifyRequest): Promise<Record<string, never>> {
  const caller = await requireMember(deps, request);
  const input = body(request);
  throwViolations([passwordViolation(input.newPassword, 'newPassword')]);
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw httpErrors.unauthorized('A member access token is required');
  if (member.status === 'BLOCKED') throw memberBlocked();
  if (input.currentPassword !== undefined && !(await verifyPassword(member.passwordHash, String(input.currentPassword)))) {
    throw new ApplicationError(400, '-19976', 'The current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword as string);
  await deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    await setPassword(tx, caller.siteId, member.id, passwordHash, now);
    await deps.ctx.tokens.revokeMemberSessions(tx, caller.siteId, member.id, { exceptSessionId: caller.sessionId, reason: 'password-change' });
    await revokeSessionTokens(tx, caller.siteId, member.id, now);
    await tx.query('update recovery_tokens set used_at = $3 where site_id = $1 and member_id = $2 and used_at is null', [caller.siteId, member.id, new Date(now)]);
    const site = deps.ctx.sites.get(caller.siteId);
    const mail = passwordChangedMail(site?.name ?? 'Your shop', 'reset your password with "Forgot password" right away.');
    await enqueueMail(tx, { siteId: caller.siteId, kind: 'password-changed', to: member.email, ...mail }, now);
  });
  return {};
}

/**
 * POST /_api/iam/authentication/v2/sign-on — a site's backend vouches for a member (API key in
 * `Authorization: <token>,<apiKey>`): found or created (without a password), answered with a session token.
 */
export async function signOn(deps: IdentityDeps, request: FastifyRequest): Promise<{ sessionToken: string; identity: WireIdentity }> {
  const caller = await resolveCaller(request, deps.ctx);
  if (caller.kind !== 'admin') throw httpErrors.unauthorized('Sign-on needs a site API key: Authorization: <accessToken>,<apiKey>');
  const site = caller.siteId ? deps.ctx.sites.get(caller.siteId) : undefined;
  if (!site) throw httpErrors.forbidden('The key is not bound to a site; send X-Vitrine-Site-Id');
  const input = body(request);
  const parsed = parseProfile(input.profile);
  throwViolations([emailViolation(input.loginId), ...parsed.violations]);
  if (input.verifyEmail !== undefined && typeof input.verifyEmail !== 'boolean') throw invalidField('verifyEmail', 'must be a boolean', 'INVALID_TYPE');
  const email = emailOf(input.loginId);
  return deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    let member: Member | undefined = await findMemberByEmail(tx, site.id, email);
    if (!member) {
      member = await insertMember(tx, {
        siteId: site.id, email, passwordHash: null, passwordResetRequired: true, emailVerified: input.verifyEmail === true,
        approved: true, profile: parsed.profile, now,
      });
      // A concurrent sign-on created it a moment ago.
      member ??= await findMemberByEmail(tx, site.id, email);
      if (!member) throw new ApplicationError(409, 'CONFLICT', 'The member is being created; retry');
    } else if (input.verifyEmail === true && !member.emailVerified) {
      await markEmailVerified(tx, site.id, member.id, now);
      member = (await findMemberById(tx, site.id, member.id))!;
    }
    if (member.status === 'BLOCKED') throw memberBlocked();
    if (member.status !== 'ACTIVE') throw new ApplicationError(403, 'MEMBER_PENDING_APPROVAL', 'This member is waiting for the owner’s approval');
    const sessionToken = await issueSessionToken(tx, { siteId: site.id, memberId: member.id }, now);
    return { sessionToken, identity: toWireIdentity(member, site.policies) };
  });
}

/**
 * GET /_api/iam/authentication/v1/logout?postLogoutRedirectUri=&clientId= — ends the caller's member
 * session, then redirects, but only to a URI the client registered (no open redirect).
 */
export async function logout(deps: IdentityDeps, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const target = query.postLogoutRedirectUri;
  let redirect: string | undefined;
  if (target !== undefined && target !== '') {
    const entry = deps.ctx.sites.findClient(query.clientId);
    if (!entry) throw invalidField('clientId', 'is not a known client', 'UNKNOWN_CLIENT');
    redirect = deps.ctx.sites.normalizeRedirect(entry.client, target);
    if (!redirect) throw invalidField('postLogoutRedirectUri', 'is not registered for this client (or is not a clean URL)', 'REDIRECT_NOT_ALLOWED');
  }
  // An already-ended session is not an error here: logging out twice is still logged out.
  const caller = await resolveCaller(request, deps.ctx).catch(() => ({ kind: 'anonymous' }) as Caller);
  if (caller.kind === 'member') {
    const { ip } = requestOrigin(request);
    await deps.ctx.db.transaction(async (tx) => {
      const ended = await endSession(deps.ctx.authEvents, tx, { siteId: caller.siteId, sessionId: caller.sessionId, reason: 'logout', ip });
      if (!ended) return;
      await deps.ctx.authEvents.record({ type: 'sign_out', outcome: 'success', siteId: caller.siteId, memberId: ended.memberId, clientId: caller.clientId, ip, detail: { via: 'logout-endpoint' } }, tx);
    });
  }
  if (redirect) return reply.code(302).header('location', redirect).header('cache-control', 'no-store').send();
  return {};
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
export async function getMyMember(deps: IdentityDeps, request: FastifyRequest) {
  const caller = await requireMember(deps, request);
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw httpErrors.notFound('No such member', 'MEMBER_NOT_FOUND');
  return myMember(member, deps);
}

/**
 * PATCH /_api/members/v1/members/my {profile} — top-level profile fields given replace the stored ones;
 * a field sent as null is removed; fields not sent are kept.
 */
export async function patchMyMember(deps: IdentityDeps, request: FastifyRequest) {
  const caller = await requireMember(deps, request);
  const input = body(request);
  if (!input.profile || typeof input.profile !== 'object' || Array.isArray(input.profile)) throw invalidField('profile', 'must be an object', 'REQUIRED');
  const parsed = parseProfile(input.profile);
  throwViolations(parsed.violations);
  return deps.ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, caller.siteId, caller.memberId, true);
    if (!member) throw httpErrors.notFound('No such member', 'MEMBER_NOT_FOUND');
    const merged: Record<string, unknown> = { ...member.profile };
    for (const [key, value] of Object.entries(input.profile as Record<string, unknown>)) {
      if (value === null) delete merged[key];
      else if (parsed.profile[key] !== undefined) merged[key] = parsed.profile[key];
    }
    const updated = await updateProfile(tx, caller.siteId, member.id, merged, deps.ctx.now());
    return myMember(updated!, deps);
  });
}
