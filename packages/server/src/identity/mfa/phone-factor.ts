import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import type { Member } from '../../members/index.js';
import type { Queryable } from '../../store/types.js';
import type { StateResponse } from '../common.js';
import { loadWireIdentity } from '../identity-view.js';
import type { MfaChallenge } from './challenge.js';
import type { AvailableFactor } from './gate.js';
import { invalidField } from '../../errors/wire.js';
import { phoneOf } from '../../phone/config.js';
import { parsePhone } from '../../phone/numbers.js';
import type { IdentityDeps } from '../common.js';
import { activateFactor, dropInactive, insertFactor, listFactors, toWireFactor, type Factor } from './factors.js';
import { factorActivated, type Actor, type FactorInput } from './factor-changes.js';
import { phoneCodeMatches, sendPhoneCode } from './phone-codes.js';
import { factorNotAvailable } from './policy.js';
import { recoveryCodesIfNone } from './recovery-codes.js';

/** SMS: the first code by text (or WhatsApp when asked); CALL: by a call. */
const channelOf = (type: 'SMS' | 'CALL', deliveryMethod: unknown) =>
  type === 'CALL' ? 'call' : String(deliveryMethod).toUpperCase() === 'WHATSAPP' ? 'whatsapp' : 'sms';

/**
 * POST /_api/iam/mfa/v1/factors {factorType: SMS | CALL, phoneNumber, deliveryMethod?}: an INACTIVE
 * factor holding the number, and a code sent to it; activation with that code confirms the number.
 * Asking again replaces the pending factor (and its code), within the resend wait and daily limits.
 */
export async function addPhoneFactor(deps: IdentityDeps, a: Actor, input: FactorInput, type: 'SMS' | 'CALL') {
  const { ctx } = deps;
  const phone = phoneOf(a.site, ctx.config);
  if (!phone) throw factorNotAvailable(type);
  const number = parsePhone(input.phoneNumber, phone.allowedCountries);
  const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) || undefined : undefined;
  const factor = await ctx.db.transaction(async (tx) => {
    if ((await listFactors(tx, a.site.id, a.member.id, true)).some((f) => f.type === type))
      throw appError('FACTOR_EXISTS', {
        description: `${type === 'SMS' ? 'Text-message codes are' : 'Codes by phone call are'} already on; remove them first to use another number`,
      });
    await dropInactive(tx, a.site.id, a.member.id, type);
    return insertFactor(tx, {
      siteId: a.site.id,
      memberId: a.member.id,
      type,
      status: 'INACTIVE',
      name,
      phoneNumber: number.e164,
      now: ctx.now(),
    });
  });
  const sent = await sendPhoneCode(deps, {
    site: a.site,
    member: a.member,
    factor,
    channel: channelOf(type, input.deliveryMethod),
    challengeId: undefined,
    ip: a.ip,
  });
  return { factor: toWireFactor(factor), phone: { maskedNumber: sent.maskedNumber } };
}

/** POST /_api/iam/mfa/v1/factors/{id}/activate {code} for SMS and CALL: the code sent to the number. */
export async function activatePhoneFactor(deps: IdentityDeps, a: Actor, factor: Factor, code: unknown) {
  const { ctx } = deps;
  if (!(await phoneCodeMatches(ctx.db, a.site.id, factor.id, undefined, code, ctx.now())))
    throw invalidField('code', 'is not the code that was sent, or it expired: ask for a new one', 'INVALID_CODE');
  const prepared = await recoveryCodesIfNone(ctx.db, a.site.id, a.member.id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (!(await activateFactor(tx, a.site.id, factor.id, now))) throw appError('FACTOR_ACTIVE');
    return factorActivated(tx, deps, a, factor, now, true, prepared);
  });
}

/** The member's active phone factor of this type (one per type), else their other confirmed number (gate.ts offers both ways). */
async function activePhoneFactor(db: Queryable, siteId: string, memberId: string, type: 'SMS' | 'CALL') {
  const phones = (await listFactors(db, siteId, memberId, true)).filter((f) => f.type === 'SMS' || f.type === 'CALL');
  return phones.find((f) => f.type === type) ?? phones[0];
}

/**
 * `/v2/sms/verify` or `/v2/call/verify` without a code: a code texted (`smsData.deliveryMethod`
 * SMS | WHATSAPP) or read out by a call, bound to this second step; MFA_CHALLENGE with the masked number
 * and the wait before another code may be asked for.
 */
export async function phoneChallenge(
  deps: IdentityDeps,
  step: { site: SiteConfig; member: Member; challenge: MfaChallenge; stateToken: string; ip: string },
  type: 'SMS' | 'CALL',
  data: Record<string, unknown>,
  factors: AvailableFactor[],
): Promise<StateResponse> {
  const { ctx } = deps;
  const factor = await activePhoneFactor(ctx.db, step.site.id, step.member.id, type);
  if (!factor) throw factorNotAvailable(type);
  const channel = channelOf(type, data.deliveryMethod);
  const sent = await sendPhoneCode(deps, { ...step, factor, channel, challengeId: step.challenge.id });
  return {
    state: 'MFA_CHALLENGE',
    stateToken: step.stateToken,
    identity: await loadWireIdentity(ctx.db, step.site, step.member),
    additionalData: { deliveryMethod: { strValue: channel.toUpperCase() } },
    mfaChallengeData: {
      factorType: type,
      // The wait, so a page can show when "Send again" works instead of learning it from a refusal.
      verificationChallengeData: {
        hint: sent.maskedNumber,
        resendAfterSeconds: phoneOf(step.site, ctx.config)?.limits.resendSeconds ?? 60,
      },
      availableFactors: factors,
      reason: 'USER_SETTINGS',
    },
  };
}

/** Whether `code` is the code sent for this second step to the member's phone factor of `type`. */
export async function phoneSignInMatches(
  tx: Queryable,
  siteId: string,
  memberId: string,
  challengeId: string,
  type: 'SMS' | 'CALL',
  code: unknown,
  now: number,
): Promise<boolean> {
  const factor = await activePhoneFactor(tx, siteId, memberId, type);
  return factor ? phoneCodeMatches(tx, siteId, factor.id, challengeId, code, now) : false;
}
