import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
export type { FlowScope } from './flow.js';
import { ValidationError, httpErrors, type FieldViolation } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import {
  confirmationViolation,
  emailNeedsConfirmation,
  type CaptchaVerifier,
  type RateLimiter,
} from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { loadWireIdentity, type WireIdentity } from './identity-view.js';
import { type Member, emitMemberEvent } from '../members/index.js';
import { issueSessionToken } from '../sessions/session-tokens.js';
import { startVerification } from './verification.js';
import { secondFactorStep, type MfaStateData } from './mfa/gate.js';
import { listConnections } from './sso/store.js';

/** What every identity flow needs besides the request: the app context and the shared guards. */
export interface IdentityDeps {
  ctx: AppContext;
  limiter: RateLimiter;
  captcha: CaptchaVerifier;
}

/** Per-IP limits. Exported so an operator (or a test) can tune them; keys always include the site. */
export const ipLimits = {
  login: { limit: 50, windowSeconds: 300 },
  register: { limit: 20, windowSeconds: 600 },
  recovery: { limit: 10, windowSeconds: 900 },
  verification: { limit: 30, windowSeconds: 900 },
};

/** `VITRINE_AUTH_RATE_LIMITS=0` turns the per-IP limits off: for load benchmarks from one address only. */
const ipLimitsOff = () => process.env.VITRINE_AUTH_RATE_LIMITS === '0';

export async function limitIp(
  deps: IdentityDeps,
  ip: string,
  siteId: string,
  action: keyof typeof ipLimits,
): Promise<void> {
  if (ipLimitsOff()) return;
  const result = await deps.limiter.hit(`ip:${action}:${siteId}:${ip}`, ipLimits[action]);
  if (!result.allowed) throw httpErrors.tooManyRequests(result.retryAfterSeconds);
}

// Deliberately plain: one @, no spaces or control characters, a dot in the domain. Deliverability is the mail's job.
const EMAIL = /^[^\s@\p{Cc}]{1,64}@[^\s@\p{Cc}.]+(\.[^\s@\p{Cc}.]+)+$/u;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim());
}

export { confirmationViolation };

/** The same for routes that answer application errors only (login, docs/wire-format.md §8.3). */
export function refuseUnconfirmedEmail(email: string): void {
  const normalizedEmail = emailNeedsConfirmation(email);
  if (normalizedEmail)
    throw appError('EMAIL_NEEDS_CONFIRMATION', {
      description: `This address is read as ${normalizedEmail}; sign in with that address`,
      data: { normalizedEmail },
    });
}

/** The `loginId.email` violation the reference client turns into `invalidEmail` (data.type = EMAIL). */
export function emailViolation(loginId: unknown, field = 'loginId.email'): FieldViolation | undefined {
  const email = loginId && typeof loginId === 'object' ? (loginId as Record<string, unknown>).email : undefined;
  if (isEmail(email)) return confirmationViolation(email, field);
  return {
    field,
    description: email === undefined || email === '' ? 'is required' : 'must be a valid email',
    violatedRule: 'FORMAT',
    ruleName: 'INVALID_EMAIL',
    data: { type: 'EMAIL' },
  };
}

export function emailOf(loginId: unknown): string {
  return String((loginId as Record<string, unknown>).email).trim();
}

export function throwViolations(violations: (FieldViolation | undefined)[]): void {
  const list = violations
    .filter((v): v is FieldViolation => v !== undefined)
    .sort((a, b) => a.field.localeCompare(b.field));
  if (list.length) throw new ValidationError(list);
}

export const memberBlocked = () => appError('MEMBER_BLOCKED');

/** StateMachineResponse of docs/wire-format.md §6.3. */
export interface StateResponse extends MfaStateData {
  state: 'SUCCESS' | 'REQUIRE_EMAIL_VERIFICATION' | 'REQUIRE_OWNER_APPROVAL' | 'REQUIRE_MFA' | 'MFA_CHALLENGE';
  sessionToken?: string;
  stateToken?: string;
  identity: WireIdentity;
  additionalData: Record<string, unknown>;
}

export interface NextStateOptions {
  /** `clientMetaData.deviceToken` of the request: a remembered device skips the second step. */
  deviceToken?: unknown;
  /** The second factor was just verified (identity/mfa): go straight to the session token. */
  secondFactorPassed?: boolean;
}

/**
 * The next step for a member who has proven who they are: email verification first (when the site
 * requires it), then owner approval, then the second factor (identity/mfa), then a one-time session token. Runs inside the caller's
 * transaction so a verification mail or a session token exists only if the whole step commits.
 */
export async function nextState(
  tx: Queryable,
  deps: IdentityDeps,
  site: SiteConfig,
  member: Member,
  visitorId: string | undefined,
  options: NextStateOptions = {},
): Promise<StateResponse> {
  const now = deps.ctx.now();
  if (member.status === 'BLOCKED') throw memberBlocked();
  const identity = await loadWireIdentity(tx, site, member);
  // Sites with providers list the member's connections in every answer (issue #15); others skip the query.
  if (site.identityProviders?.length) identity.connections = await listConnections(tx, site.id, member.id);
  if (site.policies.emailVerification === 'required' && !member.emailVerified) {
    const { stateToken } = await startVerification(tx, { site, member, visitorId, now });
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity, additionalData: {} };
  }
  if (!member.approved) return { state: 'REQUIRE_OWNER_APPROVAL', identity, additionalData: {} };
  if (!options.secondFactorPassed) {
    // The identity has just read the member's active factors: without any, the second step need not read them again.
    const hasActiveFactors = identity.factors.some((f) => f.type !== 'PASSWORD');
    const secondStep = await secondFactorStep(tx, deps.ctx, {
      site,
      member: { ...member, hasActiveFactors },
      visitorId,
      identity,
      deviceToken: options.deviceToken,
    });
    if (secondStep) return secondStep;
  }
  const sessionToken = await issueSessionToken(tx, { siteId: site.id, memberId: member.id, visitorId }, now);
  await emitMemberEvent(tx, { siteId: site.id, memberId: member.id, member, type: 'member.signed_in', now });
  return { state: 'SUCCESS', sessionToken, identity, additionalData: {} };
}
