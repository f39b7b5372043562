import { emitMemberEvent } from '../members/index.js';
import type { AuthEventLog } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { endSessionRow } from '../sessions/member-sessions.js';

/**
 * Why a session ended, as stored in `sessions.revoked_reason` and the `session_revoked` event. `replaced`:
 * a hosted browser session whose browser signed in again (sign-in/browser-session.ts).
 */
export type EndReason = 'logout' | 'idle' | 'refresh-token-reuse' | 'authorization-code-replay' | 'replaced';

export interface EndSession {
  siteId: string;
  sessionId: string;
  reason: EndReason;
  ip?: string | undefined;
}

/**
 * Ends one member session and records `session_revoked` in the same transaction. Returns the member
 * and client it belonged to, or undefined when it had already ended (then nothing is recorded twice).
 */
export async function endSession(
  events: AuthEventLog,
  tx: Queryable,
  input: EndSession,
): Promise<{ memberId: string; clientId: string } | undefined> {
  const ended = await endSessionRow(tx, input.siteId, input.sessionId, input.reason);
  if (!ended) return undefined;
  await events.record(
    {
      type: 'session_revoked',
      outcome: 'success',
      siteId: input.siteId,
      memberId: ended.memberId,
      clientId: ended.clientId,
      ip: input.ip,
      detail: { reason: input.reason, sessionId: input.sessionId },
    },
    tx,
  );
  return ended;
}

/**
 * A member signing out, wherever they asked (the logout endpoint, the hosted logout page): ends the given
 * sessions of one site (`session_revoked` each) and, when any was still live, records one `sign_out`
 * (`via` says where) and emits `member.signed_out`, all in `tx`. Signing out twice is still signed out:
 * sessions already ended record nothing. Returns the member signed out, if any.
 */
export async function signOutSessions(
  ctx: { authEvents: AuthEventLog; now: () => number },
  tx: Queryable,
  input: {
    siteId: string;
    clientId: string;
    sessionIds: (string | null | undefined)[];
    ip?: string | undefined;
    via: 'logout-endpoint' | 'logout-page';
  },
): Promise<{ memberId: string } | undefined> {
  const { siteId, ip } = input;
  let signedOut: { memberId: string } | undefined;
  for (const sessionId of new Set(input.sessionIds.filter((id): id is string => Boolean(id))))
    signedOut = (await endSession(ctx.authEvents, tx, { siteId, sessionId, reason: 'logout', ip })) ?? signedOut;
  if (!signedOut) return undefined;
  await ctx.authEvents.record(
    {
      type: 'sign_out',
      outcome: 'success',
      siteId,
      memberId: signedOut.memberId,
      clientId: input.clientId,
      ip,
      detail: { via: input.via },
    },
    tx,
  );
  await emitMemberEvent(tx, { siteId, memberId: signedOut.memberId, type: 'member.signed_out', now: ctx.now() });
  return signedOut;
}
