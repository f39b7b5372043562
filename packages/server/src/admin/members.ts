import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { httpErrors, invalidField } from '../http/errors.js';
import { parseAuthorization, resolveCaller } from '../http/resolve-caller.js';
import { listMembers, MEMBER_STATUSES, setApproval, type Member, type MemberStatus } from '../identity/members.js';
import { revokeSessionTokens } from '../identity/session-tokens.js';

/**
 * Admin member management (design.md §3): list, approve, block. The server's admin key may act on
 * any site; a site API key only on its own. Anything else is a 401 envelope.
 */
export async function requireAdminFor(ctx: AppContext, request: FastifyRequest, siteId: unknown): Promise<string> {
  const caller = await resolveCaller(request, ctx).catch(() => undefined);
  if (!caller || caller.kind !== 'admin') throw httpErrors.unauthorized('The admin key is required: Authorization: Bearer <adminKey>');
  if (typeof siteId !== 'string' || !siteId) throw invalidField('siteId', 'is required', 'REQUIRED');
  if (!ctx.sites.get(siteId)) throw httpErrors.notFound(`Unknown site "${siteId.slice(0, 100)}"`, 'UNKNOWN_SITE');
  // The server's admin key acts on every site. The key itself is checked, not the caller's key name:
  // an operator may well name a site API key "admin".
  const { token, apiKey } = parseAuthorization(request.headers.authorization);
  const isServerAdmin = ctx.apiKeys.isAdminKey(apiKey ?? token ?? '');
  if (!isServerAdmin && caller.siteId !== siteId) throw httpErrors.forbidden('This API key belongs to another site');
  return siteId;
}

export function adminMemberView(m: Member) {
  return {
    id: m.id,
    email: m.email,
    status: m.status,
    emailVerified: m.emailVerified,
    approved: m.approved,
    createdDate: m.createdAt.toISOString(),
    updatedDate: m.updatedAt.toISOString(),
  };
}

/** GET /_admin/v1/members?siteId=&status=&limit=&offset= */
export async function listMembersHandler(ctx: AppContext, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const siteId = await requireAdminFor(ctx, request, query.siteId);
  const status = query.status === undefined || query.status === '' ? undefined : String(query.status).toUpperCase();
  if (status !== undefined && !MEMBER_STATUSES.includes(status as MemberStatus)) throw invalidField('status', `must be one of ${MEMBER_STATUSES.join(', ')}`, 'INVALID_ENUM');
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidField('limit', 'must be an integer from 1 to 1000');
  if (!Number.isInteger(offset) || offset < 0) throw invalidField('offset', 'must be a non-negative integer');
  const members = await listMembers(ctx.db, siteId, { status: status as MemberStatus | undefined, limit, offset });
  return { members: members.map(adminMemberView) };
}

/** POST /_admin/v1/members/approve|block {siteId, email} */
export async function setApprovalHandler(ctx: AppContext, request: FastifyRequest, action: 'approve' | 'block') {
  const input = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const siteId = await requireAdminFor(ctx, request, input.siteId);
  if (typeof input.email !== 'string' || !input.email || input.email.length > 254) throw invalidField('email', 'is required', 'REQUIRED');
  const email = input.email;
  const member = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const updated = await setApproval(tx, siteId, email, action, now);
    if (!updated) throw httpErrors.notFound('No member with this email', 'MEMBER_NOT_FOUND');
    if (action === 'block') {
      // Blocking ends every session now: refresh tokens stop working and unspent session tokens die.
      await ctx.tokens.revokeMemberSessions(tx, siteId, updated.id, { reason: 'blocked' });
      await revokeSessionTokens(tx, siteId, updated.id, now);
    }
    return updated;
  });
  return { member: adminMemberView(member) };
}
