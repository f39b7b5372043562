import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { requireAdminFor } from '../owners/admin-access.js';

/** GET /_admin/v1/auth-events?siteId=&memberId=&type=&limit=&before= — newest first (the console's audit log). */
export async function listAuthEventsHandler(ctx: AppContext, request: FastifyRequest, query: Record<string, unknown>) {
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.auditLog);
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw invalidField('limit', 'must be an integer from 1 to 1000');
  const before = query.before === undefined ? undefined : new Date(String(query.before));
  if (before && Number.isNaN(before.getTime())) throw invalidField('before', 'must be an ISO 8601 date-time');
  const text = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 100) : undefined);
  const events = await ctx.authEvents.list(siteId, {
    limit,
    ...(before ? { before } : {}),
    ...(text(query.memberId) ? { memberId: text(query.memberId)! } : {}),
    ...(text(query.type) ? { type: text(query.type)! } : {}),
  });
  return { events };
}
