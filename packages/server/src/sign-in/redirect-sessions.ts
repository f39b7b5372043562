import { matchLanguage, siteLanguages } from '../i18n/index.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { fieldViolation, ValidationError, type FieldViolation } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { pageBaseUrl } from '../http/page-origin.js';
import { resolveCaller } from '../http/resolve-caller.js';
import { consumeSessionToken } from '../sessions/session-tokens.js';
import { createCheckoutPage } from '../commerce/index.js';
import { accountSessionInput, unservedIntents } from './account/redirect.js';
import { preferenceParameters } from './session-preferences.js';
import {
  CHALLENGE,
  insertRedirectSession,
  newRedirectSession,
  type NewRedirectSession,
  type ResponseMode,
} from '../oauth/redirect-store.js';

export const PROMPTS = ['login', 'none', 'consent', 'select_account'] as const;
const RESPONSE_MODES: readonly ResponseMode[] = ['fragment', 'query', 'web_message'];
const MAX_STATE = 512;

/** The hosted page behind every fullUrl; the id rides in the query. */
export const AUTHORIZE_PATH = '/oauth2/authorize';
export const LOGOUT_PATH = '/oauth2/logout';

export interface RedirectSessionAnswer {
  redirectSession: {
    id: string;
    fullUrl: string;
    urlDetails: { endpoint: string; searchParams: Record<string, string> };
    sessionToken?: string;
  };
}

const obj = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * POST /_api/redirects-api/v1/redirect-session (and /headless/v1/redirect-session): one of the
 * intents `auth`, `login`, `logout` (docs/wire-format.md §4), `membersAccount` (docs/account-pages.md) or
 * `ecomCheckout` (the hosted checkout, docs/payments.md); the seed's other intents are refused by name. Everything the page behind `fullUrl` will do
 * is decided and validated here, so the page only acts on stored, checked values.
 */
