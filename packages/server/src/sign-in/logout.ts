import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import {
  completeRedirectSession,
  findBrowserMember,
  findRedirectSession,
  isLive,
  revokeBrowserSession,
  type RedirectSession,
} from '../oauth/redirect-store.js';
import { signOutSessions } from '../oauth/session-end.js';
import { requestOrigin } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { cookieNames, csrfFor, ensureCsrfCookie, isGenuinePost, readCookies, setCookie } from '../http/cookies.js';
import { html } from '../http/html.js';
import { formActionSources, newNonce, page, pageHeaders } from '../http/pages/layout.js';
import { entryOf, invalidLink, messagePage, redirectToContinuation, type Scope } from './pages.js';
import { pageLanguage, type PageLanguage } from '../http/pages/language.js';
import { pageForm, pageQuery } from '../http/pages/input.js';

type Entry = { site: SiteConfig; client: ClientConfig };

/**
 * GET /oauth2/logout?redirectSessionId=… — the page behind a logout redirect session (audit F-9).
 * Created with the member's own access token, it ends that session, and this browser's session of the
 * site when it is the same member's, at once. Otherwise a link alone must not sign anyone out (a
 * forced logout from another site): the browser's session is ended only after a "Sign out" POST.
 */
export async function logoutPage(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { ctx } = scope;
  if (request.method === 'HEAD')
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send();
  const query = pageQuery(request);
  const found = await lookup(scope, query.redirectSessionId, reply, request);
  if (!('s' in found)) return found.answer;
  const { s, entry } = found;
  const browser = await findBrowserMember(ctx.db, s.siteId, readCookies(request)[cookieNames(ctx).session], ctx.now());
  const vouched = s.logoutSessionId !== null && s.memberId !== null;
  if (browser && !(vouched && browser.memberId === s.memberId)) {
    // The token holder's own session ends now; the browser's (someone else's, or unvouched) only once confirmed.
    if (vouched) await ctx.db.transaction((tx) => endSessions(scope, request, tx, s, [s.logoutSessionId!]));
    return confirmPage(scope, request, reply, s, entry);
  }
  return signOut(scope, request, reply, s, entry);
}

/** POST /oauth2/logout — the confirmation form: a CSRF-checked "Sign out". */
export async function logoutSubmit(scope: Scope, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const form = pageForm(request);
  const found = await lookup(scope, form.redirectSessionId, reply, request);
  if (!('s' in found)) return found.answer;
  const csrf = typeof form.csrf === 'string' ? form.csrf.slice(0, 100) : '';
  if (!isGenuinePost(scope.ctx, request, csrf, found.s.id)) {
    return confirmPage(
      scope,
      request,
      reply,
      found.s,
      found.entry,
      pageLanguage(found.entry.site, request).t.t('error.logoutSessionExpired'),
      403,
    );
  }
  return signOut(scope, request, reply, found.s, found.entry);
}

async function lookup(
  scope: Scope,
  id: unknown,
  reply: FastifyReply,
  request: FastifyRequest,
): Promise<{ s: RedirectSession; entry: Entry } | { answer: string }> {
  const { ctx } = scope;
  const s = await findRedirectSession(ctx.db, id);
  const entry = s && s.intent === 'logout' ? entryOf(ctx, s) : undefined;
  if (!s || !entry) return { answer: invalidLink(reply, ctx, request) };
  if (!isLive(s, ctx.now())) return { answer: linkExpired(reply, entry, pageLanguage(entry.site, request)) };
  return { s, entry };
}

const linkExpired = (reply: FastifyReply, entry: Entry, lang: PageLanguage) =>
  messagePage(reply, entry.site, lang.t.t('page.expired.title'), lang.t.t('page.expired.text'), 400, lang);

/** Spends the redirect session, ends the vouched session and this site's browser session, clears the cookie. */
async function signOut(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  entry: Entry,
): Promise<unknown> {
  const { ctx } = scope;
  const now = ctx.now();
  const name = cookieNames(ctx).session;
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await completeRedirectSession(tx, s.id, now))) return false;
    const browser = await revokeBrowserSession(tx, s.siteId, readCookies(request)[name], now);
    await endSessions(scope, request, tx, s, [s.logoutSessionId, browser?.sessionId]);
    return true;
  });
  const lang = pageLanguage(entry.site, request);
  if (!done) return linkExpired(reply, entry, lang);
  setCookie(ctx, reply, name, '', 0);
  reply.header('cache-control', 'no-store');
  return (
    redirectToContinuation(ctx, reply, entry.client, s.postFlowUrl) ??
    messagePage(reply, entry.site, lang.t.t('page.signedOut.title'), lang.t.t('page.signedOut.text'), 200, lang)
  );
}

/** Ends the given member sessions (`session_revoked` each) and records one `sign_out` when any was live. */
async function endSessions(
  scope: Scope,
  request: FastifyRequest,
  tx: Queryable,
  s: RedirectSession,
  sessionIds: (string | null | undefined)[],
): Promise<void> {
  const { ip } = requestOrigin(request);
  await signOutSessions(scope.ctx, tx, { siteId: s.siteId, clientId: s.clientId, sessionIds, ip, via: 'logout-page' });
}

function confirmPage(
  scope: Scope,
  request: FastifyRequest,
  reply: FastifyReply,
  s: RedirectSession,
  entry: Entry,
  formError?: string,
  status = 200,
): string {
  const { ctx } = scope;
  const cookie = ensureCsrfCookie(ctx, request, reply);
  const nonce = newNonce();
  // The redirect after the POST must be allowed by form-action (Chrome checks it on redirects).
  pageHeaders(reply, nonce, { formAction: formActionSources([s.postFlowUrl]) });
  reply.code(status);
  const back = s.postFlowUrl ? ctx.sites.normalizeRedirect(entry.client, s.postFlowUrl) : undefined;
  const { t } = pageLanguage(entry.site, request);
  const content = html`<form method="post" action="">${formError && html`<p class="alert" role="alert">${formError}</p>`}
<p>${t.t('page.signOut.question', { site: entry.site.name })}</p>
<input type="hidden" name="redirectSessionId" value="${s.id}"><input type="hidden" name="csrf" value="${csrfFor(ctx, cookie, s.id)}">
<button type="submit">${t.t('button.signOut')}</button></form>${back && html`<nav><a href="${back}">${t.t('link.staySignedIn')}</a></nav>`}`;
  return page(nonce, entry.site, t.t('page.signOut.title'), content, '', t);
}
