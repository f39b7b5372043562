import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { mailLanguage } from '../i18n/index.js';
import { voidDeviceTokens } from '../sessions/device-tokens.js';
import { deleteFactor, findFactor, listFactors, factorChangedMail, deleteRecoveryCodes } from '../identity/index.js';
import { enqueueMail } from '../mail/outbox.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction } from '../owners/admin-access.js';
import { emitMemberEvent, findMemberById } from '../members/index.js';

/**
 * DELETE /_admin/v1/members/:id/factors/:factorId?siteId= (issue #32): support removes a member's second
 * factor (a lost phone, a number that changed hands). As when the member removes it: remembered devices
 * are forgotten, the last factor takes the recovery codes along, the member is mailed, and it is audited.
 */
export async function removeMemberFactorHandler(
  ctx: AppContext,
  request: FastifyRequest,
  params: { id: string; factorId: string },
) {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const access = await adminAccess(ctx, request, query.siteId, CONSOLE_ROLES.members);
  const { siteId } = access;
  const by = access.owner ? 'owner' : 'admin_key';
  const member = await findMemberById(ctx.db, siteId, params.id);
  if (!member) throw appError('MEMBER_NOT_FOUND', { description: 'No member with this id' });
  const factor = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const found = await findFactor(tx, siteId, member.id, params.factorId);
    if (!found || !(await deleteFactor(tx, siteId, found.id))) throw appError('FACTOR_NOT_FOUND');
    await voidDeviceTokens(tx, siteId, member.id);
    if (!(await listFactors(tx, siteId, member.id, true)).length) await deleteRecoveryCodes(tx, siteId, member.id);
    if (found.status === 'ACTIVE') {
      const site = ctx.sites.get(siteId)!;
      const mail = factorChangedMail(mailLanguage(site, { member }), site, {
        kind: 'removed',
        factor: found.type,
      });
      await enqueueMail(tx, { siteId, kind: 'factor-removed', to: member.email, ...mail }, now);
      await ctx.authEvents.record(
        {
          type: 'factor_removed',
          outcome: 'success',
          siteId,
          memberId: member.id,
          detail: { factorType: found.type, by },
        },
        tx,
      );
      await emitMemberEvent(tx, { siteId, memberId: member.id, type: 'member.factor_removed', now });
    }
    return found;
  });
  await recordOwnerAction(
    ctx,
    request,
    access,
    { action: 'remove-factor', factorType: factor.type },
    { memberId: member.id },
  );
  return {};
}
