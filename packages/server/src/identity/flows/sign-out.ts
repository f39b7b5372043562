/** Sign-out of the caller's member session (the route checks where it may redirect). */
import type { Caller } from '../../http/caller.js';
import { signOutSessions } from '../../oauth/session-end.js';
import type { IdentityDeps } from '../common.js';
import type { CallOrigin } from '../flow.js';

/**
 * Ends the caller's member session (GET /_api/iam/authentication/v1/logout; the route checks where it
 * may redirect afterwards). Anyone else is already signed out: logging out twice is still logged out.
 */
export async function signOut(deps: IdentityDeps, scope: CallOrigin & { caller: Caller }): Promise<void> {
  const { caller, ip } = scope;
  if (caller.kind !== 'member') return;
  await deps.ctx.db.transaction((tx) =>
    signOutSessions(deps.ctx, tx, {
      siteId: caller.siteId,
      clientId: caller.clientId,
      sessionIds: [caller.sessionId],
      ip,
      via: 'logout-endpoint',
    }),
  );
}
