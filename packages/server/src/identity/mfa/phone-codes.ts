import { privateNetworksAllowed } from '../../webhooks/config.js';
import { randomBytes } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import { mailLanguage } from '../../i18n/index.js';
import type { Member } from '../../members/index.js';
import { phoneOf } from '../../phone/config.js';
import { PhoneDeliveryError, phoneSender, type PhoneChannel } from '../../phone/delivery.js';
import { countryOf, maskPhone } from '../../phone/numbers.js';
import { callScript, codeText } from '../../phone/texts.js';
import { hashCode, randomCode, safeEqual } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import type { IdentityDeps } from '../common.js';
import { factorNotAvailable } from './policy.js';
import { MAX_MFA_ATTEMPTS, MFA_STATE_TTL_SECONDS } from './challenge.js';
import type { Factor } from './factors.js';

/**
 * Codes sent to a phone factor (issue #32): 6 digits, 10 minutes, 5 tries, one live code per factor
 * (a new send replaces it), stored as a salted HMAC. Every send passes the toll-fraud limits first:
 * a wait between sends per member, second step and channel, and per day per number, per address, per member and per site.
 */
export interface PhoneCodeRequest {
  site: SiteConfig;
  member: Member;
  factor: Factor;
  channel: PhoneChannel;
  /** The second step the code answers; undefined for the code that confirms a new number. */
  challengeId: string | undefined;
  ip: string;
}

const DAY = 86_400;

/** Sends a new code; answers the masked number. Refusals are audited and thrown as clear 4xx (503 when the provider fails). */
export async function sendPhoneCode(deps: IdentityDeps, req: PhoneCodeRequest): Promise<{ maskedNumber: string }> {
  const { ctx, limiter } = deps;
  const { site, member, factor } = req;
  const phone = phoneOf(site, ctx.config);
  if (!phone || !factor.phoneNumber) throw factorNotAvailable(factor.type);
  const number = factor.phoneNumber;
  const audit = async (outcome: 'success' | 'failure' | 'refused', detail: Record<string, unknown>) =>
    ctx.authEvents.record({
      type: 'phone_code',
      outcome,
      siteId: site.id,
      memberId: member.id,
      email: member.email,
      ip: req.ip,
      detail: { factorType: factor.type, channel: req.channel, to: maskPhone(number), ...detail },
    });

  const country = countryOf(number);
  if (phone.allowedCountries.length && (!country || !phone.allowedCountries.includes(country))) {
    await audit('refused', { reason: 'country_not_allowed', country });
    throw appError('PHONE_LIMIT_REACHED', {
      status: 400,
      description: 'Codes cannot be sent to numbers of this country on this site; use another way to sign in',
      data: { limit: 'country' },
    });
  }
  // The wait runs per second step (or adding a number) and channel: "call me instead" right after a text is
  // fine, another text is not; a new sign-in is its own step, held by the daily limits.
  const waitKey = `phone-wait:${site.id}:${member.id}:${req.challengeId ?? 'enrol'}:${req.channel}`;
  const waitRule = { limit: 1, windowSeconds: phone.limits.resendSeconds };
  const wait = await limiter.hit(waitKey, waitRule);
  if (!wait.allowed) {
    await audit('refused', { reason: 'resend_too_soon' });
    throw appError('PHONE_RESEND_TOO_SOON', { data: { retryAfterSeconds: wait.retryAfterSeconds } });
  }
  const daily: [string, string, number][] = [
    ['number', `phone-number:${site.id}:${number}`, phone.limits.perNumberPerDay],
    ['address', `phone-ip:${site.id}:${req.ip}`, phone.limits.perAddressPerDay],
    ['member', `phone-member:${site.id}:${member.id}`, phone.limits.perMemberPerDay],
    ['site', `phone-site:${site.id}`, phone.limits.perSitePerDay],
  ];
  const counted: string[] = [];
  for (const [limit, key, max] of daily) {
    const hit = await limiter.hit(key, { limit: max, windowSeconds: DAY });
    if (!hit.allowed) {
      // The sends counted before this refusal did not happen: give them back.
      for (const k of [...counted, key]) await limiter.hit(k, { limit: max, windowSeconds: DAY }, -1);
      await limiter.hit(waitKey, waitRule, -1);
      await audit('refused', { reason: 'daily_limit', limit });
      throw appError('PHONE_LIMIT_REACHED', { data: { limit, retryAfterSeconds: hit.retryAfterSeconds } });
    }
    counted.push(key);
  }

  const code = randomCode();
  const now = ctx.now();
  await storeCode(ctx.db, site.id, factor.id, req.challengeId, code, now);
  const language = mailLanguage(site, { member });
  const minutes = MFA_STATE_TTL_SECONDS / 60;
  try {
    await phoneSender(ctx.db, phone, { allowPrivateNetworks: privateNetworksAllowed(ctx.config) }).send({
      siteId: site.id,
      to: number,
      channel: req.channel,
      text: codeText(language, site.name, new URL(ctx.config.publicUrl).hostname, code, minutes),
      spoken: callScript(language, site.name, code),
    });
  } catch (error) {
    await ctx.db.query('delete from mfa_phone_codes where site_id = $1 and factor_id = $2', [site.id, factor.id]);
    const reason = error instanceof PhoneDeliveryError ? error.message : 'unexpected error';
    ctx.log.warn({ siteId: site.id, channel: req.channel, reason }, 'phone code delivery failed');
    // The member may try another channel (a call instead of a text) at once.
    await limiter.hit(waitKey, waitRule, -1);
    await audit('failure', { reason: 'delivery_failed' });
    throw appError('PHONE_DELIVERY_FAILED');
  }
  await audit('success', {});
  return { maskedNumber: maskPhone(number) };
}

