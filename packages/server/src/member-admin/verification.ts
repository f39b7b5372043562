import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { findMemberById } from '../members/index.js';
import { MAX_SENDS, sendNewCode } from '../identity/index.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction } from '../owners/admin-access.js';
import type { MemberParams } from './schemas.js';

/**
 * **Resend verification** (`POST /_admin/v1/members/:id/resend-verification {siteId}`): a member stuck on
 * the code page ("no mail came") gets a new code for the challenge their page holds, exactly as the
 * page's own "send again" would, under the same limits (once a minute, five sends). A code is bound to
 * the challenge the member's sign-in started, so without a live one there is nothing to resend: the
 * member gets a fresh code when they next sign in, and the answer says so.
 */
export async function resendVerificationHandler(ctx: AppContext, request: FastifyRequest, params: MemberParams) {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const access = await adminAccess(
    ctx,
    request,
    body.siteId ?? (request.query as Record<string, unknown> | undefined)?.siteId,
    CONSOLE_ROLES.members,
  );
  const site = ctx.sites.get(access.siteId)!;
  const { id } = params;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, site.id, id, true);
    if (!member) throw appError('MEMBER_NOT_FOUND', { description: 'No member with this id' });
    if (member.emailVerified) throw appError('EMAIL_ALREADY_VERIFIED');
    if (member.status === 'BLOCKED')
      throw appError('MEMBER_BLOCKED', {
        description: 'A blocked member gets no verification mail; unblock them first',
        status: 400,
      });
    const { rows } = await tx.query<{ id: string; last_sent_at: Date | string; sends: number }>(
      `select id, last_sent_at, sends from verifications where site_id = $1 and member_id = $2 and consumed_at is null and expires_at > $3
       order by created_at desc limit 1 for update`,
      [site.id, member.id, new Date(now)],
    );
    const live = rows[0];
    if (!live || Number(live.sends) >= MAX_SENDS) {
      throw appError('NO_VERIFICATION_WAITING');
    }
    await sendNewCode(tx, site, member, live, now);
  });
  await recordOwnerAction(ctx, request, access, { action: 'resend_verification' }, { memberId: id });
  return { sent: true };
}
