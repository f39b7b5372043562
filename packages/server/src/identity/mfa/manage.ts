import { randomUUID } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import { httpErrors, invalidField } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import { enqueueMail } from '../../mail/outbox.js';
import {
  requireRecentAuthentication,
  matchingTotpStep,
  newTotpSecret,
  protectTotpSecret,
  revealTotpSecret,
  totpUri,
} from '../../security/index.js';
import { memberBlocked, type IdentityDeps } from '../common.js';
import type { FlowScope } from '../flow.js';
import { findMemberById } from '../../members/index.js';
import { invalidStateToken, liveChallenge } from './challenge.js';
import { voidDeviceTokens } from '../../sessions/device-tokens.js';
import {
  activateFactor,
  claimTotpStep,
  deleteFactor,
  dropInactive,
  findFactor,
  insertFactor,
  listFactors,
  toWireFactor,
} from './factors.js';
import { availableFactors, needsEnrolment } from './gate.js';
import { factorChangedMail } from './mails.js';
import { mailLanguage } from '../../i18n/index.js';
import { allowedFactors, isPhoneFactor, mfaMode, type EnrollableFactor } from './policy.js';
import { activatePhoneFactor, addPhoneFactor } from './phone-factor.js';
import { addPushFactor } from './push.js';
import { factorOffer } from './offer.js';
import { factorActivated, recordChange, type Actor, type FactorInput } from './factor-changes.js';
import {
  deleteRecoveryCodes,
  liveRecoveryCodeCount,
  newRecoveryCodeSet,
  recoveryCodesIfNone,
  replaceRecoveryCodes,
} from './recovery-codes.js';
import { totpSealContext } from './verify.js';
import { registrationOptions, verifyRegistration } from './webauthn.js';

/** Factor changes per member: 20 per 15 minutes (each may mail a notice). */
export const factorChangeLimit = { limit: 20, windowSeconds: 900 };

const FACTOR_LABEL: Record<EnrollableFactor, string> = {
  TOTP: 'An authenticator app',
  EMAIL: 'Email sign-in codes',
  WEBAUTHN: 'A passkey',
  SMS: 'Text-message codes',
  CALL: 'Codes by phone call',
  PUSH: 'Push approval',
};

async function actorOf(deps: IdentityDeps, scope: FlowScope, input: FactorInput, change: boolean): Promise<Actor> {
  const { ctx } = deps;
  const { site, caller, ip } = scope;
  if (caller.kind === 'member') {
    const member = await findMemberById(ctx.db, site.id, caller.memberId);
    if (!member) throw appError('UNAUTHORIZED');
    if (member.status === 'BLOCKED') throw memberBlocked();
    if (change) {
      if (mfaMode(site) === 'off') throw appError('MFA_DISABLED');
      const limited = await deps.limiter.hit(`mfa-change:${site.id}:${member.id}`, factorChangeLimit);
      if (!limited.allowed) throw httpErrors.tooManyRequests(limited.retryAfterSeconds);
      await requireRecentAuthentication(ctx, caller, {
        currentPassword: input.currentPassword,
        member,
        ip,
      });
    }
    return { site, member, caller, enrolment: undefined, ip };
  }
  if (typeof input.stateToken === 'string' && input.stateToken) {
    const challenge = await liveChallenge(ctx.db, site.id, input.stateToken, ctx.now());
    const member = await findMemberById(ctx.db, site.id, challenge.memberId);
    if (!member) throw invalidStateToken();
    // A stateToken enrols only the first factor of a member the site requires one of.
    if (!needsEnrolment(await availableFactors(ctx.db, site, member.id)))
      throw appError('PERMISSION_DENIED', { description: 'Sign in to manage your factors' });
    return { site, member, caller: undefined, enrolment: challenge, ip };
  }
  throw appError('UNAUTHORIZED');
}

function enrollable(site: SiteConfig, raw: unknown): EnrollableFactor {
  const type = typeof raw === 'string' ? raw.toUpperCase() : '';
  const known = ['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'];
  if (known.includes(type) && allowedFactors(site).includes(type as EnrollableFactor)) return type as EnrollableFactor;
  throw invalidField(
    'factorType',
    `must be one of ${allowedFactors(site).join(', ')} on this site`,
    'INVALID_FACTOR_TYPE',
  );
}

