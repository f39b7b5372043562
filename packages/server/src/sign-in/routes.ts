import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { type IdentityDeps, SSO_PREFIX } from '../identity/index.js';
import { CaptchaVerifier, perIpLimit } from '../security/index.js';
import { privateNetworksAllowed } from '../http/outbound/index.js';
import { authorizePage, authorizeSubmit } from './authorize.js';
import { logoutPage, logoutSubmit } from './logout.js';
import { PASSKEY_LIBRARY_PATH, sendPasskeyLibrary } from './passkey-step.js';
import { AUTHORIZE_PATH, createRedirectSession, LOGOUT_PATH } from './redirect-sessions.js';
import { SIGN_IN_SCHEMAS as S, type ConnectParams, type ProviderParams } from './schemas.js';
import { beginAtProvider, startProviderLogin } from './sso-browser-flow.js';
import { providerCallback } from './sso-callback.js';
import { continueWithSessionToken } from './session-token-callback.js';
import { startConnect } from './sso-connect.js';

/**
 * How a shopper ends up with tokens (issue #4, #15): redirect sessions, the hosted pages behind their
 * fullUrl (sign in, register, verify, second step, recovery, sign out), the hosted browser session and the
 * browser legs of a provider sign-in. The pages run the identity flows (identity/) with the same rate
 * limits, captcha and lockout as the JSON routes; their codes are exchanged by the token endpoint's
 * authorization_code grant (oauth/code-grant.ts).
 */
export const signInRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limiter = ctx.limiter;
  const captcha = new CaptchaVerifier({
    db: ctx.db,
    secret: ctx.tokens.keys.secretFor('altcha'),
    now: ctx.now,
    allowPrivateNetworks: privateNetworksAllowed(ctx.config),
    log: ctx.log,
  });
  const deps: IdentityDeps = { ctx, limiter, captcha };
  const scope = { ctx, deps };

  const perMinute = redirectSessionLimit();
  const preHandler =
    perMinute > 0
      ? perIpLimit(limiter, { name: 'redirect-session', limit: perMinute, windowSeconds: 60, style: 'envelope' })
      : undefined;
  for (const path of ['/_api/redirects-api/v1/redirect-session', '/headless/v1/redirect-session']) {
    app.post(path, { schema: S.redirectSession, ...(preHandler ? { preHandler } : {}) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createRedirectSession(ctx, request);
    });
  }

  app.get(AUTHORIZE_PATH, { schema: S.authorizePage }, (request, reply) => authorizePage(scope, request, reply));
  app.post(AUTHORIZE_PATH, { schema: S.authorizeSubmit, bodyLimit: 32 * 1024 }, (request, reply) =>
    authorizeSubmit(scope, request, reply),
  );
  app.get(LOGOUT_PATH, { schema: S.logoutPage }, (request, reply) => logoutPage(scope, request, reply));
  app.post(LOGOUT_PATH, { schema: S.logoutSubmit, bodyLimit: 4 * 1024 }, (request, reply) =>
    logoutSubmit(scope, request, reply),
  );
  app.get(PASSKEY_LIBRARY_PATH, { schema: S.passkeyLibrary }, (_request, reply) => sendPasskeyLibrary(reply));

  // A provider sign-in's browser legs (sso-browser-flow.ts, sso-callback.ts, session-token-callback.ts); the authentication family mounts each once (docs/wire-format.md §1.2).
  app.get<{ Params: ProviderParams }>(
    `${SSO_PREFIX}/sso/login/:tenantId/:idpConnectionId`,
    { schema: S.ssoLogin },
    (request, reply) => startProviderLogin(scope, request, reply),
  );
  app.get(`${SSO_PREFIX}/sso/callback`, { schema: S.ssoCallback }, (request, reply) =>
    providerCallback(scope, request, reply),
  );
  app.post(`${SSO_PREFIX}/sso/callback`, { schema: S.ssoCallbackPost, bodyLimit: 64 * 1024 }, (request, reply) =>
    providerCallback(scope, request, reply),
  );
  app.get(`${SSO_PREFIX}/callback`, { schema: S.ssoContinue }, (request, reply) =>
    continueWithSessionToken(scope, request, reply),
  );
  app.post<{ Params: ConnectParams }>(
    `${SSO_PREFIX}/sso/connect/:idpConnectionId`,
    { schema: S.ssoConnect },
    (request, reply) =>
      startConnect(deps, request, reply, (idp, session, r) =>
        beginAtProvider(ctx, { id: session.siteId }, idp, session, r),
      ),
  );

  // Spent and expired rows are of no further use; an hourly sweep keeps the tables small.
  // (api_key_audit is kept: it is the audit trail.)
  const sweep = async () => {
    const cutoff = new Date(ctx.now() - 24 * 3600 * 1000);
    for (const table of ['redirect_sessions', 'account_redirects', 'authorization_codes', 'browser_sessions']) {
      await ctx.db.query(`delete from ${table} where expires_at < $1`, [cutoff]).catch(() => {});
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), 3600 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

/** Redirect sessions per IP and minute; `VITRINE_REDIRECT_RATE_LIMIT=0` turns the limit off (benchmarks). */
function redirectSessionLimit(): number {
  const raw = process.env.VITRINE_REDIRECT_RATE_LIMIT;
  const n = raw === undefined ? 300 : Number(raw);
  return Number.isInteger(n) && n >= 0 ? n : 300;
}
