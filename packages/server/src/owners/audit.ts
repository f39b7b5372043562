import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { OwnerActionName } from '../security/index.js';
import { currentOwner, isOwnerRequest, recordOwnerEvent } from './access.js';

/**
 * An `owner_action` audit entry for a change made from the console (owner session), after the change
 * succeeded; key callers are audited as key uses already. For handlers that learn the site only, not
 * the owner (the webhooks admin API).
 */
export async function auditOwnerAction(
  ctx: AppContext,
  request: FastifyRequest,
  siteId: string,
  action: OwnerActionName,
  detail: Record<string, string | number | boolean | undefined> = {},
): Promise<void> {
  if (!isOwnerRequest(ctx, request)) return;
  const { owner } = await currentOwner(ctx, request);
  await recordOwnerEvent(ctx, request, {
    type: 'owner_action',
    outcome: 'success',
    email: owner.email,
    owner,
    siteId,
    detail: { action, ...detail },
  });
}
