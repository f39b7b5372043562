import type { Member } from './store.js';
import { revokeMemberSessions } from '../sessions/member-sessions.js';
import { revokeSessionTokens } from '../sessions/session-tokens.js';
import type { Queryable } from '../store/types.js';
import { emitEvent } from '../webhooks/emit.js';
import type { WebhookIdentity } from '../webhooks/events.js';

/**
 * Deleting a member (the console's **Delete member**, member-admin/deletion.ts; the member's own, on the
 * account page): one transaction ends every session and removes the member's personal data — the member
 * row (email, profile, password hash), sessions, tokens, codes, factors, SSO links and their mail in the
 * outbox. Their items stay, owned by nobody. The audit log keeps its entries (append-only, pruned after
 * 180 days). `member.deleted` goes out through the outbox with the member's id only: no personal data
 * outlives the deletion in a webhook body.
 */
const BY_MEMBER = [
  'session_tokens',
  'verifications',
  'recovery_tokens',
  'authorization_codes',
  'redirect_sessions',
  'browser_sessions',
  'mfa_factors',
  'mfa_recovery_codes',
  'mfa_challenges',
  'mfa_webauthn_challenges',
  'mfa_device_tokens',
  'mfa_failures',
  'email_changes',
  'sso_identities',
] as const;

/** When the member with this id was deleted, or undefined (never deleted, or not an id). */
export async function memberDeletedAt(q: Queryable, siteId: string, id: string): Promise<Date | undefined> {
  const { rows } = await q.query<{ deleted_at: Date | string }>(
    'select deleted_at from deleted_members where site_id = $1 and member_id = $2',
    [siteId, id],
  );
  return rows[0] ? new Date(rows[0].deleted_at) : undefined;
}

export async function deleteMember(
  tx: Queryable,
  member: Member,
  identity: WebhookIdentity,
  now: number,
): Promise<{ itemsReleased: number }> {
  const { siteId, id } = member;
  // Ended first, the way block ends them (device tokens too), so nothing issued from them works again. The session
  // store's call, which ctx.tokens.revokeMemberSessions makes too: members/ names no AppContext (an import circle).
  await revokeMemberSessions(tx, siteId, id, { reason: 'deleted' });
  await revokeSessionTokens(tx, siteId, id, now);
  await tx.query(
    'delete from refresh_tokens where site_id = $1 and session_id in (select id from sessions where site_id = $1 and member_id = $2)',
    [siteId, id],
  );
  await tx.query('delete from sessions where site_id = $1 and member_id = $2', [siteId, id]);
  // The table names come from the fixed list above, never from a request.
  for (const table of BY_MEMBER)
    await tx.query(`delete from ${table} where site_id = $1 and member_id = $2`, [siteId, id]);
  await tx.query('delete from mail_outbox where site_id = $1 and lower(to_address) = $2', [
    siteId,
    member.email.toLowerCase(),
  ]);
  const released = await tx.query(
    `update data_items set owner_id = null, data = data - '_owner' where site_id = $1 and owner_id = $2`,
    [siteId, id],
  );
  await tx.query('delete from members where site_id = $1 and id = $2', [siteId, id]);
  // The id alone stays, so it answers as deleted (memberDeletedAt) rather than as never known.
  await tx.query(
    'insert into deleted_members (site_id, member_id, deleted_at) values ($1, $2, $3) on conflict do nothing',
    [siteId, id, new Date(now)],
  );
  await emitEvent(tx, {
    siteId,
    type: 'member.deleted',
    identity,
    data: { id, deletedDate: new Date(now).toISOString() },
    now,
  });
  return { itemsReleased: released.rowCount };
}
