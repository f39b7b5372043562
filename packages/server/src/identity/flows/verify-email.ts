/** Email verification: the code from the mail during sign-in, a new code, a verification for a member, the address format. */
import { invalidField } from '../../errors/wire.js';
import { appError } from '../../errors/catalogue.js';
import type { FlowScope } from '../flow.js';
import { isEmail, limitIp, nextState, type IdentityDeps, type StateResponse } from '../common.js';
import { findMemberById, verifyMemberEmail } from '../../members/index.js';
import { checkCode, consumeVerification, resendCode, startVerification, unknownVerification } from '../verification.js';
import type {
  ResendVerificationInput,
  StartVerificationInput,
  ValidateEmailInput,
  VerifyEmailInput,
} from '../schemas.js';

/** POST /_api/iam/verification/v1/auth/verify {code, stateToken} */
export async function verifyDuringAuthentication(
  deps: IdentityDeps,
  scope: FlowScope,
  input: VerifyEmailInput,
): Promise<StateResponse> {
  const { site, visitorId } = scope;
  if (typeof input.code !== 'string' || !/^\d{6}$/.test(input.code))
    throw invalidField('code', 'must be the 6-digit code from the email', 'INVALID_CODE');
  if (typeof input.stateToken !== 'string' || !input.stateToken)
    throw invalidField('stateToken', 'is required', 'REQUIRED');
  await limitIp(deps, scope.ip, site.id, 'verification');
  const checked = await checkCode(deps.ctx.db, {
    siteId: site.id,
    stateToken: input.stateToken,
    code: input.code,
    now: deps.ctx.now(),
  });
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
export async function resendVerification(
  deps: IdentityDeps,
  scope: FlowScope,
  input: ResendVerificationInput,
): Promise<Record<string, never>> {
  const { site } = scope;
  if (typeof input.stateToken !== 'string' || !input.stateToken)
    throw invalidField('stateToken', 'is required', 'REQUIRED');
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
export async function startForIdentity(
  deps: IdentityDeps,
  scope: FlowScope,
  input: StartVerificationInput,
): Promise<{ verificationId: string }> {
  const { site, caller } = scope;
  // identityId and target: checked by the route's schema (schemas.ts).
  // No token, or one whose session has ended: the member must sign in (401), not a refusal of who they are.
  if (caller.kind === 'anonymous')
    throw appError('UNAUTHORIZED', { description: "Send the member's access token or a site API key" });
  const allowed = caller.kind === 'admin' || (caller.kind === 'member' && caller.memberId === input.identityId);
  if (!allowed)
    throw appError('PERMISSION_DENIED', { description: 'Only the member or a site API key may start a verification' });
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
export async function validateEmail(
  deps: IdentityDeps,
  scope: FlowScope,
  input: ValidateEmailInput,
): Promise<{ valid: boolean; formatInvalid: boolean; failure?: { reason: string } }> {
  const { site } = scope;
  await limitIp(deps, scope.ip, site.id, 'verification');
  const valid = isEmail(input.email);
  return valid
    ? { valid: true, formatInvalid: false }
    : { valid: false, formatInvalid: true, failure: { reason: 'EMAIL_DOMAIN_FORMAT_INVALID' } };
}
