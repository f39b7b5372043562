import type { SiteConfig } from '../../config/types.js';
import { invalidField } from '../../errors/wire.js';
import { revealTotpSecret, matchingTotpStep, holdRefusal } from '../../security/index.js';
import type { Queryable } from '../../store/types.js';
import { limitIp, nextState, type IdentityDeps, type StateResponse } from '../common.js';
import type { FlowScope } from '../flow.js';
import { loadWireIdentity } from '../identity-view.js';
import { findMemberById, type Member } from '../../members/index.js';
import {
  consumeChallenge,
  countAttempt,
  emailCodeMatches,
  invalidStateToken,
  liveChallenge,
  type MfaChallenge,
} from './challenge.js';
import { issueDeviceToken } from '../../sessions/device-tokens.js';
import { claimTotpStep, findFactorByCredential, listFactors, recordSignCount } from './factors.js';
import { availableFactors, needsEnrolment } from './gate.js';
import { allowedFactors, factorNotAvailable, isPhoneFactor, mfaMode, type SecondFactorType } from './policy.js';
import { phoneChallenge, phoneSignInMatches } from './phone-factor.js';
import { countSecondFactorAnswer, secondFactorFailed, secondFactorLocked, secondFactorPassed } from './lockout.js';
import { matchRecoveryCode, spendRecoveryCode } from './recovery-codes.js';
import { assertionCredentialId, authenticationOptions, passkeyRefused, verifyAssertion } from './webauthn.js';
import { mailCode, passkeyChallenge } from './verify-challenges.js';
import { appError } from '../../errors/catalogue.js';
import { spendApprovedPush } from './push.js';
import { endDeniedPushStep, limitPushPolls, pushStepBeforeAnswer } from './push-step.js';

export const totpSealContext = (siteId: string, factorId: string) => `member-totp:${siteId}:${factorId}`;

/**
 * Per member: at most 30 second-step attempts per 15 minutes, on top of the 5 per stateToken and the
 * per-address limit; and at most 100 wrong in a row across windows before a lock (lockout.ts, audit S-5).
 */
export const memberAttemptLimit = { limit: 30, windowSeconds: 900 };

/**
 * The second step's body (mfa/schemas.ts): `factorType`, `stateToken` and the factor's own data
 * (`totpData`, `emailData`, `webauthnData`, `recoveryCodeData`): which fields apply depends on the factor.
 */
export type VerifyFactorInput = Record<string, unknown>;

/** Where each factor's answer travels in the verify body (docs/wire-format.md §6.1). */
const DATA_KEY: Record<SecondFactorType, string> = {
  TOTP: 'totpData',
  EMAIL: 'emailData',
  WEBAUTHN: 'webauthnData',
  RECOVERY_CODE: 'recoveryCodeData',
  SMS: 'smsData',
  CALL: 'callData',
  PUSH: 'pushData',
};

