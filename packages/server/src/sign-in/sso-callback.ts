import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { afterState } from './authorize.js';
import { readCookies } from '../http/cookies.js';
import type { Scope } from './pages.js';
import { ApiError } from '../errors/wire.js';
import { requestOrigin } from '../security/index.js';
import {
  callbackUrl,
  findIdentityProvider,
  onServerClock,
  ProviderUnavailable,
  providerFor,
  signInWithProvider,
  claimsWithUserInfo,
  consumePendingLogin,
  findPendingLogin,
} from '../identity/index.js';
import { ssoErrorPage } from './sso-pages.js';
import { withRequestLanguage } from '../i18n/index.js';
import { pageLanguage } from '../http/pages/language.js';
import { finishConnect, isConnectSession } from './sso-connect.js';
import { outboundPolicy } from '../http/outbound/index.js';
import { pageQuery } from '../http/pages/input.js';
import { flowCookie, sessionOf, setFlowCookie, str, unavailable, usable } from './sso-flow-common.js';

/**
 * The way back from a provider sign-in (issue #15): the callback checks the answer with openid-client,
 * then signs the member in, links or connects, and goes on to the redirect session the shop started.
 */

/** The provider's answer: query parameters, or a form post (response_mode form_post). */
function answerParams(request: FastifyRequest): URLSearchParams {
  if (request.method === 'POST') {
    const body = request.body;
    if (typeof body === 'string') return new URLSearchParams(body);
    if (body && typeof body === 'object')
      return new URLSearchParams(
        Object.entries(body as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    return new URLSearchParams();
  }
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(pageQuery(request))) if (typeof value === 'string') out.set(key, value);
  return out;
}

/** Network trouble talking to the provider, as opposed to an answer that fails a check. */
const isNetworkError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'AbortError' || error.name === 'TimeoutError' || error.message === 'fetch failed');

/** The page for each provider sign-in that cannot go on (identity/sso/sign-in.ts): why, and what to do. */
const REFUSED_OUTCOMES = {
  'account-exists': { status: 409, title: 'sso.accountExists.title', text: 'sso.accountExists.text' },
  'lookalike-email': { status: 400, title: 'sso.lookalikeEmail.title', text: 'sso.lookalikeEmail.text' },
  'no-email': { status: 400, title: 'sso.noEmail.title', text: 'sso.noEmail.text' },
} as const;

/** GET or POST /v1/sso/callback — the provider sends the browser back here. */
export async function providerCallback(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  const answer = answerParams(request);
  const state = str(answer.get('state'), 512);
  const browser = readCookies(request)[flowCookie(ctx)];
  // Only the browser that started the sign-in spends it (audit S-17): a stray callback with a forged
  // state, without the flow cookie or with an error leaves it, and the cookie, to the legitimate one.
  const pending = state
    ? await ctx.db.transaction((tx) => consumePendingLogin(tx, state, browser, ctx.now()))
    : undefined;
  if (!state || !pending) {
    const elsewhere = state ? await findPendingLogin(ctx.db, state, ctx.now()) : undefined;
    if (!elsewhere)
      return ssoErrorPage(ctx, reply, request, { status: 400, title: 'sso.expired.title', text: 'sso.expired.text' });
    if (elsewhere.language) request.query = { ...pageQuery(request), lang: elsewhere.language };
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session: await sessionOf(ctx, elsewhere.redirectSessionId),
      title: 'sso.notCompleted.title',
      text: 'sso.otherBrowser.text',
    });
  }
  setFlowCookie(ctx, reply, '', 0);
  // The provider's address carries no ?lang=: the pages from here on (and their forms' links) read the
  // language chosen before leaving as if it were on the address, as every hosted page does.
  if (pending.language) request.query = { ...pageQuery(request), lang: pending.language };
  const session = await sessionOf(ctx, pending.redirectSessionId);
  const site = ctx.sites.get(pending.siteId);
  const idp = site && findIdentityProvider(site, pending.idpConnectionId);
  if (!site || !idp)
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.notCompleted.title',
      text: 'sso.optionGone.text',
    });
  if (answer.get('error')) {
    const reason = (answer.get('error_description') ?? answer.get('error') ?? '').slice(0, 200);
    const text = answer.get('error') === 'access_denied' ? 'sso.cancelled.text' : 'sso.providerError.text';
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.notCompleted.title',
      text,
      values: { provider: idp.name, reason },
    });
  }
  if (!usable(ctx, session, site.id)) {
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.linkExpired.title',
      text: 'sso.requestExpired.text',
    });
  }
  let claims: oidc.IDToken;
  let issuer: string;
  try {
    const provider = await providerFor(site, idp, ctx.now(), outboundPolicy(ctx.config));
    issuer = provider.issuer;
    const url = new URL(callbackUrl(ctx));
    url.search = answer.toString();
    // openid-client checks state, the code exchange with the PKCE verifier, and the ID token: signature
    // by the provider's JWKS, issuer, audience, expiry (by the server's clock, 30 s tolerance), nonce.
    const config = onServerClock(provider, ctx.now());
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    // A provider that keeps the email to its UserInfo endpoint is asked there (same `sub` required).
    claims = await claimsWithUserInfo(config, tokens);
  } catch (error) {
    if (error instanceof ProviderUnavailable || isNetworkError(error))
      return unavailable(ctx, request, reply, idp.name, session);
    ctx.log.warn(
      { idp: idp.id, reason: (error as { code?: string }).code, message: (error as Error).message },
      'identity provider answer refused',
    );
    await ctx.authEvents.record({
      type: 'sign_in',
      outcome: 'failure',
      siteId: site.id,
      ...requestOrigin(request),
      detail: { method: 'sso', provider: idp.id, reason: 'invalid_answer' },
    });
    return ssoErrorPage(ctx, reply, request, {
      status: 400,
      session,
      title: 'sso.notCompleted.title',
      text: 'sso.unverified.text',
      values: { provider: idp.name },
    });
  }
  if (isConnectSession(session))
    return finishConnect(ctx, request, reply, { session, idpId: idp.id, idpName: idp.name, issuer, claims });
  // A mail this sign-in causes (a verification code) is in the page's language, as from the hosted forms.
  const outcome = await withRequestLanguage(pageLanguage(site, request).t.language, () =>
    signInWithProvider(scope.deps, {
      site,
      idp,
      issuer,
      claims,
      visitorId: session.visitorId ?? undefined,
      ip: requestOrigin(request).ip,
      clientId: session.clientId,
    }),
  );
  if (outcome.kind !== 'state') {
    const values: Record<string, string> = { provider: idp.name };
    if ('email' in outcome) values.email = outcome.email;
    return ssoErrorPage(ctx, reply, request, { ...REFUSED_OUTCOMES[outcome.kind], session, values });
  }
  try {
    return await afterState(scope, request, reply, session, outcome.result, outcome.email);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return ssoErrorPage(ctx, reply, request, {
      status: error.status,
      session,
      title: 'sso.notCompleted.title',
      text: error.status === 403 ? 'error.memberBlocked' : 'error.generic',
    });
  }
}
