import type { AuthEventLog } from '../security/auth-events.js';
import type { Queryable } from '../store/types.js';
import { endSessionRow } from './sessions.js';

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
