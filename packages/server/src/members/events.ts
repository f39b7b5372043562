import type { Queryable } from '../store/types.js';
import { emitEvent, emitEvents } from '../webhooks/emit.js';
import type { WebhookEventType, WebhookIdentity } from '../webhooks/events.js';
import { findMemberById, markEmailVerified, type Member } from './store.js';
import { adminMemberView } from './view.js';

/*
 * Member events: webhooks receive the member as the admin API shows it (view.ts), so the webhook
 * outbox knows nothing of members and members depend on it, not the other way round.
 */

/** A member event whose data is the member as it stands in `tx` (after the change). */
export async function emitMemberEvent(
  tx: Queryable,
  event: {
    siteId: string;
    memberId: string;
    type: WebhookEventType;
    identity?: WebhookIdentity;
    now: number;
    member?: Member;
  },
): Promise<void> {
  const member = event.member ?? (await findMemberById(tx, event.siteId, event.memberId));
  if (!member) return;
  await emitEvent(tx, {
    siteId: event.siteId,
    type: event.type,
    identity: event.identity ?? { identityType: 'MEMBER', memberId: member.id },
    data: adminMemberView(member),
    now: event.now,
  });
}

/**
 * The events a change of a member's state gives, from the member before and after it: approved,
 * blocked, unblocked, email verified. Flows that change several things at once call this once.
 */
export async function emitMemberTransition(
  tx: Queryable,
  before: Member | undefined,
  after: Member,
  identity: WebhookIdentity,
  now: number,
): Promise<void> {
  const types: WebhookEventType[] = [];
  if (before && !before.approved && after.approved) types.push('member.approved');
  if (before?.status !== 'BLOCKED' && after.status === 'BLOCKED') types.push('member.blocked');
  if (before?.status === 'BLOCKED' && after.status !== 'BLOCKED') types.push('member.unblocked');
  if (before && !before.emailVerified && after.emailVerified) types.push('member.email_verified');
  const data = adminMemberView(after);
  await emitEvents(
    tx,
    after.siteId,
    now,
    types.map((type) => ({ type, identity, data })),
  );
}

/** Marks the member's email verified and, when this call changed it, emits `member.email_verified`. */
export async function verifyMemberEmail(tx: Queryable, siteId: string, memberId: string, now: number): Promise<void> {
  const member = await markEmailVerified(tx, siteId, memberId, now);
  if (member) await emitMemberEvent(tx, { siteId, memberId, member, type: 'member.email_verified', now });
}
