import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { IdentityDeps } from '../identity/common.js';
import { AUTHORIZE_PATH, LOGOUT_PATH } from '../oauth/redirect-sessions.js';
import { CaptchaVerifier } from '../security/captcha.js';
import type { RateLimiter } from '../security/rate-limit.js';
import { authorizePage, authorizeSubmit } from './authorize.js';
import { logoutPage, logoutSubmit } from './logout.js';
import { registerPasskeyLibrary } from './passkey-step.js';

/**
 * The pages behind a redirect session's fullUrl. They run the identity flows themselves (same
 * rate limits, captcha and lockout: the limiter and captcha state live in the database or Redis).
 */
export function registerHostedRoutes(app: FastifyInstance, ctx: AppContext, limiter: RateLimiter): void {
  const captcha = new CaptchaVerifier({ db: ctx.db, secret: ctx.tokens.keys.secretFor('altcha'), now: ctx.now, log: ctx.log });
  const deps: IdentityDeps = { ctx, limiter, captcha };
  const scope = { ctx, deps };
  app.get(AUTHORIZE_PATH, (request, reply) => authorizePage(scope, request, reply));
  app.post(AUTHORIZE_PATH, { bodyLimit: 32 * 1024 }, (request, reply) => authorizeSubmit(scope, request, reply));
  app.get(LOGOUT_PATH, (request, reply) => logoutPage(scope, request, reply));
  app.post(LOGOUT_PATH, { bodyLimit: 4 * 1024 }, (request, reply) => logoutSubmit(scope, request, reply));
  registerPasskeyLibrary(app);
}
