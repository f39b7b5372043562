import type { Caller } from '../http/caller.js';
import type { Queryable } from '../store/types.js';
import { ApplicationError } from '../errors/wire.js';
import { ERRORS } from '../errors/catalogue.js';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './passwords.js';
import { admitLoginAttempt, loginSucceeded, tooManyFailedLogins } from './login-throttle.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Re-authentication for sensitive account changes (ASVS 6.2.3 / 7.5.1; audit F-6): the member proves
 * it is them again with the current password, or signed in so recently that the proof is still fresh.
 * Password change, factor changes and SSO connect/disconnect call it. A current password is a password
 * check like a login's, so it counts in the login's throttle (security/login-throttle.ts; audit S-2): a
 * stolen access token is no guessing oracle, and wrong guesses here lock the account as login failures do.
 */
export const RECENT_SIGN_IN_SECONDS = 600;

type MemberCaller = Extract<Caller, { kind: 'member' }>;

/**
 * What re-authentication reads: the session's sign-in time, the login throttle and the clock. The app's
 * context is one (callers pass `ctx`). Not `AppContext` itself: context.ts names security's types through
 * security/index.ts, so a file of security/ naming it would close an import circle.
 */
export interface ReauthenticationDeps {
  db: Queryable;
  limiter: RateLimiter;
  now: () => number;
}

/** How the member was accepted: by their current password, or by a sign-in within RECENT_SIGN_IN_SECONDS. */
export type ReauthenticatedBy = 'current-password' | 'recent-sign-in';

/** Refusals carry a secret-free `reason` for the audit event of the action they refuse. */
export class ReauthenticationError extends ApplicationError {
  constructor(
    name: 'WRONG_PASSWORD' | 'REAUTHENTICATION_REQUIRED',
    message: string,
    readonly reason: 'WRONG_CURRENT_PASSWORD' | 'REAUTHENTICATION_REQUIRED',
    data: Record<string, unknown> = {},
  ) {
    super(ERRORS[name].status, ERRORS[name].code, message, data);
  }
}

// The same code and answer as a wrong password at login: the reference client maps it to invalidPassword.
const wrongCurrentPassword = () =>
  new ReauthenticationError('WRONG_PASSWORD', 'The current password is incorrect', 'WRONG_CURRENT_PASSWORD');

/**
 * The moment the caller's session was signed into: its creation. A refresh keeps the session (and
 * this time); only a new sign-in (password, code, verified link, trusted sign-on) makes a new one.
 */
async function sessionSignedInAt(ctx: ReauthenticationDeps, caller: MemberCaller): Promise<number | undefined> {
  const { rows } = await ctx.db.query<{ created_at: Date }>(
    'select created_at from sessions where site_id = $1 and id = $2',
    [caller.siteId, caller.sessionId],
  );
  return rows[0] ? new Date(rows[0].created_at).getTime() : undefined;
}

/**
 * What the member offers: `currentPassword` if sent, checked against their `passwordHash`; `email` and
 * `ip` are the login throttle's keys (the same budgets a login to this account from this address spends).
 */
export interface ReauthenticationProof {
  currentPassword?: unknown;
  member: { email: string; passwordHash: string | null };
  ip: string;
}

/**
 * Passes when `currentPassword` is sent and matches the member's password (argon2id), or, when it is not
 * sent (`undefined`/`null`), when the caller's session was signed in within the last 10 minutes. A
 * current password that is sent is always checked, even in a fresh session, and is counted in the login
 * throttle before it is checked. Throws a ReauthenticationError: 400 `-19976` for a wrong current
 * password, 403 `REAUTHENTICATION_REQUIRED` otherwise; 429 `TOO_MANY_FAILED_LOGINS` while the account
 * (or this address for it) is locked — even for the right password, and with no captcha escape: a
 * signed-in member can still sign in again (the login's own rules) and act within the fresh-sign-in window.
 */
export async function requireRecentAuthentication(
  ctx: ReauthenticationDeps,
  caller: MemberCaller,
  proof: ReauthenticationProof,
): Promise<ReauthenticatedBy> {
  const { currentPassword, member } = proof;
  if (currentPassword !== undefined && currentPassword !== null) {
    const attempt = { siteId: caller.siteId, email: member.email, ip: proof.ip };
    const admission = await admitLoginAttempt(ctx.limiter, attempt);
    if (!admission.allowed) throw tooManyFailedLogins(admission.retryAfterSeconds);
    // Nothing over the maximum can have been set, so it is refused before any hashing work.
    if (
      typeof currentPassword !== 'string' ||
      currentPassword.length === 0 ||
      [...currentPassword].length > PASSWORD_MAX_LENGTH
    )
      throw wrongCurrentPassword();
    if (!(await verifyPassword(member.passwordHash, currentPassword))) throw wrongCurrentPassword();
    await loginSucceeded(ctx.limiter, attempt, admission);
    return 'current-password';
  }
  const signedInAt = await sessionSignedInAt(ctx, caller);
  if (signedInAt !== undefined && ctx.now() - signedInAt <= RECENT_SIGN_IN_SECONDS * 1000) return 'recent-sign-in';
  throw new ReauthenticationError(
    'REAUTHENTICATION_REQUIRED',
    'Confirm your current password (send currentPassword), or sign in again, to make this change',
    'REAUTHENTICATION_REQUIRED',
    { maxAgeSeconds: RECENT_SIGN_IN_SECONDS },
  );
}
