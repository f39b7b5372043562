/** Sign-out of the caller's member session (the route checks where it may redirect). */
import type { Caller } from '../../http/caller.js';
import { endSession } from '../../oauth/session-end.js';
import type { IdentityDeps } from '../common.js';
import { emitMemberEvent } from '../../members/events.js';
import type { CallOrigin } from '../flow.js';

/**
 * Ends the caller's member session (GET /_api/iam/authentication/v1/logout; the route checks where it
 * may redirect afterwards). Anyone else is already signed out: logging out twice is still logged out.
 */
export async function signOut(deps: IdentityDeps, scope: CallOrigin & { caller: Caller }): Promise<void> {
  const { caller, ip } = scope;
  if (caller.kind !== 'member') return;
  await deps.ctx.db.transaction(async (tx) => {
    const ended = await endSession(deps.ctx.authEvents, tx, {
      siteId: caller.siteId,
      sessionId: caller.sessionId,
      reason: 'logout',
      ip,
    });
    if (!ended) return;
    await deps.ctx.authEvents.record(
      {
        type: 'sign_out',
        outcome: 'success',
        siteId: caller.siteId,
        memberId: ended.memberId,
        clientId: caller.clientId,
        ip,
        detail: { via: 'logout-endpoint' },
      },
      tx,
    );
    await emitMemberEvent(tx, {
      siteId: caller.siteId,
      memberId: ended.memberId,
      type: 'member.signed_out',
      now: deps.ctx.now(),
    });
  });
}
