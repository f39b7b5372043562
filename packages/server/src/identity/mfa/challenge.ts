import { randomBytes, randomUUID } from 'node:crypto';
import { appError } from '../../errors/catalogue.js';
import { hashCode, randomCode, randomToken, safeEqual, sha256 } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import { CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS } from '../verification.js';

/**
 * The stateToken of a second step: handed out with REQUIRE_MFA, stored hashed, good for 10 minutes,
 * spent by the verification that succeeds, ended by the fifth wrong code (the email verification
 * rules of identity/verification.ts: same lifetime, attempts and code format).
 */
export const MFA_STATE_TTL_SECONDS = CODE_TTL_SECONDS;
export const MAX_MFA_ATTEMPTS = MAX_CODE_ATTEMPTS;

export interface MfaChallenge {
  id: string;
  memberId: string;
  visitorId: string | null;
  attempts: number;
  emailCodeSalt: Uint8Array | null;
  emailCodeHash: Uint8Array | null;
  emailSentAt: Date | null;
}

interface Row {
  id: string;
  member_id: string;
  visitor_id: string | null;
  attempts: number;
  email_code_salt: Uint8Array | null;
  email_code_hash: Uint8Array | null;
  email_sent_at: Date | string | null;
}

const toChallenge = (r: Row): MfaChallenge => ({
  id: r.id,
  memberId: r.member_id,
  visitorId: r.visitor_id,
  attempts: Number(r.attempts),
  emailCodeSalt: r.email_code_salt,
  emailCodeHash: r.email_code_hash,
  emailSentAt: r.email_sent_at ? new Date(r.email_sent_at) : null,
});

export const invalidStateToken = () => appError('INVALID_STATE_TOKEN');

const validToken = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 20 && value.length <= 200;

export async function startChallenge(
  tx: Queryable,
  c: { siteId: string; memberId: string; visitorId: string | undefined; now: number },
): Promise<string> {
  const stateToken = randomToken();
  await tx.query(
    `insert into mfa_challenges (site_id, id, state_token_hash, member_id, visitor_id, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      c.siteId,
      randomUUID(),
      sha256(stateToken),
      c.memberId,
      c.visitorId ?? null,
      new Date(c.now),
      new Date(c.now + MFA_STATE_TTL_SECONDS * 1000),
    ],
  );
  return stateToken;
}

/** The live step of a stateToken (unspent, unexpired, attempts left), or an INVALID_STATE_TOKEN error. */
export async function liveChallenge(
  db: Queryable,
  siteId: string,
  stateToken: unknown,
  now: number,
): Promise<MfaChallenge> {
  if (!validToken(stateToken)) throw invalidStateToken();
  const { rows } = await db.query<Row>(
    `select * from mfa_challenges where site_id = $1 and state_token_hash = $2 and consumed_at is null and expires_at > $3 and attempts < $4`,
    [siteId, sha256(stateToken), new Date(now), MAX_MFA_ATTEMPTS],
  );
  if (!rows[0]) throw invalidStateToken();
  return toChallenge(rows[0]);
}

/**
 * Counts an attempt in its own committed statement before anything is compared, so parallel guesses
 * cannot exceed the cap. Answers the attempts left after this one, or throws when none were left.
 */
export async function countAttempt(db: Queryable, siteId: string, challengeId: string, now: number): Promise<number> {
  const { rows } = await db.query<{ attempts: number }>(
    `update mfa_challenges set attempts = attempts + 1 where site_id = $1 and id = $2 and consumed_at is null and expires_at > $3 and attempts < $4 returning attempts`,
    [siteId, challengeId, new Date(now), MAX_MFA_ATTEMPTS],
  );
  if (!rows[0]) throw invalidStateToken();
  return MAX_MFA_ATTEMPTS - Number(rows[0].attempts);
}

/** Spends the step with its effect (the session token) in the caller's transaction. */
export async function consumeChallenge(
  tx: Queryable,
  siteId: string,
  challengeId: string,
  now: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    'update mfa_challenges set consumed_at = $3 where site_id = $1 and id = $2 and consumed_at is null',
    [siteId, challengeId, new Date(now)],
  );
  return rowCount === 1;
}

/** A new emailed code for the step (a resend replaces the previous code); returns the code for the mail. */
export async function setEmailCode(tx: Queryable, siteId: string, challengeId: string, now: number): Promise<string> {
  const code = randomCode();
  const salt = randomBytes(16);
  await tx.query(
    'update mfa_challenges set email_code_salt = $3, email_code_hash = $4, email_sent_at = $5 where site_id = $1 and id = $2',
    [siteId, challengeId, salt, hashCode(code, salt), new Date(now)],
  );
  return code;
}

export function emailCodeMatches(challenge: MfaChallenge, code: unknown): boolean {
  if (!challenge.emailCodeSalt || !challenge.emailCodeHash || typeof code !== 'string' || !/^\d{6}$/.test(code.trim()))
    return false;
  return safeEqual(hashCode(code.trim(), Buffer.from(challenge.emailCodeSalt)), Buffer.from(challenge.emailCodeHash));
}
