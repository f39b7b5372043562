import { type ApplicationError, invalidField } from '../http/errors.js';
import { appError } from '../errors/catalogue.js';
import { hashPassword, needsRehash, passwordViolation, verifyPassword, PASSWORD_MAX_LENGTH } from '../security/passwords.js';
import { originOf, type FlowScope } from './flow.js';
import {
  emailOf, emailViolation, isEmail, limitIp, memberBlocked, nextState, throwViolations,
  type IdentityDeps, type StateResponse,
} from './common.js';
import { admitLoginAttempt, loginSucceeded } from './login-throttle.js';
import { findMemberById, findMemberForSignIn, insertMember, recordVisitor, setPassword } from '../members/store.js';
import { parseProfile } from './profile.js';
import { checkCode, consumeVerification, resendCode, startVerification, unknownVerification } from './verification.js';
import { emitMemberEvent, verifyMemberEmail } from '../members/events.js';
import { identityOf } from '../webhooks/events.js';
import type { LoginInput, RegisterInput, ResendVerificationInput, StartVerificationInput, ValidateEmailInput, VerifyEmailInput } from './schemas.js';

export const emailExists = () => appError('EMAIL_EXISTS');
// One answer for "no such account" and "wrong password": login must not reveal which addresses exist.
export const wrongCredentials = () => appError('WRONG_PASSWORD');
export const mustResetPassword = () => appError('PASSWORD_RESET_REQUIRED');

function tooManyFailedLogins(retryAfterSeconds: number): ApplicationError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const error = appError('TOO_MANY_FAILED_LOGINS', {
    description: `Too many failed sign-in attempts for this account; try again in ${minutes} minute(s)`,
    data: { retryAfterSeconds },
  });
  error.headers['retry-after'] = String(Math.max(1, retryAfterSeconds));
  return error;
}

/** POST /_api/iam/authentication/v2/register */
export async function register(deps: IdentityDeps, scope: FlowScope, input: RegisterInput): Promise<StateResponse> {
  const { site, visitorId, caller } = scope;
  const parsed = parseProfile(input.profile);
  const emailProblem = emailViolation(input.loginId);
  const context = { siteName: site.name, email: emailProblem ? undefined : emailOf(input.loginId) };
  throwViolations([emailProblem, passwordViolation(input.password, 'password', context), ...parsed.violations]);
  await limitIp(deps, scope.ip, site.id, 'register');
  await deps.captcha.require(site, input.captchaTokens, scope.ip);
  const passwordHash = await hashPassword(input.password as string);
  return deps.ctx.db.transaction(async (tx) => {
    const member = await insertMember(tx, {
      siteId: site.id,
      email: emailOf(input.loginId),
      passwordHash,
      emailVerified: false,
      approved: site.policies.memberApproval !== 'manual',
      profile: parsed.profile,
      visitorId,
      now: deps.ctx.now(),
    });
    if (!member) throw emailExists();
    await deps.ctx.authEvents.record({ type: 'register', outcome: 'success', siteId: site.id, memberId: member.id, email: member.email, ...originOf(scope) }, tx);
    await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, member, type: 'member.created', identity: identityOf(caller), now: deps.ctx.now() });
    return nextState(tx, deps, site, member, visitorId);
  });
}

/**
 * POST /_api/iam/authentication/v2/login. Failures are application errors only: the reference
 * client crashes on a validation body here (wire-contract §8.3).
 */
export async function login(deps: IdentityDeps, scope: FlowScope, input: LoginInput): Promise<StateResponse> {
  const { site, visitorId } = scope;
  const email = input.loginId && typeof input.loginId === 'object' ? (input.loginId as Record<string, unknown>).email : undefined;
  if (!isEmail(email)) throw appError('INVALID_EMAIL');
  const password = input.password;
  // Nothing over the maximum can ever have been set, so it is refused before any hashing work.
  if (typeof password !== 'string' || password.length === 0 || [...password].length > PASSWORD_MAX_LENGTH) throw wrongCredentials();
  await limitIp(deps, scope.ip, site.id, 'login');

  const origin = originOf(scope);
  const attempt = { siteId: site.id, email, ip: origin.ip };
  // Counted before anything is verified, so parallel guesses cannot overtake the count (audit F-1).
  const admission = await admitLoginAttempt(deps.limiter, attempt);
  const member = await findMemberForSignIn(deps.ctx.db, site.id, email);
  const audit = { siteId: site.id, memberId: member?.id, email: email.trim(), ...origin };
  if (!admission.allowed) {
    const refused = () => deps.ctx.authEvents.record({ ...audit, type: 'lockout', outcome: 'refused', detail: { scope: admission.scope, captcha: site.policies.captcha !== 'off' } });
    if (site.policies.captcha === 'off') {
      await refused();
      throw tooManyFailedLogins(admission.retryAfterSeconds);
    }
    await deps.captcha.require(site, input.captchaTokens, origin.ip).catch(async (error: unknown) => {
      await refused();
      throw error;
    });
  }

  // Unknown addresses and accounts without a password verify a decoy hash: the same answer in the same time.
  const ok = await verifyPassword(member?.passwordHash, password);
  if (!member || !ok) {
    const reason = !member ? 'unknown_account' : member.passwordHash ? 'wrong_password' : 'no_password';
    await deps.ctx.authEvents.record({ ...audit, type: 'sign_in', outcome: 'failure', detail: { reason } });
    if (admission.allowed && admission.exhausts) {
      await deps.ctx.authEvents.record({ ...audit, type: 'lockout', outcome: 'success', detail: { scope: admission.exhausts, begins: true } });
    }
    throw wrongCredentials();
  }
  if (member.passwordResetRequired || member.status === 'BLOCKED') {
    await deps.ctx.authEvents.record({ ...audit, type: 'sign_in', outcome: 'failure', detail: { reason: member.passwordResetRequired ? 'reset_required' : 'blocked' } });
    throw member.passwordResetRequired ? mustResetPassword() : memberBlocked();
  }
  const rehash = needsRehash(member.passwordHash!) ? await hashPassword(password) : undefined;
  return deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    // The throttle's success bookkeeping commits with the session: one commit instead of three or four (#11).
    await loginSucceeded(deps.limiter, attempt, admission, tx);
    if (rehash) await setPassword(tx, site.id, member.id, rehash, now);
    // Signing in again from the same browser changes nothing here: no write.
    if (visitorId !== member.visitorId) await recordVisitor(tx, site.id, member.id, visitorId);
    const deviceToken = (input.clientMetaData as { deviceToken?: unknown } | undefined)?.deviceToken;
    const state = await nextState(tx, deps, site, member, visitorId, { deviceToken });
    await deps.ctx.authEvents.record({ ...audit, type: 'sign_in', outcome: 'success', detail: { state: state.state } }, tx);
    return state;
  });
}

