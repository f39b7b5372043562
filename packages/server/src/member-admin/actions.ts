import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import {
  adminMemberView,
  changeMemberAccess,
  endMemberSessions,
  findMemberById,
  type Member,
} from '../members/index.js';
import { mailIfApproved } from '../mail/approval-mail.js';
import { createRecoveryMail, secondFactorLockState, unlockSecondFactor } from '../identity/index.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { MEMBER_PAGE_ACTIONS } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import type { WebhookIdentity } from '../webhooks/events.js';
import { adminAccess, recordOwnerAction } from '../owners/admin-access.js';
import { lastSignIn, memberSessions, signInMethods } from './details.js';
import type { MemberParams } from './schemas.js';

/**
 * The console's member page: one member by id, and the actions on it. Each takes effect at once on
 * every instance (the session check reads the database); an owner's action goes to the audit log.
 */
export type MemberAction = (typeof MEMBER_PAGE_ACTIONS)[number];
/** The audit log's names for them are these very names (security/audit-names.ts holds the one list). */
export const MEMBER_ACTIONS: readonly MemberAction[] = MEMBER_PAGE_ACTIONS;

const fields = (request: FastifyRequest) => ({
  ...((request.query ?? {}) as Record<string, unknown>),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>),
});

async function memberOr404(q: Queryable, siteId: string, id: unknown, forUpdate = false): Promise<Member> {
  const member = await findMemberById(q, siteId, id, forUpdate);
  if (!member) throw appError('MEMBER_NOT_FOUND', { description: 'No member with this id' });
  return member;
}

/** GET /_admin/v1/members/:id?siteId= → the member, their profile, last sign-in, open sessions and sign-in methods. */
export async function getMemberHandler(ctx: AppContext, request: FastifyRequest, params: MemberParams) {
  const input = fields(request);
  const { siteId } = await adminAccess(ctx, request, input.siteId, CONSOLE_ROLES.members);
  const member = await memberOr404(ctx.db, siteId, params.id);
  await ctx.authEvents.flush();
  const [sessions, signIn, methods, lock] = await Promise.all([
    memberSessions(ctx.db, siteId, member.id, ctx.now()),
    lastSignIn(ctx.db, siteId, member.id),
    signInMethods(ctx, siteId, member),
    secondFactorLockState(ctx.db, siteId, member.id),
  ]);
  return {
    member: { ...adminMemberView(member), profile: member.profile, lastSignInDate: signIn?.date },
    sessions,
    signInMethods: { ...methods, secondFactorLock: lock },
  };
}

/** POST /_admin/v1/members/:id/<action> {siteId} */
export async function memberActionHandler(
  ctx: AppContext,
  request: FastifyRequest,
  params: MemberParams,
  action: MemberAction,
) {
  const input = fields(request);
  const access = await adminAccess(ctx, request, input.siteId, CONSOLE_ROLES.members);
  const { siteId } = access;
  const { id } = params;
  const { identity } = access;
  const member = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const target = await memberOr404(tx, siteId, id, true);
    const after = await applyAction(ctx, tx, action, target, now, {
      identity,
      by: access.owner ? 'owner' : 'admin_key',
    });
    await mailIfApproved(ctx, tx, target, after, now);
    return after;
  });
  await recordOwnerAction(ctx, request, access, { action }, { memberId: member.id });
  return { member: adminMemberView(member) };
}

async function applyAction(
  ctx: AppContext,
  tx: Queryable,
  action: MemberAction,
  target: Member,
  now: number,
  { identity, by }: { identity: WebhookIdentity; by: 'owner' | 'admin_key' },
): Promise<Member> {
  const { siteId } = target;
  switch (action) {
    case 'approve':
    case 'block':
    case 'unblock':
      // One path with the Members API's approveMember/blockMember: the change, ended sessions, webhooks.
      return changeMemberAccess(tx, target, action, identity, now);
    case 'end-sessions':
      await endMemberSessions(tx, siteId, target.id, 'admin', now);
      return target;
    case 'unlock-second-factor':
      // Audit S-5: the owner ends a lock that wrong second-step answers caused (and the count below it).
      if (await unlockSecondFactor(tx, siteId, target.id))
        await ctx.authEvents.record(
          {
            type: 'lockout',
            outcome: 'success',
            siteId,
            memberId: target.id,
            email: target.email,
            detail: { scope: 'second_factor', ended: true, by },
          },
          tx,
        );
      return target;
    case 'send-password-reset':
      if (target.status === 'BLOCKED')
        throw appError('MEMBER_BLOCKED', {
          description: 'A blocked member gets no reset mail; unblock them first',
          status: 400,
        });
      await createRecoveryMail(tx, ctx, {
        site: ctx.sites.get(siteId)!,
        member: target,
        purpose: 'reset',
        redirect: undefined,
      });
      return target;
  }
}
