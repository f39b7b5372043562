import { appError } from '../../errors/catalogue.js';
import { invalidField } from '../../errors/wire.js';
import { emitMemberEvent, findMemberById } from '../../members/index.js';
import type { IdentityDeps } from '../common.js';
import type { MemberScope } from '../flow.js';
import { revokeMemberAccess } from '../member-access.js';
import { decideTransaction, findMemberTransaction, pendingTransactions, type PushTransaction } from './push.js';

/**
 * The approving side of push approval (issue #32): any live session of the member (the storefront's
 * Account area, an SDK client) lists the sign-ins waiting for approval and answers one. Approving needs
 * the number the waiting page shows, picked from three; a wrong pick denies the sign-in. Every answer is
 * audited (`push_approval`); a denial offers to secure the account (`secureAccount`).
 */
const wireTransaction = (t: PushTransaction) => ({
  transactionId: t.id,
  ...(t.browser ? { browser: t.browser } : {}),
  ...(t.place ? { place: t.place } : {}),
  createdDate: t.createdAt.toISOString(),
  expiresDate: t.expiresAt.toISOString(),
  numberChoices: t.choices,
});

async function memberOf(deps: IdentityDeps, scope: MemberScope) {
  const member = await findMemberById(deps.ctx.db, scope.caller.siteId, scope.caller.memberId);
  if (!member || member.status === 'BLOCKED') throw appError('UNAUTHORIZED');
  return member;
}

/** GET /_api/iam/mfa/v1/push/transactions → {transactions: [{transactionId, browser, place, createdDate, expiresDate, numberChoices}]} */
export async function listPendingApprovals(deps: IdentityDeps, scope: MemberScope) {
  const { ctx } = deps;
  const member = await memberOf(deps, scope);
  const pending = await pendingTransactions(ctx.db, scope.caller.siteId, member.id, ctx.now());
  return { transactions: pending.map(wireTransaction) };
}

/**
 * POST /_api/iam/mfa/v1/push/transactions/{id}/approve {number} or …/deny: the answer. The wrong
 * number is a denial (someone else is signing in and guessed). → {status: APPROVED | DENIED, secureAccount?}
 */
export async function answerApproval(
  deps: IdentityDeps,
  scope: MemberScope,
  transactionId: string,
  answer: { approve: true; number: unknown } | { approve: false },
) {
  const { ctx } = deps;
  const { siteId } = scope.caller;
  const member = await memberOf(deps, scope);
  if (answer.approve && (typeof answer.number !== 'number' || !Number.isInteger(answer.number)))
    throw invalidField('number', 'must be the number shown on the page that is signing in', 'REQUIRED');
  const limited = await deps.limiter.hit(`push-answer:${siteId}:${member.id}`, { limit: 30, windowSeconds: 900 });
  if (!limited.allowed) throw appError('PUSH_ANSWERED');
  const now = ctx.now();
  const t = await findMemberTransaction(ctx.db, siteId, member.id, transactionId, now);
  if (!t) throw appError('PUSH_ANSWERED');
  const matched = answer.approve && answer.number === t.matchNumber;
  const reason = !answer.approve ? 'denied' : matched ? undefined : 'wrong_number';
  const decided = await ctx.db.transaction(async (tx) => {
    const ok = await decideTransaction(
      tx,
      siteId,
      member.id,
      t.id,
      reason ? { status: 'DENIED', reason } : { status: 'APPROVED' },
      now,
    );
    if (!ok) return false;
    await ctx.authEvents.record(
      {
        type: 'push_approval',
        outcome: reason ? 'refused' : 'success',
        siteId,
        memberId: member.id,
        clientId: scope.caller.clientId,
        ip: scope.ip,
        detail: {
          decision: reason ? 'denied' : 'approved',
          ...(reason ? { reason } : {}),
          browser: t.browser ?? undefined,
        },
      },
      tx,
    );
    return true;
  });
  if (!decided) throw appError('PUSH_ANSWERED');
  if (!reason) return { status: 'APPROVED' as const };
  return { status: 'DENIED' as const, reason, secureAccount: { endOtherSessions: true, changePassword: true } };
}

/**
 * POST /_api/iam/mfa/v1/push/secure-account, offered after a denial: ends every other session of the
 * member, any sign-in still in its second step, and remembered devices. Changing the password is the
 * member's next step (their password is what the other sign-in had).
 */
export async function secureAccount(deps: IdentityDeps, scope: MemberScope) {
  const { ctx } = deps;
  const { siteId } = scope.caller;
  const member = await memberOf(deps, scope);
  const ended = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const sessions = await revokeMemberAccess(tx, ctx, {
      siteId,
      memberId: member.id,
      exceptSessionId: scope.caller.sessionId,
      reason: 'push-denied',
      now,
    });
    await tx.query(
      'update mfa_challenges set consumed_at = $3 where site_id = $1 and member_id = $2 and consumed_at is null',
      [siteId, member.id, new Date(now)],
    );
    await ctx.authEvents.record(
      {
        type: 'session_revoked',
        outcome: 'success',
        siteId,
        memberId: member.id,
        clientId: scope.caller.clientId,
        ip: scope.ip,
        detail: { reason: 'push-denied', sessions },
      },
      tx,
    );
    await emitMemberEvent(tx, { siteId, memberId: member.id, type: 'member.signed_out', now });
    return sessions;
  });
  return { endedSessions: ended };
}
