import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { IdentityDeps } from '../identity/index.js';
import type { RedirectSession } from '../oauth/redirect-store.js';
import { html } from '../http/html.js';
import { newNonce, page, pageHeaders, type PageSite } from '../http/pages/layout.js';
import { siteLanguages, translator } from '../i18n/index.js';
import { pageLanguage, type PageLanguage } from '../http/pages/language.js';

/** What every hosted page handler gets: the app context and the identity flows' dependencies. */
export interface Scope {
  ctx: AppContext;
  deps: IdentityDeps;
}

/** The site and client of a redirect session, while the client still belongs to that site. */
export function entryOf(ctx: AppContext, s: RedirectSession): { site: SiteConfig; client: ClientConfig } | undefined {
  const entry = ctx.sites.findClient(s.clientId);
  return entry && entry.site.id === s.siteId ? entry : undefined;
}

/** A page with one message; `title` and `text` are plain text (escaped here), from the page's catalog. */
export function messagePage(
  reply: FastifyReply,
  site: PageSite,
  title: string,
  text: string,
  status = 200,
  lang?: PageLanguage,
): string {
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  reply.code(status);
  return page(nonce, site, title, html`<p role="${status >= 400 ? 'alert' : 'status'}">${text}</p>`, '', lang?.t);
}

/** No usable redirect session: the first site's name and languages, negotiated from the request alone. */
export function invalidLink(reply: FastifyReply, ctx: AppContext, request?: FastifyRequest): string {
  const site = ctx.sites.sites[0];
  const lang = request
    ? pageLanguage(site, request)
    : { t: translator(siteLanguages(site ?? {})[0]!), explicit: undefined };
  const { t } = lang;
  return messagePage(
    reply,
    site ?? t.t('page.signin.title'),
    t.t('page.invalidLink.title'),
    t.t('page.invalidLink.text'),
    400,
    lang,
  );
}

/**
 * A 302 to a stored continuation URL, re-checked and re-serialised by the URL parser (audit F-8: rows
 * stored by older versions may hold raw strings); undefined when it does not survive that.
 */
export function redirectToContinuation(
  ctx: AppContext,
  reply: FastifyReply,
  client: ClientConfig,
  url: string | null,
): FastifyReply | undefined {
  const target = url ? ctx.sites.normalizeRedirect(client, url) : undefined;
  if (!target) return undefined;
  return reply.code(302).header('cache-control', 'no-store').header('location', target).send();
}
