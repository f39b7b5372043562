import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { httpErrors, invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import {
  admitLoginAttempt,
  loginSucceeded,
  type LoginAttempt,
  clientIp,
  verifyPassword,
  requireConfirmedEmail,
} from '../security/index.js';
import { recordOwnerEvent } from './access.js';
import { isOwnerEmail } from './invite.js';
import { csrfTokenFor, startOwnerSession } from './sessions.js';
import { claimTotpStep, findOwnerByEmail, ownerView } from './store.js';
import { matchingStep } from './two-factor.js';

// Owners share the members' per-account throttle (security/login-throttle.ts) under a key space of their own.
const OWNER_THROTTLE_SCOPE = '_owners';

const body = (request: FastifyRequest) =>
  (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

/**
 * POST /_admin/v1/console/sign-in {email, password, code?} → the owner and the session's CSRF value,
 * with the session cookie. An owner with two-factor gets `{twoFactorRequired: true}` (no cookie) until
 * the request also carries a valid, unused code. Each attempt counts against the lockout budget first.
 */
export async function signIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const input = body(request);
  if (!isOwnerEmail(input.email)) throw invalidField('email', 'must be a valid email', 'INVALID_EMAIL');
  requireConfirmedEmail(input.email, 'email');
  if (typeof input.password !== 'string' || !input.password || input.password.length > 256)
    throw invalidField('password', 'is required', 'REQUIRED');
  const email = input.email.trim();
  const attempt: LoginAttempt = { siteId: OWNER_THROTTLE_SCOPE, email, ip: clientIp(request) };
  const admission = await admitLoginAttempt(ctx.limiter, attempt);
  if (!admission.allowed) {
    await recordOwnerEvent(ctx, request, {
      type: 'owner_sign_in',
      outcome: 'refused',
      email,
      detail: { reason: 'locked', scope: admission.scope },
    });
    throw httpErrors.tooManyRequests(admission.retryAfterSeconds, 'Too many sign-in attempts; try again later');
  }
  const owner = await findOwnerByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(owner?.passwordHash, input.password);
  if (!owner || !passwordOk) {
    await recordOwnerEvent(ctx, request, {
      type: 'owner_sign_in',
      outcome: 'failure',
      email,
      owner,
      detail: { reason: 'bad_credentials' },
    });
    throw appError('INVALID_CREDENTIALS');
  }
  if (owner.totpEnabled) {
    // The attempt stays counted: knowing the password must not buy unlimited code guesses.
    if (input.code === undefined || input.code === '') return { twoFactorRequired: true };
    const step = matchingStep(ctx.config, owner, input.code, ctx.now());
    if (step === undefined || !(await claimTotpStep(ctx.db, owner.id, step))) {
      await recordOwnerEvent(ctx, request, {
        type: 'owner_sign_in',
        outcome: 'failure',
        email,
        owner,
        detail: { reason: 'bad_code' },
      });
      throw appError('INVALID_TWO_FACTOR_CODE');
    }
  }
  const token = await startOwnerSession(ctx, reply, owner.id);
  await loginSucceeded(ctx.limiter, attempt, admission);
  await recordOwnerEvent(ctx, request, {
    type: 'owner_sign_in',
    outcome: 'success',
    email,
    owner,
    detail: { twoFactor: owner.totpEnabled },
  });
  return { owner: ownerView(owner), csrfToken: csrfTokenFor(ctx, token) };
}
