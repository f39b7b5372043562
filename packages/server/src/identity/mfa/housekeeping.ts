import type { Queryable } from '../../store/types.js';

/** Part of the identity sweep (housekeeping.ts): second steps, passkey challenges and device tokens past use, kept a day for support questions. */
export async function sweepMfa(db: Queryable, before: Date): Promise<void> {
  await db.query('delete from mfa_challenges where expires_at < $1', [before]);
  await db.query('delete from mfa_webauthn_challenges where expires_at < $1', [before]);
  await db.query('delete from mfa_phone_codes where expires_at < $1', [before]);
  await db.query('delete from mfa_push_transactions where expires_at < $1', [before]);
  await db.query('delete from mfa_device_tokens where expires_at < $1 or revoked_at < $1', [before]);
}
