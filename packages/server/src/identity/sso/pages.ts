import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { escapeHtml, newNonce, page, pageHeaders } from '../../hosted/layout.js';
import { entryOf } from '../../hosted/pages.js';
import { AUTHORIZE_PATH } from '../../oauth/redirect-sessions.js';
import { isLive, type RedirectSession } from '../../oauth/redirect-store.js';

/**
 * Every way a provider sign-in can fail ends here: a hosted page that says what happened in words, with
 * a way back (the sign-in page while its redirect session lives, and the shop). Never a 500, and no
 * member is signed in by a flow that ends on this page.
 */
export function ssoErrorPage(
  ctx: AppContext,
  reply: FastifyReply,
  input: { status: number; title: string; text: string; session?: RedirectSession | undefined },
): string {
  const { session } = input;
  const entry = session ? entryOf(ctx, session) : undefined;
  const links: string[] = [];
  if (session && entry && isLive(session, ctx.now()) && session.intent !== 'logout' && session.prompt !== 'connect') {
    links.push(`<a href="${escapeHtml(`${AUTHORIZE_PATH}?${new URLSearchParams({ redirectSessionId: session.id })}`)}">Back to sign in</a>`);
  }
  const shop = shopUrl(entry?.client, session);
  if (shop) links.push(`<a href="${escapeHtml(shop)}">Back to the shop</a>`);
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  reply.code(input.status);
  const siteName = entry?.site.name ?? ctx.sites.sites[0]?.name ?? 'Sign in';
  return page(nonce, siteName, input.title, `<p role="alert">${escapeHtml(input.text)}</p>${links.length ? `<nav>${links.join('')}</nav>` : ''}`);
}

/** The shop's address: where the client said to come back to, else its first allowed origin. */
function shopUrl(client: { allowedOrigins: string[] } | undefined, session: RedirectSession | undefined): string | undefined {
  for (const candidate of [session?.postFlowUrl, session?.redirectUri]) {
    if (candidate && URL.canParse(candidate)) {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin + '/';
    }
  }
  return client?.allowedOrigins[0] ? `${client.allowedOrigins[0]}/` : undefined;
}
