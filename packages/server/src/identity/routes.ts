import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { CaptchaVerifier } from '../security/captcha.js';
import { changePassword, getMyMember, logout, patchMyMember, signOn } from './account.js';
import { login, register, resendVerification, startForIdentity, validateEmail, verifyDuringAuthentication } from './auth.js';
import type { IdentityDeps } from './common.js';
import { startHousekeeping } from './housekeeping.js';
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.js';
import { resetPasswordPage } from './reset-page.js';
import { registerMfaRoutes } from './mfa/routes.js';
import { registerSsoRoutes } from './sso/routes.js';
import { IDENTITY_SCHEMAS as S } from './schemas.js';
import { applicationSchemaErrorFormatter, identitySchemaErrorFormatter } from '../http/schemas/schema-errors.js';

/**
 * Member accounts (issue #3): the identity endpoints of wire-contract §6–7 on their canonical paths,
 * the recovery alias family of §1.2, the hosted reset page and the account page's profile endpoint.
 * Handlers stay thin; the flows live in auth.ts, recovery.ts and account.ts.
 */
export function registerIdentityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limiter = ctx.limiter;
  const captcha = new CaptchaVerifier({ db: ctx.db, secret: ctx.tokens.keys.secretFor('altcha'), now: ctx.now, log: ctx.log });
  const deps: IdentityDeps = { ctx, limiter, captcha };
  const stopHousekeeping = startHousekeeping(ctx.db, ctx.now, ctx.log);
  app.addHook('onClose', async () => {
    stopHousekeeping();
  });

  // Schemas (identity/schemas.ts); a failing one answers as these routes always have.
  const opts = <T>(schema: T) => ({ schema, schemaErrorFormatter: identitySchemaErrorFormatter });
  const authn = '/_api/iam/authentication';
  app.post(`${authn}/v2/register`, opts(S.register), (request) => register(deps, request));
  app.post(`${authn}/v2/login`, { schema: S.login, schemaErrorFormatter: applicationSchemaErrorFormatter }, (request) => login(deps, request));
  app.post(`${authn}/v2/change-password`, opts(S.changePassword), (request) => changePassword(deps, request));
  app.post(`${authn}/v2/sign-on`, opts(S.signOn), (request) => signOn(deps, request));
  app.post(`${authn}/v2/validate-email`, opts(S.validateEmail), (request) => validateEmail(deps, request));
  app.get(`${authn}/v1/logout`, opts(S.logout), (request, reply) => logout(deps, request, reply));
  registerMfaRoutes(app, deps);
  registerSsoRoutes(app, deps);

  const verification = '/_api/iam/verification/v1';
  app.post(`${verification}/auth/verify`, opts(S.verify), (request) => verifyDuringAuthentication(deps, request));
  app.post(`${verification}/auth/resend`, opts(S.resend), (request) => resendVerification(deps, request));
  app.post(`${verification}/start`, opts(S.start), (request) => startForIdentity(deps, request));
  // The SDK's `Start` spelling in some builds.
  app.post(`${verification}/Start`, opts(S.start), (request) => startForIdentity(deps, request));

  for (const recovery of ['/_api/iam/recovery/v1', '/_iam/recovery/v1']) {
    app.post(`${recovery}/send-email`, opts(S.sendRecoveryEmail), (request) => sendRecoveryEmail(deps, request));
    app.post(`${recovery}/recover`, opts(S.recover), (request) => recover(deps, request));
    app.post(`${recovery}/activation-email`, opts(S.activationEmail), (request) => sendActivationEmail(deps, request));
  }

  app.get('/reset-password', { schema: S.resetPage }, (request, reply) => resetPasswordPage(ctx, request, reply));
  app.get('/_api/iam/captcha/v1/altcha/challenge', { schema: S.altcha }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.altchaChallenge();
  });

  app.get('/_api/members/v1/members/my', { schema: S.myMember }, (request) => getMyMember(deps, request));
  app.patch('/_api/members/v1/members/my', opts(S.patchMyMember), (request) => patchMyMember(deps, request));
}