export async function createRedirectSession(ctx: AppContext, request: FastifyRequest): Promise<RedirectSessionAnswer> {
  const body = obj(request.body);
  if (!body) throw appError('INVALID_ARGUMENT');
  const unserved = unservedIntents(body);
  if (unserved.length) throw new ValidationError(unserved);
  preferenceParameters(body.preferences); // refused before anything is stored
  const intents = (['auth', 'login', 'logout', 'membersAccount', 'ecomCheckout'] as const).filter(
    (k) => body[k] !== undefined && body[k] !== null,
  );
  if (intents.length !== 1) {
    throw new ValidationError([
      fieldViolation(
        'auth',
        'exactly one of auth, login, logout, membersAccount or ecomCheckout is required',
        'REQUIRED',
      ),
    ]);
  }
  const intent = intents[0]!;
  if (intent === 'ecomCheckout') {
    // The hosted checkout page (docs/payments.md → The hosted checkout): its own page row, not a sign-in session.
    const page = await createCheckoutPage(ctx, await resolveCaller(request, ctx), body.ecomCheckout, body.callbacks);
    return sessionAnswer(ctx, body, page.siteId, page.id, page.fullUrl);
  }
  // A bad or ended token on logout still lets the browser sign out of the hosted pages; a token whose
  // session ended is a signed-out caller of its site on the way back in (auth and login intents).
  const caller: Caller = await resolveCaller(request, ctx, { endedSession: 'signed-out' }).catch((error: unknown) => {
    if (intent === 'logout') return { kind: 'anonymous' } as Caller;
    throw error;
  });
  const callbacks = obj(body.callbacks) ?? {};
  const now = ctx.now();
  let input: NewRedirectSession;
  let sessionToken: string | undefined;

  if (intent === 'membersAccount') {
    input = accountSessionInput(ctx, caller, body.membersAccount, (client) =>
      postFlowOf(ctx, client, callbacks.postFlowUrl),
    );
  } else if (intent === 'auth') {
    const auth = obj(body.auth) ?? {};
    const req = obj(auth.authRequest);
    if (!req) throw new ValidationError([fieldViolation('auth.authRequest', 'is required', 'REQUIRED')]);
    const entry = ctx.sites.findClient(req.clientId);
    const v: FieldViolation[] = [];
    if (!entry) v.push(fieldViolation('auth.authRequest.clientId', 'is not a known client', 'UNKNOWN_CLIENT'));
    const redirectUri =
      req.redirectUri === undefined || req.redirectUri === null || req.redirectUri === '' ? null : req.redirectUri;
    if (redirectUri !== null && entry && !ctx.sites.isRegisteredRedirectUri(entry.client, redirectUri)) {
      v.push(
        fieldViolation(
          'auth.authRequest.redirectUri',
          'is not a redirect URI registered for this client (exact match)',
          'REDIRECT_URI_NOT_REGISTERED',
        ),
      );
    }
    if (req.codeChallengeMethod !== 'S256')
      v.push(fieldViolation('auth.authRequest.codeChallengeMethod', 'must be S256', 'PKCE_S256_REQUIRED'));
    if (typeof req.codeChallenge !== 'string' || !CHALLENGE.test(req.codeChallenge)) {
      v.push(
        fieldViolation(
          'auth.authRequest.codeChallenge',
          'must be a base64url S256 challenge (43 characters)',
          'PKCE_REQUIRED',
        ),
      );
    }
    if (req.responseType !== 'code')
      v.push(fieldViolation('auth.authRequest.responseType', 'must be code', 'UNSUPPORTED_RESPONSE_TYPE'));
    const responseMode = (req.responseMode ?? 'fragment') as ResponseMode;
    if (!RESPONSE_MODES.includes(responseMode))
      v.push(fieldViolation('auth.authRequest.responseMode', 'must be fragment, query or web_message', 'INVALID_ENUM'));
    else if (responseMode !== 'web_message' && redirectUri === null) {
      v.push(
        fieldViolation('auth.authRequest.redirectUri', `is required with responseMode ${responseMode}`, 'REQUIRED'),
      );
    }
    if (typeof req.state !== 'string' || req.state.length === 0 || req.state.length > MAX_STATE) {
      v.push(fieldViolation('auth.authRequest.state', `is required (at most ${MAX_STATE} characters)`, 'REQUIRED'));
    }
    const prompt = auth.prompt ?? req.prompt ?? 'login';
    if (!(PROMPTS as readonly unknown[]).includes(prompt))
      v.push(fieldViolation('auth.prompt', 'must be login, none, consent or select_account', 'INVALID_ENUM'));
    if (req.sessionToken !== undefined && (typeof req.sessionToken !== 'string' || req.sessionToken.length > 200)) {
      v.push(fieldViolation('auth.authRequest.sessionToken', 'must be a string', 'INVALID_TYPE'));
    }
    if (v.length || !entry) throw new ValidationError(v);
    const visitor = caller.kind === 'visitor' && caller.siteId === entry.site.id ? caller.visitorId : null;
    let memberId: string | null = null;
    let visitorId = visitor;
    if (typeof req.sessionToken === 'string') {
      sessionToken = req.sessionToken;
      // Spent here, atomically: a replayed session token finds nothing and the page answers login_required.
      const spent = await ctx.db.transaction((tx) => consumeSessionToken(tx, entry.site.id, req.sessionToken, now));
      if (spent) {
        memberId = spent.memberId;
        visitorId = visitor ?? spent.visitorId;
      }
    }
    input = newRedirectSession({
      siteId: entry.site.id,
      intent,
      clientId: entry.client.clientId,
      redirectUri: redirectUri as string | null,
      codeChallenge: req.codeChallenge as string,
      responseMode,
      state: req.state as string,
      prompt: prompt as string,
      memberId,
      visitorId,
    });
  } else if (intent === 'logout') {
    const logout = obj(body.logout) ?? {};
    const entry = ctx.sites.findClient(logout.clientId);
    if (!entry)
      throw new ValidationError([fieldViolation('logout.clientId', 'is not a known client', 'UNKNOWN_CLIENT')]);
    const postFlowUrl = postFlowOf(ctx, entry.client, callbacks.postFlowUrl);
    // The member's own token makes the logout page end that session (and this member's browser
    // session) at once; without it the page asks before signing the browser out (audit F-9).
    const member = caller.kind === 'member' && caller.siteId === entry.site.id ? caller : undefined;
    input = newRedirectSession({
      siteId: entry.site.id,
      intent,
      clientId: entry.client.clientId,
      memberId: member?.memberId ?? null,
      logoutSessionId: member?.sessionId ?? null,
      postFlowUrl,
    });
  } else {
    // login {}: the sign-in page alone (also the SDK's cookie pre-warm). The client follows from the token.
    const clientId =
      caller.kind === 'visitor' || caller.kind === 'member' || caller.kind === 'anonymous'
        ? caller.clientId
        : undefined;
    if (!clientId)
      throw appError('UNAUTHORIZED', { description: 'Send a visitor or member access token so the site is known' });
    const entry = ctx.sites.findClient(clientId);
    if (!entry) throw appError('UNAUTHORIZED', { description: 'The token belongs to an unknown client' });
    const postFlowUrl = postFlowOf(ctx, entry.client, callbacks.postFlowUrl);
    input = newRedirectSession({
      siteId: entry.site.id,
      intent,
      clientId: entry.client.clientId,
      visitorId: caller.kind === 'visitor' ? caller.visitorId : null,
      postFlowUrl,
    });
  }

  const session = await ctx.db.transaction((tx) => insertRedirectSession(tx, input, now));
  // The hosted page at the origin the browser already uses, when the client allows it (http/page-origin.ts): a
  // storefront opened at 127.0.0.1 frames 127.0.0.1, which its CSP (`frame-src 'self'`) lets through.
  const allowed = ctx.sites.findClient(input.clientId)?.client.allowedOrigins ?? [];
  const base = pageBaseUrl(ctx.config.publicUrl, request, allowed, { browserCallsOnly: true });
  const endpoint = `${base}${intent === 'logout' ? LOGOUT_PATH : AUTHORIZE_PATH}`;
  return sessionAnswer(ctx, body, input.siteId, session.id, endpoint, { redirectSessionId: session.id }, sessionToken);
}

