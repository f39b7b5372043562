import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import {
  findMemberByEmail,
  setApproval,
  emitMemberTransition,
  adminMemberView,
  parseMemberQuery,
  searchMembers,
} from '../members/index.js';
import { mailIfApproved } from '../mail/approval-mail.js';
import { revokeSessionTokens } from '../sessions/session-tokens.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, requireAdminFor } from '../owners/admin-access.js';
import type { ListMembersQuery, SiteEmailBody } from './schemas.js';

/**
 * Admin member management (docs/design.md §3): list, approve, block. The server's admin key may act on
 * any site; a site API key only on its own; a console owner with the members role (owners/admin-access.ts).
 */
export { requireAdminFor };

/** GET /_admin/v1/members?siteId=&status=&search=&sort=createdDate|email|updatedDate&order=asc|desc&limit=&offset= */
export async function listMembersHandler(ctx: AppContext, request: FastifyRequest, query: ListMembersQuery) {
  const siteId = await requireAdminFor(ctx, request, query.siteId, CONSOLE_ROLES.members);
  return searchMembers(ctx.db, siteId, parseMemberQuery(query));
}

/** POST /_admin/v1/members/approve|block {siteId, email} */
export async function setApprovalHandler(
  ctx: AppContext,
  request: FastifyRequest,
  input: SiteEmailBody,
  action: 'approve' | 'block',
) {
  const { siteId, identity } = await adminAccess(ctx, request, input.siteId, CONSOLE_ROLES.members);
  if (typeof input.email !== 'string' || !input.email || input.email.length > 254)
    throw invalidField('email', 'is required', 'REQUIRED');
  const email = input.email;
  const member = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const before = await findMemberByEmail(tx, siteId, email);
    const updated = await setApproval(tx, siteId, email, action, now);
    if (!updated) throw appError('MEMBER_NOT_FOUND', { description: 'No member with this email' });
    if (action === 'block') {
      // Blocking ends every session now: refresh tokens stop working and unspent session tokens die.
      await ctx.tokens.revokeMemberSessions(tx, siteId, updated.id, { reason: 'blocked' });
      await revokeSessionTokens(tx, siteId, updated.id, now);
    }
    await emitMemberTransition(tx, before, updated, identity, now);
    await mailIfApproved(ctx, tx, before, updated, now);
    return updated;
  });
  return { member: adminMemberView(member) };
}
