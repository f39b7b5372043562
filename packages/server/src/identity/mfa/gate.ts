import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../store/types.js';
import type { WireIdentity } from '../identity-view.js';
import type { Member } from '../../members/index.js';
import { startChallenge } from './challenge.js';
import { isRememberedDevice } from '../../sessions/device-tokens.js';
import { listFactors } from './factors.js';
import { allowedFactors, isPhoneFactor, mfaMode, PHONE_FACTORS, type SecondFactorType } from './policy.js';
import { liveRecoveryCodeCount } from './recovery-codes.js';
import { whatsappOffered } from './offer.js';
import type { PushStatus } from '../../push/types.js';

/** docs/wire-format.md §6.3: the internal one-of of a StateMachineResponse. */
export interface AvailableFactor {
  factorType: SecondFactorType;
  factorStatus: 'ENABLED' | 'REQUIRE_ACTIVATION';
  /** SMS, Vitrine's addition: how a code may be texted, so a page offers WhatsApp only with a sender for it. */
  deliveryMethods?: ('SMS' | 'WHATSAPP')[];
}
export interface MfaStateData {
  requireMfaData?: { availableFactors: AvailableFactor[]; reason: 'USER_SETTINGS' };
  mfaChallengeData?: {
    factorType: SecondFactorType;
    verificationChallengeData?: {
      webauthnData?: { challengeId: string; publicKeyCredentialRequestOptionsJson: string };
      hint?: string;
      /** SMS and CALL once a code went: seconds before another may be asked for (`phone.limits.resendSeconds`). */
      resendAfterSeconds?: number;
      /** PUSH (push.ts): the transaction to poll and the number the waiting page shows. */
      pushData?: { transactionId: string; matchNumber: number; expiresDate: string; status: PushStatus };
    };
    availableFactors: AvailableFactor[];
    reason: 'USER_SETTINGS';
  };
}

/**
 * The factors a member can answer the second step with: their active factors of the types the site
 * allows, and recovery codes while some are left. With none and `policies.mfa: "required"`, the
 * allowed types to enrol (REQUIRE_ACTIVATION).
 */
export async function availableFactors(
  db: Queryable,
  site: SiteConfig,
  memberId: string,
  hasActiveFactors?: boolean,
): Promise<AvailableFactor[]> {
  const allowed = allowedFactors(site);
  // `false`: the member was read with their factor flag just now (findMemberForSignIn): nothing to list.
  const active =
    hasActiveFactors === false
      ? []
      : (await listFactors(db, site.id, memberId, true)).filter((f) => allowed.includes(f.type));
  if (!active.length)
    return mfaMode(site) === 'required'
      ? // PUSH needs a browser already signed in: not a first factor to enrol during sign-in.
        allowed
          .filter((type) => type !== 'PUSH')
          .map((factorType) => ({ factorType, factorStatus: 'REQUIRE_ACTIVATION' }))
      : [];
  const types: SecondFactorType[] = [...new Set(active.map((f) => f.type))];
  // A confirmed number takes codes by text or by call alike ("Call me instead"), where the site allows both.
  if (types.some(isPhoneFactor))
    for (const type of PHONE_FACTORS) if (allowed.includes(type) && !types.includes(type)) types.push(type);
  if ((await liveRecoveryCodeCount(db, site.id, memberId)) > 0) types.push('RECOVERY_CODE');
  const texts: AvailableFactor['deliveryMethods'] = whatsappOffered(site) ? ['SMS', 'WHATSAPP'] : ['SMS'];
  return types.map((factorType) =>
    factorType === 'SMS'
      ? { factorType, factorStatus: 'ENABLED', deliveryMethods: texts }
      : { factorType, factorStatus: 'ENABLED' },
  );
}

export const needsEnrolment = (factors: AvailableFactor[]) =>
  factors.length > 0 && factors.every((f) => f.factorStatus === 'REQUIRE_ACTIVATION');

/**
 * Called by nextState (identity/common.ts) once a member has proven their password (or a link or a
 * code) and passed verification and approval: REQUIRE_MFA with a fresh stateToken when the member has
 * an active factor and this device is not remembered, or must enrol one; undefined to go on to SUCCESS.
 */
export async function secondFactorStep(
  tx: Queryable,
  ctx: AppContext,
  s: { site: SiteConfig; member: Member; visitorId: string | undefined; identity: WireIdentity; deviceToken: unknown },
): Promise<
  | {
      state: 'REQUIRE_MFA';
      stateToken: string;
      identity: WireIdentity;
      additionalData: Record<string, unknown>;
      requireMfaData: NonNullable<MfaStateData['requireMfaData']>;
    }
  | undefined
> {
  if (mfaMode(s.site) === 'off') return undefined;
  const now = ctx.now();
  const factors = await availableFactors(tx, s.site, s.member.id, s.member.hasActiveFactors);
  if (!factors.length) return undefined;
  if (!needsEnrolment(factors) && (await isRememberedDevice(tx, s.site.id, s.member.id, s.deviceToken, now)))
    return undefined;
  const stateToken = await startChallenge(tx, {
    siteId: s.site.id,
    memberId: s.member.id,
    visitorId: s.visitorId,
    now,
  });
  return {
    state: 'REQUIRE_MFA',
    stateToken,
    identity: s.identity,
    additionalData: {},
    requireMfaData: { availableFactors: factors, reason: 'USER_SETTINGS' },
  };
}
