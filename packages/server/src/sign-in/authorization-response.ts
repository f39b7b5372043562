/**
 * How a redirect session ends (RFC 6749 §4.1.2, RFC 9207): a code in the request's response mode, an error
 * there, or the way back for a login intent. The hosted forms and the provider flows (sso-browser-flow.ts)
 * both end here once the member is known.
 */

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { completeRedirectSession, issueCode, type RedirectSession } from '../oauth/redirect-store.js';
import { html, unsafeRawHtml } from '../http/html.js';
import { newNonce, scriptJson } from '../http/pages/layout.js';
import { entryOf, invalidLink, messagePage, redirectToContinuation, type Scope } from './pages.js';
import { openAccount } from './account/open.js';
import { translator, type Translator } from '../i18n/index.js';
import { pageLanguage, type PageLanguage } from '../http/pages/language.js';

/**
 * Where a web_message answer is posted: the framing page's origin when the request says which it is (a frame the
 * page's own origin loaded: `Sec-Fetch-Site: same-origin` and this request's origin; or the parent's origin as
 * Referer, which pages sending `Referrer-Policy: no-referrer` — the storefront's — leave out) or the redirect URI's,
 * if that origin is allowed; else every allowed origin in turn. Posting to origins other than the parent's works but
 * makes the browser warn once per miss, on every sign-in (the review counted three).
 */
function messageTargets(allowed: readonly string[], request: FastifyRequest, redirectUri: string | null | undefined) {
  const sameOrigin =
    request.headers['sec-fetch-site'] === 'same-origin' ? `${request.protocol}://${request.host}` : undefined;
  for (const url of [sameOrigin, request.headers.referer, redirectUri]) {
    const origin = url && URL.canParse(url) ? new URL(url).origin : undefined;
    if (origin && allowed.includes(origin)) return [origin];
  }
  return allowed;
}

/** The answer of an authorization request, in its response mode: a redirect or a web_message page. */
export function answer(
  ctx: AppContext,
  reply: FastifyReply,
  s: RedirectSession,
  client: ClientConfig,
  params: Record<string, string>,
  t: Translator = translator('en'),
): FastifyReply | string {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  // RFC 9207: every authorization response names its issuer (the access tokens' `iss`), success or error.
  const data = { ...params, state: s.state ?? '', iss: ctx.config.publicUrl };
  if (s.responseMode === 'web_message' || !s.redirectUri) {
    const nonce = newNonce();
    const origins = client.allowedOrigins;
    const targets = messageTargets(origins, reply.request, s.redirectUri);
    reply.removeHeader('x-frame-options');
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`,
      );
    // postMessage delivers only to a parent whose origin is the target. The script is raw text (not HTML): its
    // only values come through scriptJson, safe inside a script element.
    const script = `(function(){var m=${scriptJson(data)},o=${scriptJson(targets)};if(window.parent===window)return;for(var i=0;i<o.length;i++){try{window.parent.postMessage(m,o[i]);}catch(e){}}})();`;
    return html`<!doctype html><html lang="${t.language}" dir="${t.dir}"><head><meta charset="utf-8"><title>${t.t('page.signingIn.title')}</title></head><body>
<script nonce="${nonce}">${unsafeRawHtml(script)}</script></body></html>`.toString();
  }
  const query = new URLSearchParams(data).toString();
  const raw =
    s.responseMode === 'query'
      ? `${s.redirectUri}${s.redirectUri.includes('?') ? '&' : '?'}${query}`
      : `${s.redirectUri.split('#')[0]}#${query}`;
  // Re-serialised by the URL parser like every other Location (F-8); the URI itself was matched exactly.
  const target = URL.canParse(raw) ? new URL(raw).href : undefined;
  if (!target) return invalidLink(reply, ctx);
  return reply.code(302).header('location', target).send();
}

/** Member known: spend the redirect session and issue a code (auth) or go on (login intent). Also ends the SSO flows (identity/sso). */
export async function finish(
  scope: Scope,
  reply: FastifyReply,
  s: RedirectSession,
  memberId: string,
  visitorId: string | null,
  request?: FastifyRequest,
): Promise<FastifyReply | string> {
  const { ctx } = scope;
  const entry = entryOf(ctx, s);
  if (!entry) return invalidLink(reply, ctx, request);
  // An account link (account/): on to the section's page rather than back to the shop.
  if (s.account) return openAccount(scope, reply, s, memberId, request);
  const lang = languageOf(entry.site, request);
  const now = ctx.now();
  const code = await ctx.db.transaction(async (tx) => {
    if (!(await completeRedirectSession(tx, s.id, now))) return undefined;
    if (s.intent !== 'auth') return '';
    return issueCode(
      tx,
      {
        siteId: s.siteId,
        clientId: s.clientId,
        redirectUri: s.redirectUri,
        codeChallenge: s.codeChallenge!,
        memberId,
        visitorId,
      },
      now,
    );
  });
  if (code === undefined) return expired(scope, reply, s, request);
  if (s.intent === 'auth') return answer(ctx, reply, s, entry.client, { code }, lang.t);
  return (
    redirectToContinuation(ctx, reply, entry.client, s.postFlowUrl) ??
    messagePage(reply, entry.site.name, lang.t.t('page.signedIn.title'), lang.t.t('page.signedIn.text'), 200, lang)
  );
}

/** The page's language when the request is known, else the site's default (a provider's callback ends here too). */
export const languageOf = (site: SiteConfig, request: FastifyRequest | undefined): PageLanguage =>
  request ? pageLanguage(site, request) : { t: translator(site.languages?.[0] ?? 'en'), explicit: undefined };

export function expired(
  scope: Scope,
  reply: FastifyReply,
  s: RedirectSession,
  request?: FastifyRequest,
): FastifyReply | string {
  const entry = entryOf(scope.ctx, s);
  if (!entry) return invalidLink(reply, scope.ctx, request);
  const lang = languageOf(entry.site, request);
  if (s.intent === 'auth') {
    return answer(scope.ctx, reply, s, entry.client, {
      error: 'invalid_request',
      error_description: 'the sign-in request has expired or was already used',
    });
  }
  return messagePage(reply, entry.site.name, lang.t.t('page.expired.title'), lang.t.t('page.expired.text'), 400, lang);
}
