import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { listMail, type StoredMail } from './outbox.js';
import { FAVICON } from '../http/pages/layout.js';
import { html, joinHtml, type Html } from '../http/html.js';
import * as S from './schemas.js';
import { absoluteUrls } from './absolute-urls.js';
import { appError } from '../errors/catalogue.js';

/**
 * The development mailbox (docs/design.md §3): every message of the outbox, readable without SMTP.
 * Mounted only when `config.devMailbox` is on: by default only for the demo site or a loopback public URL
 * (never by default in production), since anyone reaching it reads every reset link.
 */
export function registerDevMailboxRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/_dev/mail.json', { schema: S.devMailJson }, async (request, reply) => {
    const messages = await listMail(ctx.db, { to: request.query.to || undefined });
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    return { messages: messages.map((m) => publicShape(m, ctx.config.publicUrl)) };
  });

  // The HTML part as a mail client renders it: no script may run (CSP without script-src), images from here only.
  app.get('/_dev/mail/:id', { schema: S.devMailHtml }, async (request, reply) => {
    const message = (await listMail(ctx.db, { limit: 1000 })).find((m) => m.id === request.params.id);
    if (!message) throw appError('MAIL_NOT_FOUND');
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header(
        'content-security-policy',
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .type('text/html; charset=utf-8');
    return absoluteUrls(message.html, ctx.config.publicUrl);
  });

  app.get('/_dev/mail', { schema: S.devMailPage }, async (_request, reply) => {
    const messages = await listMail(ctx.db, {});
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8');
    return page(messages);
  });
}

/** As SMTP would send it: the mail's own paths made absolute (absolute-urls.ts). */
function publicShape(m: StoredMail, publicUrl: string) {
  const html = absoluteUrls(m.html, publicUrl);
  return { id: m.id, to: m.to, subject: m.subject, text: m.text, html, createdAt: m.createdAt };
}

function page(messages: StoredMail[]): string {
  const items = messages.map(
    (m) => html`<article><h2>${m.subject}</h2>
<p class="meta">To <b>${m.to}</b> · ${m.createdAt} · ${m.sentAt ? 'sent' : 'in outbox'}${
      m.html && html` · <a href="/_dev/mail/${encodeURIComponent(m.id)}">View as HTML</a>`
    }</p>
<pre>${linkify(m.text)}</pre></article>`,
  );
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>${FAVICON}
<meta name="robots" content="noindex"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#666;font-size:.9rem}
pre{white-space:pre-wrap}</style></head><body><h1>Dev mailbox</h1>
<p>${messages.length} message(s), newest first · <a href="/_dev/phone">Dev phone</a>. Anyone who can reach this server can read this page: it is on only for the demo site or a loopback public URL unless the config says otherwise.</p>
${items.length ? joinHtml(items, '\n') : html`<p>No mail yet.</p>`}</body></html>`.toString();
}

/** The text with its URLs as links: the split keeps each URL at an odd index; everything is escaped. */
function linkify(text: string): Html {
  return html`${text.split(/(https?:\/\/\S+)/g).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : part))}`;
}
