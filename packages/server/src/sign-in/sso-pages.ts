import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { newNonce, page, pageHeaders } from '../http/pages/layout.js';
import { html, type Html } from '../http/html.js';
import { entryOf } from './pages.js';
import { pageLanguage } from '../http/pages/language.js';
import type { MessageKey } from '../i18n/index.js';
import { AUTHORIZE_PATH } from './redirect-sessions.js';
import { isLive, type RedirectSession } from '../oauth/redirect-store.js';

/**
 * Every way a provider sign-in can fail ends here: a hosted page that says what happened in words, with
 * a way back (the sign-in page while its redirect session lives, and the shop). Never a 500, and no
 * member is signed in by a flow that ends on this page.
 */
export function ssoErrorPage(
  ctx: AppContext,
  reply: FastifyReply,
  request: FastifyRequest,
  input: {
    status: number;
    title: MessageKey;
    text: MessageKey;
    values?: Record<string, string>;
    session?: RedirectSession | undefined;
  },
): string {
  const { session } = input;
  const entry = session ? entryOf(ctx, session) : undefined;
  // The callback sets `lang` from its pending sign-in (browser-flow.ts); else Accept-Language, the default.
  const { t } = pageLanguage(entry?.site ?? ctx.sites.sites[0], request);
  const links: Html[] = [];
  if (session && entry && isLive(session, ctx.now()) && session.intent !== 'logout' && session.prompt !== 'connect') {
    links.push(
      html`<a href="${`${AUTHORIZE_PATH}?${new URLSearchParams({ redirectSessionId: session.id })}`}">${t.t('link.backToSignIn')}</a>`,
    );
  }
  const shop = shopUrl(entry?.client, session);
  if (shop) links.push(html`<a href="${shop}">${t.t('link.backToShop')}</a>`);
  const nonce = newNonce();
  pageHeaders(reply, nonce);
  reply.code(input.status);
  const site = entry?.site ?? ctx.sites.sites[0] ?? t.t('page.signin.title');
  const text = t.t(input.text, input.values);
  return page(
    nonce,
    site,
    t.t(input.title, input.values),
    html`<p role="alert">${text}</p>${links.length > 0 && html`<nav>${links}</nav>`}`,
    '',
    t,
  );
}

/** The shop's address: where the client said to come back to, else its first allowed origin. */
function shopUrl(
  client: { allowedOrigins: string[] } | undefined,
  session: RedirectSession | undefined,
): string | undefined {
  for (const candidate of [session?.postFlowUrl, session?.redirectUri]) {
    if (candidate && URL.canParse(candidate)) {
      const url = new URL(candidate);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin + '/';
    }
  }
  return client?.allowedOrigins[0] ? `${client.allowedOrigins[0]}/` : undefined;
}