/** POST /_api/iam/verification/v1/auth/verify {code, stateToken} */
export async function verifyDuringAuthentication(deps: IdentityDeps, scope: FlowScope, input: VerifyEmailInput): Promise<StateResponse> {
  const { site, visitorId } = scope;
  if (typeof input.code !== 'string' || !/^\d{6}$/.test(input.code)) throw invalidField('code', 'must be the 6-digit code from the email', 'INVALID_CODE');
  if (typeof input.stateToken !== 'string' || !input.stateToken) throw invalidField('stateToken', 'is required', 'REQUIRED');
  await limitIp(deps, scope.ip, site.id, 'verification');
  const checked = await checkCode(deps.ctx.db, { siteId: site.id, stateToken: input.stateToken, code: input.code, now: deps.ctx.now() });
  return deps.ctx.db.transaction(async (tx) => {
    const now = deps.ctx.now();
    if (!(await consumeVerification(tx, site.id, checked.verificationId, now))) throw unknownVerification();
    await verifyMemberEmail(tx, site.id, checked.memberId, now);
    const member = await findMemberById(tx, site.id, checked.memberId);
    if (!member) throw unknownVerification();
    return nextState(tx, deps, site, member, visitorId ?? checked.visitorId ?? undefined);
  });
}

/** POST /_api/iam/verification/v1/auth/resend {stateToken} */
export async function resendVerification(deps: IdentityDeps, scope: FlowScope, input: ResendVerificationInput): Promise<Record<string, never>> {
  const { site } = scope;
  if (typeof input.stateToken !== 'string' || !input.stateToken) throw invalidField('stateToken', 'is required', 'REQUIRED');
  await limitIp(deps, scope.ip, site.id, 'verification');
  await resendCode(deps.ctx.db, {
    site,
    stateToken: input.stateToken,
    now: deps.ctx.now(),
    memberOf: (tx, memberId) => findMemberById(tx, site.id, memberId),
  });
  return {};
}

/**
 * POST /_api/iam/verification/v1/start {identityId, target: "EMAIL"} → {verificationId}.
 * Only the member themself or a site key may start one (anyone else could spam a member's inbox).
 * The verificationId doubles as the stateToken for /auth/verify.
 */
export async function startForIdentity(deps: IdentityDeps, scope: FlowScope, input: StartVerificationInput): Promise<{ verificationId: string }> {
  const { site, caller } = scope;
  // identityId and target: checked by the route's schema (schemas.ts).
  // No token, or one whose session has ended: the member must sign in (401), not a refusal of who they are.
  if (caller.kind === 'anonymous') throw appError('UNAUTHORIZED', { description: "Send the member's access token or a site API key" });
  const allowed = caller.kind === 'admin' || (caller.kind === 'member' && caller.memberId === input.identityId);
  if (!allowed) throw appError('PERMISSION_DENIED', { description: 'Only the member or a site API key may start a verification' });
  await limitIp(deps, scope.ip, site.id, 'verification');
  return deps.ctx.db.transaction(async (tx) => {
    const member = await findMemberById(tx, site.id, input.identityId);
    if (!member) throw appError('IDENTITY_NOT_FOUND');
    const { stateToken } = await startVerification(tx, { site, member, now: deps.ctx.now() });
    return { verificationId: stateToken };
  });
}

/**
 * POST /_api/iam/authentication/v2/validate-email {email} → {valid, formatInvalid, failure?}.
 * Format only: whether an account uses the address is deliberately not part of the answer.
 */
export async function validateEmail(deps: IdentityDeps, scope: FlowScope, input: ValidateEmailInput): Promise<{ valid: boolean; formatInvalid: boolean; failure?: { reason: string } }> {
  const { site } = scope;
  await limitIp(deps, scope.ip, site.id, 'verification');
  const valid = isEmail(input.email);
  return valid ? { valid: true, formatInvalid: false } : { valid: false, formatInvalid: true, failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' } };
}
