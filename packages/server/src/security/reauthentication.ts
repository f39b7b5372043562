import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { ApplicationError } from '../http/errors.js';
import { ERRORS } from '../errors/catalogue.js';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './passwords.js';

/**
 * Re-authentication for sensitive account changes (ASVS 6.2.3 / 7.5.1; audit F-6): the member proves
 * it is them again with the current password, or signed in so recently that the proof is still fresh.
 * Password change uses it today; email and factor changes are meant to call the same rule.
 */
export const RECENT_SIGN_IN_SECONDS = 600;

type MemberCaller = Extract<Caller, { kind: 'member' }>;

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
async function sessionSignedInAt(ctx: AppContext, caller: MemberCaller): Promise<number | undefined> {
  const { rows } = await ctx.db.query<{ created_at: Date }>(
    'select created_at from sessions where site_id = $1 and id = $2',
    [caller.siteId, caller.sessionId],
  );
  return rows[0] ? new Date(rows[0].created_at).getTime() : undefined;
}

/**
 * Passes when `currentPassword` is sent and matches `passwordHash` (argon2id), or, when it is not sent
 * (`undefined`/`null`), when the caller's session was signed in within the last 10 minutes. A current
 * password that is sent is always checked, even in a fresh session. Throws a ReauthenticationError:
 * 400 `-19976` for a wrong current password, 403 `REAUTHENTICATION_REQUIRED` otherwise.
 */
export async function requireRecentAuthentication(
  ctx: AppContext,
  caller: MemberCaller,
  proof: { currentPassword?: unknown; passwordHash: string | null },
): Promise<ReauthenticatedBy> {
  const { currentPassword } = proof;
  if (currentPassword !== undefined && currentPassword !== null) {
    // Nothing over the maximum can have been set, so it is refused before any hashing work.
    if (
      typeof currentPassword !== 'string' ||
      currentPassword.length === 0 ||
      [...currentPassword].length > PASSWORD_MAX_LENGTH
    )
      throw wrongCurrentPassword();
    if (!(await verifyPassword(proof.passwordHash, currentPassword))) throw wrongCurrentPassword();
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