const dataOf = (input: Record<string, unknown>, key: string): Record<string, unknown> => {
  const value = input[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

/**
 * POST /_api/iam/authentication/v2/{factorType}/verify and /v2/verify {factorType}: the second step.
 * Without a code, EMAIL mails one and WEBAUTHN hands out a challenge (MFA_CHALLENGE). A wrong code
 * answers REQUIRE_MFA again with the same stateToken while attempts remain; the right one SUCCESS.
 * WEBAUTHN without a stateToken is the password-free sign-in. `type`: the factor the path or the body
 * names, parsed by the adapter first (`parseFactorType`: an unknown type is refused before anything else).
 */
export async function verifyFactor(
  deps: IdentityDeps,
  scope: FlowScope,
  input: VerifyFactorInput,
  type: SecondFactorType,
): Promise<StateResponse> {
  const { site, visitorId } = scope;
  if (type === 'WEBAUTHN' && (input.stateToken === undefined || input.stateToken === null || input.stateToken === '')) {
    return passwordFreeSignIn(deps, scope, input);
  }
  if (typeof input.stateToken !== 'string' || !input.stateToken)
    throw invalidField('stateToken', 'is required', 'REQUIRED');
  if (mfaMode(site) === 'off') throw invalidStateToken();
  const data = dataOf(input, DATA_KEY[type]);
  // The waiting page polls a push transaction every few seconds: its own, wider limit (push.ts).
  if (type === 'PUSH' && data.transactionId !== undefined) await limitPushPolls(deps, scope);
  else await limitIp(deps, scope.ip, site.id, 'verification');
  const { ctx } = deps;
  const challenge = await liveChallenge(ctx.db, site.id, input.stateToken, ctx.now());
  const member = await findMemberById(ctx.db, site.id, challenge.memberId);
  if (!member) throw invalidStateToken();
  const factors = await availableFactors(ctx.db, site, member.id);
  if (needsEnrolment(factors))
    throw invalidField(
      'factorType',
      'no factor is enrolled yet: enrol one with /_api/iam/mfa/v1/factors and this stateToken',
      'REQUIRE_ACTIVATION',
    );
  if (!factors.some((f) => f.factorType === type)) throw factorNotAvailable(type);

  if (type === 'EMAIL' && (data.code === undefined || data.code === ''))
    return mailCode(deps, site, member, challenge, input.stateToken, factors);
  if (type === 'WEBAUTHN' && data.credential === undefined)
    return passkeyChallenge(deps, site, member, input.stateToken, factors);
  if (isPhoneFactor(type) && (data.code === undefined || data.code === ''))
    return phoneChallenge(
      deps,
      { site, member, challenge, stateToken: input.stateToken, ip: scope.ip },
      type,
      data,
      factors,
    );
  const step = { site, member, challenge, stateToken: input.stateToken, scope };
  if (type === 'PUSH') {
    const waiting = await pushStepBeforeAnswer(deps, step, data, factors);
    if (waiting) return waiting;
  }

  const startedAt = performance.now();
  const limited = await deps.limiter.hit(`mfa:${site.id}:${member.id}`, memberAttemptLimit);
  if (!limited.allowed) throw invalidStateToken();
  const attemptsLeft = await countAttempt(ctx.db, site.id, challenge.id, ctx.now());
  const audit = { siteId: site.id, memberId: member.id, email: member.email, ip: scope.ip };
  const inARow = await countSecondFactorAnswer(ctx.db, site.id, member.id, ctx.now());
  if (inARow === undefined) {
    await ctx.authEvents.record({
      ...audit,
      type: 'sign_in',
      outcome: 'refused',
      detail: { reason: 'second_factor_locked', factorType: type },
    });
    await holdRefusal(startedAt);
    throw secondFactorLocked();
  }
  // argon2id runs before the transaction opens, so no transaction waits on it.
  const recoveryCodeId =
    type === 'RECOVERY_CODE' ? await matchRecoveryCode(ctx.db, site.id, member.id, data.code) : undefined;
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (!(await checkFactor(tx, deps, site, member, challenge, type, data, now, recoveryCodeId))) return undefined;
    if (!(await consumeChallenge(tx, site.id, challenge.id, now))) throw invalidStateToken();
    await secondFactorPassed(tx, site.id, member.id);
    const state = await nextState(tx, deps, site, member, visitorId ?? challenge.visitorId ?? undefined, {
      secondFactorPassed: true,
    });
    if (state.state === 'SUCCESS' && input.rememberThisDevice === true) {
      state.additionalData = {
        ...state.additionalData,
        deviceToken: { strValue: await issueDeviceToken(tx, site.id, member.id, now) },
      };
    }
    await ctx.authEvents.record(
      { ...audit, type: 'sign_in', outcome: 'success', detail: { state: state.state, factorType: type } },
      tx,
    );
    return state;
  });
  if (result) return result;
  await ctx.authEvents.record({
    ...audit,
    type: 'sign_in',
    outcome: 'failure',
    detail: { reason: 'wrong_second_factor', factorType: type },
  });
  await secondFactorFailed(ctx, site, member, inARow, audit);
  if (type === 'PUSH') await endDeniedPushStep(ctx.db, site.id, challenge.id, ctx.now());
  await holdRefusal(startedAt);
  if (type === 'PUSH') throw appError('PUSH_DENIED');
  if (attemptsLeft <= 0) throw invalidStateToken();
  return {
    state: 'REQUIRE_MFA',
    stateToken: input.stateToken,
    identity: await loadWireIdentity(ctx.db, site, member),
    additionalData: { failure: { strValue: 'WRONG_CODE' }, attemptsLeft: { numValue: attemptsLeft } },
    requireMfaData: { availableFactors: factors, reason: 'USER_SETTINGS' },
  };
}

