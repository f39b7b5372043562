import type { AppContext } from '../context.js';
import type { Queryable } from '../store/types.js';
import { revokeSessionTokens } from '../sessions/session-tokens.js';

export interface RevokeMemberAccess {
  siteId: string;
  memberId: string;
  /** The session making the change stays signed in (password change); omitted, every session ends. */
  exceptSessionId?: string | undefined;
  /** Stored as the sessions' `revoked_reason`. */
  reason: string;
  now: number;
}

/**
 * Ends every way into a member's account that was handed out before a credential change: member
 * sessions (and with them the hosted sign-in cookies and refresh tokens), unspent one-time session
 * tokens, unspent authorization codes and the redirect sessions that would mint one, and recovery
 * links. Runs in the caller's transaction, so the change and the revocation commit together.
 * Returns how many member sessions ended.
 */
export async function revokeMemberAccess(tx: Queryable, ctx: AppContext, r: RevokeMemberAccess): Promise<number> {
  const at = new Date(r.now);
  const sessions = await ctx.tokens.revokeMemberSessions(tx, r.siteId, r.memberId, {
    exceptSessionId: r.exceptSessionId,
    reason: r.reason,
  });
  await revokeSessionTokens(tx, r.siteId, r.memberId, r.now);
  await tx.query('update recovery_tokens set used_at = $3 where site_id = $1 and member_id = $2 and used_at is null', [
    r.siteId,
    r.memberId,
    at,
  ]);
  // Both live at most minutes: the expiry condition lets the expiry indexes find them.
  await tx.query(
    'update authorization_codes set used_at = $3 where expires_at > $3 and site_id = $1 and member_id = $2 and used_at is null',
    [r.siteId, r.memberId, at],
  );
  await tx.query(
    `update redirect_sessions set used_at = $3 where expires_at > $3 and site_id = $1 and member_id = $2 and used_at is null and intent <> 'logout'`,
    [r.siteId, r.memberId, at],
  );
  return sessions;
}
