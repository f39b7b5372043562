import { createHmac, randomInt } from 'node:crypto';
import { hashLookupSecret, verifyLookupSecret, safeEqual } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';

/**
 * Recovery codes: 10 per set, 10 characters of a 31-letter alphabet (no i, l, o, 0, 1), so 49.5 bits
 * each, shown as `xxxxx-xxxxx`; each good once, and a new set retires the old. Stored as argon2id with a
 * random salt (security/lookup-secrets.ts; audit S-11, ASVS 6.5.2: under 112 bits a lookup secret needs a
 * salted password hash), never in clear. Guessing them online is bounded by the second step's limits,
 * the lock after 100 wrong answers in a row included (lockout.ts).
 *
 * What argon2id hashes is the code's HMAC-SHA256 keyed with `siteId:memberId`: that is what rows made
 * before S-11 stored on its own (`code_hash`), so those rows are wrapped in argon2id without knowing
 * their codes (recovery-code-upgrade.ts) and every row is then checked the same way.
 */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** The pre-S-11 stored form of a code, and what argon2id hashes now. */
export const codeHmac = (siteId: string, memberId: string, code: string): Buffer =>
  createHmac('sha256', Buffer.from(`${siteId}:${memberId}`))
    .update(normalize(code), 'utf8')
    .digest();
export const hmacText = (hmac: Uint8Array) => Buffer.from(hmac).toString('base64url');

function newCode(): string {
  const chars = Array.from(
    { length: RECOVERY_CODE_LENGTH },
    () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
  ).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set: the codes to show once and their argon2id strings to store. */
export interface RecoveryCodeSet {
  codes: string[];
  digests: string[];
}

/** Hashed before any transaction opens, so no transaction waits on argon2id. */
export async function newRecoveryCodeSet(siteId: string, memberId: string): Promise<RecoveryCodeSet> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const digests = await Promise.all(codes.map((c) => hashLookupSecret(hmacText(codeHmac(siteId, memberId, c)))));
  return { codes, digests };
}

/** A set made ahead of the transaction when the member has no live code (a first factor gets one). */
export async function recoveryCodesIfNone(
  db: Queryable,
  siteId: string,
  memberId: string,
): Promise<RecoveryCodeSet | undefined> {
  return (await liveRecoveryCodeCount(db, siteId, memberId)) === 0 ? newRecoveryCodeSet(siteId, memberId) : undefined;
}

/** Stores a set (the old one dies); returns the codes, which are shown once. */
export async function replaceRecoveryCodes(
  tx: Queryable,
  siteId: string,
  memberId: string,
  now: number,
  set: RecoveryCodeSet,
): Promise<string[]> {
  await deleteRecoveryCodes(tx, siteId, memberId);
  for (const digest of set.digests) {
    await tx.query(
      'insert into mfa_recovery_codes (site_id, member_id, code_digest, created_at) values ($1, $2, $3, $4)',
      [siteId, memberId, digest, new Date(now)],
    );
  }
  return set.codes;
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

interface CodeRow {
  id: string;
  code_hash: Uint8Array | null;
  code_digest: string | null;
  used_at: Date | string | null;
}

/**
 * The id of the member's unspent code `code` is, or undefined. Every stored code of the member is
 * checked, spent ones too, and all of them each time: the answer takes the same time whichever code
 * (if any) matches and however many are left. Runs outside the step's transaction (argon2id).
 */
export async function matchRecoveryCode(
  db: Queryable,
  siteId: string,
  memberId: string,
  code: unknown,
): Promise<string | undefined> {
  if (typeof code !== 'string' || normalize(code).length !== RECOVERY_CODE_LENGTH) return undefined;
  const { rows } = await db.query<CodeRow>(
    'select id, code_hash, code_digest, used_at from mfa_recovery_codes where site_id = $1 and member_id = $2',
    [siteId, memberId],
  );
  const hmac = codeHmac(siteId, memberId, code);
  const matches = await Promise.all(
    rows.map((r) =>
      r.code_digest
        ? verifyLookupSecret(r.code_digest, hmacText(hmac))
        : // A row from before S-11 that the upgrade has not wrapped yet.
          Promise.resolve(r.code_hash !== null && safeEqual(Buffer.from(r.code_hash), hmac)),
    ),
  );
  return rows.find((r, i) => matches[i] && r.used_at === null)?.id;
}

/** Spends the matched code: the conditional update is the single point of use, so a code cannot work twice. */
export async function spendRecoveryCode(
  tx: Queryable,
  siteId: string,
  codeId: string | undefined,
  now: number,
): Promise<boolean> {
  if (!codeId) return false;
  const { rowCount } = await tx.query(
    'update mfa_recovery_codes set used_at = $3 where site_id = $1 and id = $2 and used_at is null',
    [siteId, codeId, new Date(now)],
  );
  return rowCount === 1;
}