/** True when the answer proves the factor, inside the step's transaction (a recovery code was matched before it: `recoveryCodeId`). */
async function checkFactor(
  tx: Queryable,
  deps: IdentityDeps,
  site: SiteConfig,
  member: Member,
  challenge: MfaChallenge,
  type: SecondFactorType,
  data: Record<string, unknown>,
  now: number,
  recoveryCodeId: string | undefined,
): Promise<boolean> {
  switch (type) {
    case 'TOTP': {
      for (const factor of await listFactors(tx, site.id, member.id, true)) {
        if (factor.type !== 'TOTP' || !factor.totpSecret) continue;
        const step = matchingTotpStep(
          revealTotpSecret(deps.ctx.config, factor.totpSecret, totpSealContext(site.id, factor.id)),
          data.code,
          now,
        );
        if (step !== undefined && (await claimTotpStep(tx, site.id, factor.id, step))) return true;
      }
      return false;
    }
    case 'EMAIL':
      return emailCodeMatches(challenge, data.code);
    case 'RECOVERY_CODE':
      return spendRecoveryCode(tx, site.id, recoveryCodeId, now);
    case 'PUSH':
      return spendApprovedPush(tx, site.id, challenge.id, data.transactionId);
    case 'SMS':
    case 'CALL':
      return phoneSignInMatches(tx, site.id, member.id, challenge.id, type, data.code, now);
    case 'WEBAUTHN': {
      const factor = await findFactorByCredential(tx, site.id, assertionCredentialId(data.credential));
      if (!factor || factor.memberId !== member.id) return false;
      const signCount = await verifyAssertion(
        tx,
        deps.ctx,
        site,
        { challengeId: data.challengeId, credential: data.credential },
        factor,
        now,
      ).catch(() => undefined);
      if (signCount === undefined) return false;
      await recordSignCount(tx, site.id, factor.id, signCount);
      return true;
    }
  }
}

/** `/v2/webauthn/verify` without a stateToken: a passkey is the whole sign-in (possession + the authenticator's own check). */
async function passwordFreeSignIn(
  deps: IdentityDeps,
  scope: FlowScope,
  input: VerifyFactorInput,
): Promise<StateResponse> {
  const { ctx } = deps;
  const { site, visitorId } = scope;
  if (mfaMode(site) === 'off' || !allowedFactors(site).includes('WEBAUTHN')) throw factorNotAvailable('WEBAUTHN');
  await limitIp(deps, scope.ip, site.id, 'login');
  const data = dataOf(input, 'webauthnData');
  const origin = { ip: scope.ip };
  const state = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const factor = await findFactorByCredential(tx, site.id, assertionCredentialId(data.credential));
    if (!factor || factor.type !== 'WEBAUTHN') throw passkeyRefused();
    const signCount = await verifyAssertion(
      tx,
      ctx,
      site,
      { challengeId: data.challengeId, credential: data.credential },
      factor,
      now,
    );
    await recordSignCount(tx, site.id, factor.id, signCount);
    const member = await findMemberById(tx, site.id, factor.memberId);
    if (!member) throw passkeyRefused();
    const next = await nextState(tx, deps, site, member, visitorId, { secondFactorPassed: true });
    await ctx.authEvents.record(
      {
        siteId: site.id,
        memberId: member.id,
        email: member.email,
        ...origin,
        type: 'sign_in',
        outcome: 'success',
        detail: { state: next.state, factorType: 'WEBAUTHN', passwordless: true },
      },
      tx,
    );
    return next;
  });
  return state;
}

/** POST /v2/webauthn/challenge {loginId?} → {webauthn: {challengeId, publicKeyCredentialRequestOptionsJson}}. */
export async function passkeySignInChallenge(
  deps: IdentityDeps,
  scope: FlowScope,
): Promise<{ webauthn: { challengeId: string; publicKeyCredentialRequestOptionsJson: string } }> {
  const { ctx } = deps;
  const { site } = scope;
  await limitIp(deps, scope.ip, site.id, 'login');
  // Always discoverable credentials: listing a member's passkeys for a typed address would tell which addresses have accounts.
  const webauthn = await ctx.db.transaction((tx) => authenticationOptions(tx, ctx, site, undefined, [], ctx.now()));
  return { webauthn };
}
