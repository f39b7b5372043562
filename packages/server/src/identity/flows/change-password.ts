/** The signed-in member changes their password; every other session ends. */
import { ValidationError, httpErrors } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { enqueueMail } from '../../mail/outbox.js';
import { passwordChangedMail } from '../../mail/templates.js';
import { mailLanguage } from '../../i18n/index.js';
import {
  hashPassword,
  passwordViolation,
  ReauthenticationError,
  requireRecentAuthentication,
  type ReauthenticatedBy,
} from '../../security/index.js';
import { memberBlocked, type IdentityDeps } from '../common.js';
import { revokeMemberAccess } from '../member-access.js';
import { findMemberById, setPassword, emitMemberEvent } from '../../members/index.js';
import type { ChangePasswordInput } from '../schemas.js';
import type { MemberScope } from '../flow.js';

/** Each change costs one or two argon2id computations (and a mail): per member, 10 per 15 minutes. */
export const changePasswordLimit = { limit: 10, windowSeconds: 900 };

/**
 * POST /_api/iam/authentication/v2/change-password {newPassword, currentPassword?} → {}. The member
 * proves it is them with `currentPassword` or, as the reference client sends only the new password,
 * with a sign-in of the last 10 minutes (security/reauthentication.ts; audit F-6). The new password
 * follows the password policy, which here also knows the shop's name and the member's address.
 * Every other session of the member ends (the one making the change stays signed in).
 */
export async function changePassword(
  deps: IdentityDeps,
  scope: MemberScope,
  input: ChangePasswordInput,
): Promise<Record<string, never>> {
  const { caller } = scope;
  const member = await findMemberById(deps.ctx.db, caller.siteId, caller.memberId);
  if (!member) throw appError('UNAUTHORIZED');
  if (member.status === 'BLOCKED') throw memberBlocked();
  const site = deps.ctx.sites.get(caller.siteId);
  const event = {
    type: 'password_changed',
    siteId: caller.siteId,
    memberId: member.id,
    clientId: caller.clientId,
    ip: scope.ip,
  } as const;
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
    via = await requireRecentAuthentication(deps.ctx, caller, {
      currentPassword: input.currentPassword,
      member,
      ip: scope.ip,
    });
  } catch (error) {
    throw error instanceof ReauthenticationError ? await refused(error.reason, error) : error;
  }

  const passwordHash = await hashPassword(input.newPassword as string);
  await deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    await setPassword(tx, caller.siteId, member.id, passwordHash, now);
    await emitMemberEvent(tx, { siteId: caller.siteId, memberId: member.id, type: 'member.password_changed', now });
    await revokeMemberAccess(tx, deps.ctx, {
      siteId: caller.siteId,
      memberId: member.id,
      exceptSessionId: caller.sessionId,
      reason: 'password-change',
      now,
    });
    const mail = passwordChangedMail(mailLanguage(site, { member }), site ?? 'Your shop', 'change');
    await enqueueMail(tx, { siteId: caller.siteId, kind: 'password-changed', to: member.email, ...mail }, now);
    await deps.ctx.authEvents.record({ ...event, outcome: 'success', detail: { via } }, tx);
  });
  return {};
}