/** The answer: the page's address with the language asked for (a page of its own, or the endpoint and the id). */
function sessionAnswer(
  ctx: AppContext,
  body: Record<string, unknown>,
  siteId: string,
  id: string,
  endpoint: string,
  params: Record<string, string> = {},
  sessionToken?: string,
): RedirectSessionAnswer {
  // preferences.additionalQueryParameters.lang (docs/wire-format.md §4.5) rides on the address as the hosted
  // pages' explicit language choice (issue #18); a language the site does not have is left out.
  const lang = matchLanguage(
    siteLanguages(ctx.sites.get(siteId) ?? {}),
    obj(obj(body.preferences)?.additionalQueryParameters)?.lang,
  );
  // The other parameters ride along as Wix adds them (session-preferences.ts); the server's own keys first.
  const searchParams: Record<string, string> = {
    ...params,
    ...(lang ? { lang } : {}),
    ...preferenceParameters(body.preferences),
  };
  const query = new URLSearchParams(searchParams).toString();
  return {
    redirectSession: {
      id,
      fullUrl: query ? `${endpoint}?${query}` : endpoint,
      urlDetails: { endpoint, searchParams },
      ...(sessionToken !== undefined ? { sessionToken } : {}),
    },
  };
}

/** callbacks.postFlowUrl: absent, or a registered redirect URI / URL under an allowed origin (no open redirect). */
function postFlowOf(
  ctx: AppContext,
  client: Parameters<AppContext['sites']['isAllowedRedirect']>[0],
  url: unknown,
): string | null {
  if (url === undefined || url === null || url === '') return null;
  const normalized = ctx.sites.normalizeRedirect(client, url);
  if (!normalized) {
    throw new ValidationError([
      fieldViolation(
        'callbacks.postFlowUrl',
        "is not one of the client's registered redirect URIs or allowed origins (or is not a clean URL)",
        'REDIRECT_NOT_ALLOWED',
      ),
    ]);
  }
  return normalized;
}
