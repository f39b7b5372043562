import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { NO_STORE } from '../http/no-store.js';
import { applicationSchemaErrorFormatter, identitySchemaErrorFormatter } from '../http/schemas/schema-errors.js';
import { CaptchaVerifier } from '../security/index.js';
import { privateNetworksAllowed } from '../http/outbound/index.js';
import { changePassword } from './flows/change-password.js';
import { login } from './flows/login.js';
import { getMyMember, patchMyMember } from './flows/my-member.js';
import { register } from './flows/register.js';
import { signOn } from './flows/sign-on.js';
import { signOut } from './flows/sign-out.js';
import {
  resendVerification,
  startForIdentity,
  validateEmail,
  verifyDuringAuthentication,
} from './flows/verify-email.js';
import type { IdentityDeps } from './common.js';
import { startHousekeeping } from './housekeeping.js';
import { membersApiRoutes } from './members-api/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import {
  activationClientId,
  recover,
  recoveryClientId,
  sendActivationEmail,
  sendRecoveryEmail,
} from './flows/recover.js';
import { callerScopeOf, memberScopeOf, originOfRequest, scopeOf } from './request-scope.js';
import { resetPasswordPage } from './reset-page.js';
import { IDENTITY_SCHEMAS as S } from './schemas.js';
import { ssoRoutes } from './sso/routes.js';
import { named } from '../http/named-plugin.js';

/**
 * Member accounts (issue #3): the identity endpoints of docs/wire-format.md §6–7 on their canonical paths,
 * the recovery alias family of §1.2, the hosted reset page and the account page's profile endpoint.
 * Each route is an adapter: it builds the flow's scope from the request (request-scope.ts) and hands the
 * body its schema typed to the flow (flows/*), which knows nothing of HTTP.
 */
export const identityRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const captcha = new CaptchaVerifier({
    db: ctx.db,
    secret: ctx.tokens.keys.secretFor('altcha'),
    now: ctx.now,
    allowPrivateNetworks: privateNetworksAllowed(ctx.config),
    log: ctx.log,
  });
  const deps: IdentityDeps = { ctx, limiter: ctx.limiter, captcha };
  const stopHousekeeping = startHousekeeping(ctx.db, ctx.now, ctx.log);
  app.addHook('onClose', async () => {
    stopHousekeeping();
  });

  // A failing schema answers as these routes always have (http/schemas/schema-errors.ts).
  const schemaErrorFormatter = identitySchemaErrorFormatter;
  const authn = '/_api/iam/authentication';
  app.post(`${authn}/v2/register`, { schema: S.register, schemaErrorFormatter }, async (request) =>
    register(deps, await scopeOf(request, ctx), request.body),
  );
  // Login failures are application errors only (docs/wire-format.md §8.3).
  app.post(
    `${authn}/v2/login`,
    { schema: S.login, schemaErrorFormatter: applicationSchemaErrorFormatter },
    async (request) => login(deps, await scopeOf(request, ctx), request.body),
  );
  app.post(`${authn}/v2/change-password`, { schema: S.changePassword, schemaErrorFormatter }, async (request) =>
    changePassword(deps, await memberScopeOf(request, ctx), request.body),
  );
  app.post(`${authn}/v2/sign-on`, { schema: S.signOn, schemaErrorFormatter }, async (request) =>
    signOn(deps, await callerScopeOf(request, ctx), request.body),
  );
  app.post(`${authn}/v2/validate-email`, { schema: S.validateEmail, schemaErrorFormatter }, async (request) =>
    validateEmail(deps, await scopeOf(request, ctx), request.body),
  );
  // A browser redirect or JSON: the plain instance (the typed one knows the 200 answer only).
  fastify.get<{ Querystring: Static<typeof S.logout.querystring> }>(
    `${authn}/v1/logout`,
    { schema: S.logout, schemaErrorFormatter },
    async (request, reply) => {
      const { clientId, postLogoutRedirectUri: target } = request.query;
      // Only to a URI the client registered (no open redirect); checked before the session ends.
      let redirect: string | undefined;
      if (target !== undefined && target !== '') {
        const entry = ctx.sites.findClient(clientId);
        if (!entry) throw invalidField('clientId', 'is not a known client', 'UNKNOWN_CLIENT');
        redirect = ctx.sites.normalizeRedirect(entry.client, target);
        if (!redirect)
          throw invalidField(
            'postLogoutRedirectUri',
            'is not registered for this client (or is not a clean URL)',
            'REDIRECT_NOT_ALLOWED',
          );
      }
      // An already-ended session is not an error here: logging out twice is still logged out.
      const scope = await callerScopeOf(request, ctx).catch(() => ({
        caller: { kind: 'anonymous' as const },
        ip: originOfRequest(request).ip,
      }));
      await signOut(deps, scope);
      if (redirect) return reply.code(302).header('location', redirect).header('cache-control', 'no-store').send();
      return {};
    },
  );
  await app.register(named(mfaRoutes), { deps });
  await app.register(named(ssoRoutes), { deps });
  // The Members API (`@wix/members`) on its canonical paths (members-api/routes.ts).
  await app.register(named(membersApiRoutes), { deps });

  const verification = '/_api/iam/verification/v1';
  app.post(`${verification}/auth/verify`, { schema: S.verify, schemaErrorFormatter }, async (request) =>
    verifyDuringAuthentication(deps, await scopeOf(request, ctx), request.body),
  );
  app.post(`${verification}/auth/resend`, { schema: S.resend, schemaErrorFormatter }, async (request) =>
    resendVerification(deps, await scopeOf(request, ctx), request.body),
  );
  // `Start`: the SDK's spelling in some builds.
  for (const start of ['start', 'Start']) {
    app.post(`${verification}/${start}`, { schema: S.start, schemaErrorFormatter }, async (request) =>
      startForIdentity(deps, await scopeOf(request, ctx), request.body),
    );
  }

  for (const recovery of ['/_api/iam/recovery/v1', '/_iam/recovery/v1']) {
    app.post(`${recovery}/send-email`, { schema: S.sendRecoveryEmail, schemaErrorFormatter }, async (request) =>
      sendRecoveryEmail(deps, await scopeOf(request, ctx, recoveryClientId(request.body)), request.body),
    );
    app.post(`${recovery}/recover`, { schema: S.recover, schemaErrorFormatter }, async (request) =>
      recover(deps, originOfRequest(request), request.body),
    );
    app.post(`${recovery}/activation-email`, { schema: S.activationEmail, schemaErrorFormatter }, async (request) =>
      sendActivationEmail(deps, await scopeOf(request, ctx, activationClientId(request.body)), request.body),
    );
  }

  app.get('/reset-password', { schema: S.resetPage }, (request, reply) => resetPasswordPage(ctx, request, reply));
  app.get('/_api/iam/captcha/v1/altcha/challenge', { schema: S.altcha }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.altchaChallenge();
  });

  // The member's whole profile: never kept in a cache (http/no-store.ts).
  app.get('/_api/members/v1/members/my', { schema: S.myMember, config: NO_STORE }, async (request) =>
    getMyMember(deps, await memberScopeOf(request, ctx)),
  );
  app.patch(
    '/_api/members/v1/members/my',
    { schema: S.patchMyMember, schemaErrorFormatter, config: NO_STORE },
    async (request) => patchMyMember(deps, await memberScopeOf(request, ctx), request.body),
  );
};
