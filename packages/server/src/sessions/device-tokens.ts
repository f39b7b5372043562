import { randomToken, sha256 } from '../security/index.js';
import type { Queryable } from '../store/types.js';

/**
 * "Remember this device": a 256-bit token handed back in `additionalData.deviceToken.strValue` and sent
 * again in `clientMetaData.deviceToken`; only its SHA-256 is kept. 30 days. Every way of ending a
 * member's sessions (password change and reset, sign-out everywhere, blocking) and removing a factor
 * voids them all.
 */
export const DEVICE_TOKEN_DAYS = 30;

export async function issueDeviceToken(tx: Queryable, siteId: string, memberId: string, now: number): Promise<string> {
  const token = randomToken();
  await tx.query(
    'insert into mfa_device_tokens (token_hash, site_id, member_id, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [sha256(token), siteId, memberId, new Date(now), new Date(now + DEVICE_TOKEN_DAYS * 86_400_000)],
  );
  return token;
}

export async function isRememberedDevice(
  db: Queryable,
  siteId: string,
  memberId: string,
  token: unknown,
  now: number,
): Promise<boolean> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return false;
  const { rows } = await db.query(
    'select 1 from mfa_device_tokens where token_hash = $1 and site_id = $2 and member_id = $3 and revoked_at is null and expires_at > $4',
    [sha256(token), siteId, memberId, new Date(now)],
  );
  return rows.length === 1;
}

export async function voidDeviceTokens(tx: Queryable, siteId: string, memberId: string): Promise<void> {
  await tx.query(
    'update mfa_device_tokens set revoked_at = now() where site_id = $1 and member_id = $2 and revoked_at is null',
    [siteId, memberId],
  );
}
