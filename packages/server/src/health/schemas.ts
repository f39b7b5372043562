/** Schemas of the operational routes: health, the dev mailbox. */
import { Type } from 'typebox';
import { Key, Open, op } from '../http/schemas/common.js';
import type { RouteTable } from '../http/schemas/route-table.js';

const Health = Open({ status: Type.String({ examples: ['ok'] }), database: Type.String({ description: 'pglite or postgres' }) });

const Message = Open({ id: Key('Message id'), to: Key('Recipient'), subject: Key('Subject'), text: Key('Plain text (verification codes, reset links)'), html: Key('HTML'), createdAt: Key('ISO date') });

export const OPERATIONS_SCHEMAS: RouteTable = {
  'GET /healthz': { ...op('200 while the database answers, 503 otherwise', Health), response: { 200: Health, 503: Health } },
  'GET /_dev/mail.json': op('Messages of the dev mailbox, newest first (not in production)', Open({ messages: Type.Array(Message) }), {
    querystring: Type.Object({ to: Type.Optional(Type.String({ description: 'Only messages to this address' })) }, { additionalProperties: true }),
  }),
  'GET /_dev/mail': { summary: 'The dev mailbox page', produces: ['text/html'], response: { 200: Type.String({ description: 'HTML' }) } },
};
