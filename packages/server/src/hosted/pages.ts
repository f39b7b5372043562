import type { FastifyReply } from 'fastify';
import type { ClientConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { IdentityDeps } from '../identity/common.js';
import type { RedirectSession } from '../oauth/redirect-store.js';
import { newNonce, page, pageHeaders } from './layout.js';

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

export function messagePage(reply: FastifyReply, siteName: string, title: string, text: string, status = 200): string {
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  reply.code(status);
  return page(nonce, siteName, title, `<p role="${status >= 400 ? 'alert' : 'status'}">${text}</p>`);
}

export const invalidLink = (reply: FastifyReply, ctx: AppContext) =>
  messagePage(reply, ctx.sites.sites[0]?.name ?? 'Sign in', 'Sign-in link not valid', 'This sign-in link is invalid. Go back to the shop and try again.', 400);

/**
 * A 302 to a stored continuation URL, re-checked and re-serialised by the URL parser (audit F-8: rows
 * stored by older versions may hold raw strings); undefined when it does not survive that.
 */
export function redirectToContinuation(ctx: AppContext, reply: FastifyReply, client: ClientConfig, url: string | null): FastifyReply | undefined {
  const target = url ? ctx.sites.normalizeRedirect(client, url) : undefined;
  if (!target) return undefined;
  return reply.code(302).header('cache-control', 'no-store').header('location', target).send();
}
