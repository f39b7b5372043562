import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { deleteMember, findMemberById } from '../members/index.js';
import type { MemberParams } from './schemas.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction } from '../owners/admin-access.js';

/**
 * DELETE /_admin/v1/members/:id?siteId= (the console's **Delete member**): the deletion itself is
 * members/deletion.ts; here the caller's access, and the owner action recorded once it is done.
 */
export async function deleteMemberHandler(ctx: AppContext, request: FastifyRequest, params: MemberParams) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const access = await adminAccess(ctx, request, body.siteId ?? query.siteId, CONSOLE_ROLES.members);
  const { identity } = access;
  const { id } = params;
  const result = await ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, access.siteId, id, true);
    if (!member) throw appError('MEMBER_NOT_FOUND', { description: 'No member with this id' });
    return deleteMember(tx, member, identity, ctx.now());
  });
  await recordOwnerAction(ctx, request, access, { action: 'delete_member' }, { memberId: id });
  return { deleted: true, itemsReleased: result.itemsReleased };
}
