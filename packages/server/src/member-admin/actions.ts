import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { findMemberById, setApproval, type Member, adminMemberView, emitMemberTransition } from '../members/index.js';
import { createRecoveryMail, secondFactorLockState, unlockSecondFactor } from '../identity/index.js';
import { revokeSessionTokens } from '../sessions/session-tokens.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import type { Queryable } from '../store/types.js';
import { adminAccess, recordOwnerAction } from '../owners/admin-access.js';
import { mailIfApproved } from './approval-mail.js';
import { lastSignIn, memberSessions, signInMethods } from './details.js';
import type { MemberParams } from './schemas.js';

/**
 * The console's member page: one member by id, and the actions on it. Each takes effect at once on
 * every instance (the session check reads the database); an owner's action goes to the audit log.
 */
export type MemberAction =
  'approve' | 'block' | 'unblock' | 'end-sessions' | 'send-password-reset' | 'unlock-second-factor';
export const MEMBER_ACTIONS: readonly MemberAction[] = [
  'approve',
  'block',
  'unblock',
  'end-sessions',
  'send-password-reset',
  'unlock-second-factor',
];

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
    const after = await applyAction(ctx, tx, action, siteId, target, now, access.owner ? 'owner' : 'admin_key');
    await emitMemberTransition(tx, target, after, identity, now);
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
  siteId: string,
  target: Member,
  now: number,
  by: 'owner' | 'admin_key',
): Promise<Member> {
  switch (action) {
    case 'approve':
      return (await setApproval(tx, siteId, target.email, 'approve', now))!;
    case 'block': {
      const blocked = (await setApproval(tx, siteId, target.email, 'block', now))!;
      await endSessions(ctx, tx, siteId, target.id, 'blocked', now);
      return blocked;
    }
    case 'unblock':
      // Back to where the owner's approval left them: active when approved, else waiting.
      await tx.query(
        `update members set status = case when approved then 'ACTIVE' else 'PENDING' end, revision = revision + 1, updated_at = $3
         where site_id = $1 and id = $2 and status = 'BLOCKED'`,
        [siteId, target.id, new Date(now)],
      );
      return memberOr404(tx, siteId, target.id);
    case 'end-sessions':
      await endSessions(ctx, tx, siteId, target.id, 'admin', now);
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

// Refresh tokens stop working and unspent session tokens die; access tokens fail their session check.
async function endSessions(
  ctx: AppContext,
  tx: Queryable,
  siteId: string,
  memberId: string,
  reason: string,
  now: number,
): Promise<void> {
  await ctx.tokens.revokeMemberSessions(tx, siteId, memberId, { reason });
  await revokeSessionTokens(tx, siteId, memberId, now);
}