async function storeCode(
  db: Queryable,
  siteId: string,
  factorId: string,
  challengeId: string | undefined,
  code: string,
  now: number,
): Promise<void> {
  const salt = randomBytes(16);
  await db.query(
    `insert into mfa_phone_codes (site_id, factor_id, challenge_id, code_salt, code_hash, attempts, sent_at, expires_at)
     values ($1, $2, $3, $4, $5, 0, $6, $7)
     on conflict (site_id, factor_id) do update set challenge_id = excluded.challenge_id, code_salt = excluded.code_salt,
       code_hash = excluded.code_hash, attempts = 0, sent_at = excluded.sent_at, expires_at = excluded.expires_at`,
    [
      siteId,
      factorId,
      challengeId ?? null,
      salt,
      hashCode(code, salt),
      new Date(now),
      new Date(now + MFA_STATE_TTL_SECONDS * 1000),
    ],
  );
}

/**
 * Whether `code` is the live code of the factor for this step (`challengeId`; undefined: the
 * confirmation of a new number). The try is counted in its own statement first, so parallel guesses
 * cannot pass the fifth; the right code is spent.
 */
export async function phoneCodeMatches(
  db: Queryable,
  siteId: string,
  factorId: string,
  challengeId: string | undefined,
  code: unknown,
  now: number,
): Promise<boolean> {
  const { rows } = await db.query<{ code_salt: Uint8Array; code_hash: Uint8Array }>(
    `update mfa_phone_codes set attempts = attempts + 1
     where site_id = $1 and factor_id = $2 and challenge_id is not distinct from $3::uuid and expires_at > $4 and attempts < $5
     returning code_salt, code_hash`,
    [siteId, factorId, challengeId ?? null, new Date(now), MAX_MFA_ATTEMPTS],
  );
  const row = rows[0];
  if (!row || typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return false;
  if (!safeEqual(hashCode(code.trim(), Buffer.from(row.code_salt)), Buffer.from(row.code_hash))) return false;
  const spent = await db.query('delete from mfa_phone_codes where site_id = $1 and factor_id = $2 and code_hash = $3', [
    siteId,
    factorId,
    Buffer.from(row.code_hash),
  ]);
  return spent.rowCount === 1;
}
