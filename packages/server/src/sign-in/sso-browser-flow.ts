import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../context.js';
import type { Scope } from './pages.js';
import { ApiError } from '../errors/wire.js';
import { ERRORS } from '../errors/catalogue.js';
import type { RedirectSession } from '../oauth/redirect-store.js';
import { randomToken, clientIp } from '../security/index.js';
import {
  limitIp,
  callbackUrl,
  findIdentityProvider,
  ProviderUnavailable,
  providerFor,
  type Provider,
  insertPendingLogin,
  LOGIN_TTL_SECONDS,
} from '../identity/index.js';
import { ssoErrorPage } from './sso-pages.js';
import type { IdentityProviderConfig } from '../config/types.js';
import { matchLanguage, siteLanguages } from '../i18n/index.js';
import { isConnectSession } from './sso-connect.js';
import { outboundPolicy } from '../http/outbound/index.js';
import { pageQuery } from '../http/pages/input.js';
import type { ProviderParams } from './schemas.js';
import { sessionOf, setFlowCookie, str, unavailable, usable } from './sso-flow-common.js';

/**
 * The browser side of a provider sign-in (issue #15), the way out: to the provider with state, nonce
 * and PKCE bound to this browser. The way back is sso-callback.ts.
 */

/** GET /v1/sso/login/{tenantId}/{idpConnectionId}?tenantType=SITE&sessionId=<redirect session id> */
export async function startProviderLogin(
  scope: Scope,
  request: FastifyRequest<{ Params: ProviderParams }>,
  reply: FastifyReply,
): Promise<unknown> {
  const { ctx } = scope;
  const { params } = request;
  const query = pageQuery(request);
  const site = ctx.sites.get(params.tenantId);
  const idp = site && findIdentityProvider(site, params.idpConnectionId);
  const session = await sessionOf(ctx, str(query.sessionId, 100));
  // Named refusals (docs/providers.md): a Wix account's or root tenant, and what only Wix's other modes use.
  const refusal = unservedLoginOption(query);
  if (refusal) {
    const error = ERRORS[refusal.code];
    return ssoErrorPage(ctx, reply, request, {
      status: error.status,
      session,
      title: 'sso.notOffered.title',
      text: refusal.code === 'TENANT_TYPE_NOT_SUPPORTED' ? 'sso.tenantType.text' : 'sso.parameter.text',
      values: { ...refusal.values, code: error.code },
    });
  }
  if (!site || !idp) {
    return ssoErrorPage(ctx, reply, request, {
      status: 404,
      session,
      title: 'page.invalidLink.title',
      text: 'sso.noSuchOption.text',
    });
  }
  // The visitor (whose cart follows the member) and the client come from the redirect session, which
  // the shop created with the visitor's token; a `visitorId` in the address is not trusted.
  // A connect flow starts only from the member's own authenticated request (connect.ts), never from a link.
  if (!usable(ctx, session, site.id) || isConnectSession(session)) {
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.linkExpired.title',
      text: 'sso.linkExpired.text',
    });
  }
  try {
    await limitIp(scope.deps, clientIp(request), site.id, 'login');
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return ssoErrorPage(ctx, reply, request, {
      status: error.status,
      session,
      title: 'sso.tooMany.title',
      text: 'sso.tooMany.text',
    });
  }
  let provider;
  try {
    provider = await providerFor(site, idp, ctx.now(), outboundPolicy(ctx.config));
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    ctx.log.warn({ idp: idp.id, err: error.cause }, 'identity provider discovery failed');
    return unavailable(ctx, request, reply, idp.name, session);
  }
  // The button's `?lang=` (the hosted page's explicit choice) is kept for the pages after the callback.
  const language = matchLanguage(siteLanguages(site), query.lang);
  return reply
    .code(302)
    .header('cache-control', 'no-store')
    .header('location', await beginAtProvider(ctx, site, idp, session, reply, provider, language))
    .send();
}

/**
 * What the start of a provider sign-in does not serve, by name: `tenantType` other than SITE (ACCOUNT is a Wix
 * user's account, ROOT Wix itself; Vitrine has neither), a `customPayload` (Wix hands it to its own flows) and an
 * `encryptionKey` (Wix's BroadcastChannel answer mode: the result posted, encrypted, to `wix-idp-<sessionId>`;
 * here the sign-in always continues through its redirect session, so a page waiting for that message would wait
 * forever). Empty values count as absent.
 */
export function unservedLoginOption(
  query: Record<string, unknown>,
): { code: 'TENANT_TYPE_NOT_SUPPORTED' | 'SSO_PARAMETER_NOT_SUPPORTED'; values: Record<string, string> } | undefined {
  const tenantType = query.tenantType;
  if (tenantType !== undefined && tenantType !== '' && tenantType !== 'SITE')
    return { code: 'TENANT_TYPE_NOT_SUPPORTED', values: { tenantType: String(tenantType).slice(0, 40) } };
  for (const [key, value] of Object.entries(query)) {
    const name = key === 'encryptionKey' ? key : /^customPayload(\W|$)/.test(key) ? 'customPayload' : undefined;
    if (name && value !== undefined && value !== '')
      return { code: 'SSO_PARAMETER_NOT_SUPPORTED', values: { parameter: name } };
  }
  return undefined;
}

/**
 * Records the sign-in (state, nonce, PKCE verifier), binds it to this browser with the flow cookie and
 * answers the provider's authorization address. Shared by sign-in and connect-while-signed-in.
 */
export async function beginAtProvider(
  ctx: AppContext,
  site: { id: string },
  idp: IdentityProviderConfig,
  session: RedirectSession,
  reply: FastifyReply,
  known?: Provider,
  language?: string,
): Promise<string> {
  const provider = known ?? (await providerFor(ctx.sites.get(site.id)!, idp, ctx.now(), outboundPolicy(ctx.config)));
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const browser = randomToken();
  await ctx.db.transaction((tx) =>
    insertPendingLogin(
      tx,
      state,
      browser,
      { siteId: site.id, idpConnectionId: idp.id, redirectSessionId: session.id, nonce, codeVerifier, language },
      ctx.now(),
    ),
  );
  const target = oidc.buildAuthorizationUrl(provider.config, {
    redirect_uri: callbackUrl(ctx),
    scope: idp.scopes.join(' '),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(idp.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
  });
  setFlowCookie(ctx, reply, browser, LOGIN_TTL_SECONDS);
  return target.href;
}
