import { randomInt } from 'node:crypto';
import { hashCode } from '../../security/secrets.js';
import type { Queryable } from '../../store/types.js';

/**
 * Recovery codes: 10 per set, 10 characters of a 32-letter alphabet (50 bits) shown as `xxxxx-xxxxx`,
 * stored as HMAC-SHA256 under the member's id (never in clear), each good once. A new set retires the old.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashFor = (siteId: string, memberId: string, code: string) =>
  hashCode(normalize(code), Buffer.from(`${siteId}:${memberId}`));

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set (the old one dies); the codes are returned once and only their hashes are kept. */
export async function replaceRecoveryCodes(
  tx: Queryable,
  siteId: string,
  memberId: string,
  now: number,
): Promise<string[]> {
  await deleteRecoveryCodes(tx, siteId, memberId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  for (const code of codes) {
    await tx.query(
      'insert into mfa_recovery_codes (site_id, member_id, code_hash, created_at) values ($1, $2, $3, $4)',
      [siteId, memberId, hashFor(siteId, memberId, code), new Date(now)],
    );
  }
  return codes;
}

export async function deleteRecoveryCodes(tx: Queryable, siteId: string, memberId: string): Promise<void> {
  await tx.query('delete from mfa_recovery_codes where site_id = $1 and member_id = $2', [siteId, memberId]);
}

export async function liveRecoveryCodeCount(db: Queryable, siteId: string, memberId: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'select count(*) as n from mfa_recovery_codes where site_id = $1 and member_id = $2 and used_at is null',
    [siteId, memberId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Spends a code: the conditional update is the single point of use, so a code cannot work twice. */
export async function useRecoveryCode(
  tx: Queryable,
  siteId: string,
  memberId: string,
  code: unknown,
  now: number,
): Promise<boolean> {
  if (typeof code !== 'string' || normalize(code).length !== 10) return false;
  const { rowCount } = await tx.query(
    'update mfa_recovery_codes set used_at = $4 where site_id = $1 and member_id = $2 and code_hash = $3 and used_at is null',
    [siteId, memberId, hashFor(siteId, memberId, code), new Date(now)],
  );
  return rowCount === 1;
}