/** GET /_api/iam/mfa/v1/factors */
export async function listMyFactors(deps: IdentityDeps, scope: FlowScope) {
  const a = await actorOf(deps, scope, {}, false);
  const factors = await listFactors(deps.ctx.db, a.site.id, a.member.id);
  const current = a.caller?.sessionId;
  return {
    factors: factors.map((f) => ({
      ...toWireFactor(f),
      ...(f.type === 'PUSH' ? { currentDevice: f.pushSessionId === current } : {}),
    })),
    recoveryCodesLeft: await liveRecoveryCodeCount(deps.ctx.db, a.site.id, a.member.id),
    // Vitrine's addition: what the member may set up here, so a page offers only those (offer.ts).
    ...factorOffer(a.site, deps.ctx.config),
  };
}

/** POST /_api/iam/mfa/v1/factors {factorType: "TOTP" | "EMAIL" | "SMS" | "CALL" | "PUSH", name?, phoneNumber?, pushSubscription?} */
export async function addFactor(deps: IdentityDeps, scope: FlowScope, input: FactorInput) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  const type = enrollable(a.site, input.factorType);
  if (type === 'WEBAUTHN')
    throw invalidField(
      'factorType',
      'passkeys are added with /_api/iam/mfa/v1/passkeys/registration-options and /_api/iam/mfa/v1/passkeys',
      'USE_PASSKEY_REGISTRATION',
    );
  if (isPhoneFactor(type)) return addPhoneFactor(deps, a, input, type);
  if (type === 'PUSH') return addPushFactor(deps, a, input, scope);
  const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) || undefined : undefined;
  const prepared = type === 'EMAIL' ? await recoveryCodesIfNone(ctx.db, a.site.id, a.member.id) : undefined;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if ((await listFactors(tx, a.site.id, a.member.id, true)).some((f) => f.type === type)) {
      throw appError('FACTOR_EXISTS', {
        description: `${FACTOR_LABEL[type]} is already on; remove it first to set up a new one`,
      });
    }
    await dropInactive(tx, a.site.id, a.member.id, type);
    if (type === 'EMAIL') {
      if (!a.member.emailVerified) throw appError('EMAIL_NOT_VERIFIED');
      const factor = await insertFactor(tx, {
        siteId: a.site.id,
        memberId: a.member.id,
        type,
        status: 'ACTIVE',
        name,
        now,
      });
      return factorActivated(tx, deps, a, factor, now, false, prepared);
    }
    const id = randomUUID();
    const secret = newTotpSecret();
    const totpSecret = protectTotpSecret(ctx.config, secret, totpSealContext(a.site.id, id));
    const factor = await insertFactor(tx, {
      id,
      siteId: a.site.id,
      memberId: a.member.id,
      type,
      status: 'INACTIVE',
      name,
      totpSecret,
      now,
    });
    return { factor: toWireFactor(factor), totp: { secret, otpauthUri: totpUri(a.site.name, a.member.email, secret) } };
  });
}

/** POST /_api/iam/mfa/v1/factors/{factorId}/activate {code} → {factor, recoveryCodes} (and the sign-in's state when enrolling with a stateToken). */
export async function activate(deps: IdentityDeps, scope: FlowScope, input: FactorInput, factorId: string) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  const factor = await findFactor(ctx.db, a.site.id, a.member.id, factorId);
  if (!factor) throw appError('FACTOR_NOT_FOUND');
  if (factor.status === 'ACTIVE') throw appError('FACTOR_ACTIVE');
  if (isPhoneFactor(factor.type)) return activatePhoneFactor(deps, a, factor, input.code);
  if (factor.type !== 'TOTP' || !factor.totpSecret)
    throw appError('INVALID_FACTOR_TYPE', { description: 'Only an authenticator app is activated with a code' });
  const step = matchingTotpStep(
    revealTotpSecret(ctx.config, factor.totpSecret, totpSealContext(a.site.id, factor.id)),
    input.code,
    ctx.now(),
  );
  const prepared = step === undefined ? undefined : await recoveryCodesIfNone(ctx.db, a.site.id, a.member.id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (step === undefined || !(await claimTotpStep(tx, a.site.id, factor.id, step)))
      throw invalidField('code', 'is not the current code of the authenticator app', 'INVALID_CODE');
    if (!(await activateFactor(tx, a.site.id, factor.id, now))) throw appError('FACTOR_ACTIVE');
    return factorActivated(tx, deps, a, factor, now, true, prepared);
  });
}

