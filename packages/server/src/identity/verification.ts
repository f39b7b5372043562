import { randomBytes, randomUUID } from 'node:crypto';
import type { SiteConfig } from '../config/types.js';
import { httpErrors } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { enqueueMail } from '../mail/outbox.js';
import { verificationCodeMail } from '../mail/templates.js';
import { mailLanguage } from '../i18n/index.js';
import { hashCode, randomCode, randomToken, safeEqual, sha256 } from '../security/index.js';
import type { Database, Queryable } from '../store/types.js';
import type { Member } from '../members/index.js';

/**
 * Email verification by 6-digit code: 10 minutes (ASVS 6.5.5), 5 attempts, code and stateToken stored hashed.
 * One live challenge per member: starting a new one retires the old, so old codes stop working.
 */
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_COOLDOWN_SECONDS = 60;
export const MAX_SENDS = 5;

export const unknownVerification = () => unknownState();
export const verificationFailed = (description: string, data: Record<string, unknown> = {}) =>
  appError('VERIFICATION_FAILED', { description, data });
const unknownState = () =>
  appError('INVALID_STATE_TOKEN', {
    description: 'The verification is unknown, used or expired; sign in again to get a new code',
  });

export async function startVerification(
  tx: Queryable,
  input: { site: SiteConfig; member: Member; visitorId?: string | undefined; now: number },
): Promise<{ stateToken: string; verificationId: string }> {
  const { site, member, now } = input;
  await tx.query(
    'update verifications set consumed_at = $3 where site_id = $1 and member_id = $2 and consumed_at is null',
    [site.id, member.id, new Date(now)],
  );
  const stateToken = randomToken();
  const code = randomCode();
  const salt = randomBytes(16);
  const id = randomUUID();
  await tx.query(
    `insert into verifications (site_id, id, member_id, state_token_hash, code_salt, code_hash, visitor_id, created_at, last_sent_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
    [
      site.id,
      id,
      member.id,
      sha256(stateToken),
      salt,
      hashCode(code, salt),
      input.visitorId ?? null,
      new Date(now),
      new Date(now + CODE_TTL_SECONDS * 1000),
    ],
  );
  await enqueueMail(
    tx,
    {
      siteId: site.id,
      kind: 'verification-code',
      to: member.email,
      ...verificationCodeMail(mailLanguage(site, { member }), site, code, CODE_TTL_SECONDS / 60),
    },
    now,
  );
  return { stateToken, verificationId: id };
}

interface LiveRow {
  id: string;
  member_id: string;
  visitor_id: string | null;
  code_salt: Buffer | Uint8Array;
  code_hash: Buffer | Uint8Array;
  attempts: number;
  sends: number;
  last_sent_at: Date | string;
}

function validToken(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 20 && value.length <= 200;
}

/**
 * Checks a code. Every attempt is counted in its own committed statement before comparing, so
 * parallel guesses cannot exceed the cap; a correct code is consumed with `consumed_at is null`.
 * A correct code is not yet spent: `consumeVerification` does that with its effects.
 */
export async function checkCode(
  db: Database,
  input: { siteId: string; stateToken: unknown; code: string; now: number },
): Promise<{ verificationId: string; memberId: string; visitorId: string | null }> {
  if (!validToken(input.stateToken)) throw unknownState();
  const at = new Date(input.now);
  const { rows } = await db.query<LiveRow>(
    `update verifications set attempts = attempts + 1
     where site_id = $1 and state_token_hash = $2 and consumed_at is null and expires_at > $3 and attempts < $4
     returning id, member_id, visitor_id, code_salt, code_hash, attempts, sends, last_sent_at`,
    [input.siteId, sha256(input.stateToken), at, MAX_CODE_ATTEMPTS],
  );
  const row = rows[0];
  if (!row) throw unknownState();
  const matches = safeEqual(hashCode(input.code, Buffer.from(row.code_salt)), Buffer.from(row.code_hash));
  if (!matches) {
    const attemptsLeft = MAX_CODE_ATTEMPTS - Number(row.attempts);
    throw verificationFailed(
      attemptsLeft > 0 ? 'The code is not correct' : 'The code is not correct and no attempts are left; sign in again',
      { attemptsLeft },
    );
  }
  return { verificationId: row.id, memberId: row.member_id, visitorId: row.visitor_id };
}

/**
 * Spends a checked challenge inside the caller's transaction (with the email marked verified and the
 * session token issued), so a code is never used up without its effect, nor used twice.
 */
export async function consumeVerification(
  tx: Queryable,
  siteId: string,
  verificationId: string,
  now: number,
): Promise<boolean> {
  const spent = await tx.query(
    'update verifications set consumed_at = $3 where site_id = $1 and id = $2 and consumed_at is null',
    [siteId, verificationId, new Date(now)],
  );
  return spent.rowCount === 1;
}

/** Sends a new code for a live challenge, at most once a minute and five times in all. */
export async function resendCode(
  db: Database,
  input: {
    site: SiteConfig;
    stateToken: unknown;
    now: number;
    memberOf: (tx: Queryable, memberId: string) => Promise<Member | undefined>;
  },
): Promise<void> {
  if (!validToken(input.stateToken)) throw unknownState();
  const { site, now } = input;
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<LiveRow>(
      `select * from verifications where site_id = $1 and state_token_hash = $2 and consumed_at is null and expires_at > $3 for update`,
      [site.id, sha256(input.stateToken as string), new Date(now)],
    );
    const row = rows[0];
    if (!row) throw unknownState();
    if (Number(row.sends) >= MAX_SENDS) throw unknownState();
    const member = await input.memberOf(tx, row.member_id);
    if (!member) throw unknownState();
    await sendNewCode(tx, site, member, row, now);
  });
}

/**
 * A new code for a live challenge, mailed to the member; the previous code stops working. At most once a
 * minute: the member's own "send again" and an owner's resend (member-admin/verification.ts) share this.
 */
export async function sendNewCode(
  tx: Queryable,
  site: SiteConfig,
  member: Member,
  challenge: { id: string; last_sent_at: Date | string },
  now: number,
): Promise<void> {
  const waited = (now - new Date(challenge.last_sent_at).getTime()) / 1000;
  if (waited < RESEND_COOLDOWN_SECONDS)
    throw httpErrors.tooManyRequests(
      RESEND_COOLDOWN_SECONDS - waited,
      'A code was sent a moment ago; wait a minute before asking for another',
    );
  const code = randomCode();
  const salt = randomBytes(16);
  await tx.query(
    `update verifications set code_salt = $2, code_hash = $3, attempts = 0, sends = sends + 1, last_sent_at = $4, expires_at = $5 where id = $1`,
    [challenge.id, salt, hashCode(code, salt), new Date(now), new Date(now + CODE_TTL_SECONDS * 1000)],
  );
  await enqueueMail(
    tx,
    {
      siteId: site.id,
      kind: 'verification-code',
      to: member.email,
      ...verificationCodeMail(mailLanguage(site, { member }), site, code, CODE_TTL_SECONDS / 60),
    },
    now,
  );
}
