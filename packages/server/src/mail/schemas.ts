/** Schemas of the dev mailbox (not in production). */
import { Type } from 'typebox';
import { Key, Open, op } from '../http/schemas/common.js';

const Message = Open({
  id: Key('Message id'),
  to: Key('Recipient'),
  subject: Key('Subject'),
  text: Key('Plain text (verification codes, reset links)'),
  html: Key('HTML'),
  createdAt: Key('ISO date'),
});

export const devMailJson = op(
  'Messages of the dev mailbox, newest first (not in production)',
  Open({ messages: Type.Array(Message) }),
  {
    querystring: Type.Object(
      { to: Type.Optional(Type.String({ description: 'Only messages to this address' })) },
      { additionalProperties: true },
    ),
  },
);
export const devMailHtml = {
  summary: 'One message of the dev mailbox as its HTML part, as a mail client shows it (not in production)',
  produces: ['text/html'],
  params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
  response: { 200: Type.String({ description: "The mail's HTML, its own paths absolute; no script runs (CSP)" }) },
};
export const devMailPage = {
  summary: 'The dev mailbox page',
  produces: ['text/html'],
  response: { 200: Type.String({ description: 'HTML' }) },
};