/** DELETE /_api/iam/mfa/v1/factors/{factorId}: remembered devices die with it; the last factor takes the recovery codes along. */
export async function removeFactor(deps: IdentityDeps, scope: FlowScope, input: FactorInput, factorId: string) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  if (!a.caller) throw appError('UNAUTHORIZED');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const factor = await findFactor(tx, a.site.id, a.member.id, factorId);
    if (!factor || !(await deleteFactor(tx, a.site.id, factor.id))) throw appError('FACTOR_NOT_FOUND');
    await voidDeviceTokens(tx, a.site.id, a.member.id);
    if (!(await listFactors(tx, a.site.id, a.member.id, true)).length)
      await deleteRecoveryCodes(tx, a.site.id, a.member.id);
    if (factor.status === 'ACTIVE') await recordChange(tx, deps, a, factor, 'removed', now);
    return {};
  });
}

/** POST /_api/iam/mfa/v1/recovery-codes → a new set of 10; the old ones stop working. */
export async function newRecoveryCodes(deps: IdentityDeps, scope: FlowScope, input: FactorInput) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  if (!a.caller) throw appError('UNAUTHORIZED');
  const set = await newRecoveryCodeSet(a.site.id, a.member.id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (!(await listFactors(tx, a.site.id, a.member.id, true)).length) throw appError('NO_ACTIVE_FACTOR');
    const recoveryCodes = await replaceRecoveryCodes(tx, a.site.id, a.member.id, now, set);
    await enqueueMail(
      tx,
      {
        siteId: a.site.id,
        kind: 'factor-added',
        to: a.member.email,
        ...factorChangedMail(mailLanguage(a.site, { member: a.member }), a.site, { kind: 'recoveryCodes' }),
      },
      now,
    );
    return { recoveryCodes };
  });
}

/** POST /_api/iam/mfa/v1/passkeys/registration-options → {challengeId, publicKeyCredentialCreationOptionsJson} */
export async function passkeyRegistrationOptions(deps: IdentityDeps, scope: FlowScope, input: FactorInput) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  enrollable(a.site, 'WEBAUTHN');
  const existing = (await listFactors(ctx.db, a.site.id, a.member.id)).filter((f) => f.type === 'WEBAUTHN');
  return ctx.db.transaction((tx) => registrationOptions(tx, ctx, a.site, a.member, existing, ctx.now()));
}

/** POST /_api/iam/mfa/v1/passkeys {challengeId, credential, name?} → {factor, recoveryCodes?} */
export async function addPasskey(deps: IdentityDeps, scope: FlowScope, input: FactorInput) {
  const { ctx } = deps;
  const a = await actorOf(deps, scope, input, true);
  enrollable(a.site, 'WEBAUTHN');
  const name = typeof input.name === 'string' ? input.name.trim().slice(0, 100) || 'Passkey' : 'Passkey';
  const prepared = await recoveryCodesIfNone(ctx.db, a.site.id, a.member.id);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const credential = await verifyRegistration(
      tx,
      ctx,
      a.site,
      a.member.id,
      { challengeId: input.challengeId, credential: input.credential },
      now,
    );
    const factor = await insertFactor(tx, {
      siteId: a.site.id,
      memberId: a.member.id,
      type: 'WEBAUTHN',
      status: 'ACTIVE',
      name,
      credential,
      now,
    }).catch((error: unknown) => {
      if (String((error as { code?: string }).code) === '23505')
        throw appError('FACTOR_EXISTS', { description: 'This passkey is already registered' });
      throw error;
    });
    return factorActivated(tx, deps, a, factor, now, true, prepared);
  });
}
