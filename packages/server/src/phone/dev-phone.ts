import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { FAVICON } from '../http/pages/layout.js';
import { html, joinHtml } from '../http/html.js';
import { Key, Open, op } from '../http/schemas/common.js';
import type { Queryable } from '../store/types.js';

/**
 * The development phone (provider "dev", issue #32): every text and call the server would have made,
 * beside the dev mailbox and on the same terms (never in production: it shows every code to anyone).
 */
interface DevPhoneMessage {
  id: string;
  to: string;
  channel: 'sms' | 'whatsapp' | 'call';
  text: string;
  createdAt: string;
}

const Message = Open({
  id: Key('Message id'),
  to: Key('E.164 number'),
  channel: Key('sms | whatsapp | call'),
  text: Key('The text, or what the call read out'),
  createdAt: Key('ISO date'),
});
const devPhoneJson = op(
  'Texts and calls of the dev phone, newest first (not in production)',
  Open({ messages: Type.Array(Message) }),
  {
    querystring: Type.Object(
      { to: Type.Optional(Type.String({ description: 'Only messages to this number (E.164)' })) },
      { additionalProperties: true },
    ),
  },
);
const devPhonePage = {
  summary: 'The dev phone page',
  produces: ['text/html'],
  response: { 200: Type.String({ description: 'HTML' }) },
};

export async function listDevPhone(db: Queryable, to: string | undefined): Promise<DevPhoneMessage[]> {
  const { rows } = await db.query<{
    id: string;
    to_number: string;
    channel: DevPhoneMessage['channel'];
    body: string;
    created_at: Date | string;
  }>(
    `select * from phone_dev_messages ${to ? 'where to_number = $1' : ''} order by created_at desc, id limit 200`,
    to ? [to] : [],
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_number,
    channel: r.channel,
    text: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export function registerDevPhoneRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/_dev/phone.json', { schema: devPhoneJson }, async (request, reply) => {
    // A "+" in a query string arrives as a space unless encoded: both spellings name the number.
    const to = request.query.to?.trim().replace(/^(?=\d)/, '+') || undefined;
    reply.header('cache-control', 'no-store');
    return { messages: await listDevPhone(ctx.db, to) };
  });
  app.get('/_dev/phone', { schema: devPhonePage }, async (_request, reply) => {
    const messages = await listDevPhone(ctx.db, undefined);
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8');
    const items = messages.map(
      (
        m,
      ) => html`<article><p class="meta">${m.channel === 'call' ? 'Call' : m.channel === 'whatsapp' ? 'WhatsApp' : 'Text'} to <b>${m.to}</b> · ${m.createdAt}</p>
<pre>${m.text}</pre></article>`,
    );
    return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev phone</title>${FAVICON}
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#666;font-size:.9rem}
pre{white-space:pre-wrap}</style></head><body><h1>Dev phone</h1>
<p>${messages.length} text(s) and call(s), newest first · <a href="/_dev/mail">Dev mailbox</a>. Development only: anyone who can reach this server can read these codes.</p>
${items.length ? joinHtml(items, '\n') : html`<p>Nothing yet.</p>`}</body></html>`.toString();
  });
}
