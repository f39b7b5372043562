import type { Queryable } from '../store/types.js';
import { revokeMemberSessions } from '../sessions/member-sessions.js';
import { revokeSessionTokens } from '../sessions/session-tokens.js';
import type { WebhookIdentity } from '../webhooks/events.js';
import { emitMemberTransition } from './events.js';
import { findMemberById, setApproval, type Member } from './store.js';

/**
 * An owner's decisions on a member's access, one path for the console (member-admin/actions.ts) and the
 * Members API (`approveMember`, `blockMember`: identity/members-api/): the change, the sessions a block ends,
 * and the webhooks of the transition, in the caller's transaction.
 */
export type AccessAction = 'approve' | 'block' | 'unblock';

export async function changeMemberAccess(
  tx: Queryable,
  target: Member,
  action: AccessAction,
  identity: WebhookIdentity,
  now: number,
): Promise<Member> {
  const { siteId } = target;
  let after: Member;
  switch (action) {
    case 'approve':
      after = (await setApproval(tx, siteId, target.email, 'approve', now))!;
      break;
    case 'block':
      after = (await setApproval(tx, siteId, target.email, 'block', now))!;
      await endMemberSessions(tx, siteId, target.id, 'blocked', now);
      break;
    case 'unblock':
      // Back to where the owner's approval left them: active when approved, else waiting.
      await tx.query(
        `update members set status = case when approved then 'ACTIVE' else 'PENDING' end, revision = revision + 1, updated_at = $3
         where site_id = $1 and id = $2 and status = 'BLOCKED'`,
        [siteId, target.id, new Date(now)],
      );
      after = (await findMemberById(tx, siteId, target.id))!;
      break;
  }
  await emitMemberTransition(tx, target, after, identity, now);
  return after;
}

/** Refresh tokens stop working and unspent session tokens die; access tokens fail their session check. */
export async function endMemberSessions(
  tx: Queryable,
  siteId: string,
  memberId: string,
  reason: string,
  now: number,
): Promise<void> {
  await revokeMemberSessions(tx, siteId, memberId, { reason });
  await revokeSessionTokens(tx, siteId, memberId, now);
}
