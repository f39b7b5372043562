/** Schemas of the webhooks admin API (`/_admin/v1/webhooks`). */
import { Type } from 'typebox';
import { Body, Described, Empty, Nullable, OneOf, Open, OptionalBody, op } from '../http/schemas/common.js';

const Iso = (description = 'ISO date') => Type.String({ description });
// webhooks/endpoints.ts (endpointView): never a secret.
const Webhook = Open({
  id: Type.String({ description: 'Endpoint id' }),
  url: Type.String({ description: 'http(s) URL' }),
  events: Type.Array(Type.String(), { description: 'Event types or wildcards (`member.*`, `*`)' }),
  description: Type.String({ description: 'Empty when none' }),
  source: OneOf(['config', 'api'] as const, { description: 'config: read-only here (it changes in the config file)' }),
  enabled: Type.Boolean(),
  disabledReason: Nullable(Type.String({ description: 'Why deliveries stopped' })),
  failingSince: Nullable(Iso()),
  secretRotatingUntil: Nullable(Iso('Until then the previous secret signs too')),
  createdDate: Iso(),
  updatedDate: Iso(),
});
// webhooks/deliveries.ts (deliveryView).
const Delivery = Open({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  status: OneOf(['PENDING', 'DELIVERED', 'FAILED'] as const),
  attempts: Type.Integer(),
  statusCode: Nullable(Type.Integer({ description: 'The HTTP status of the last attempt' })),
  responseExcerpt: Nullable(Type.String()),
  error: Nullable(Type.String({ description: "The last attempt's error" })),
  createdDate: Iso(),
  lastAttemptDate: Nullable(Iso()),
  nextAttemptDate: Nullable(Iso('Set while pending')),
  deliveredDate: Nullable(Iso()),
  failedDate: Nullable(Iso()),
});
const Id = Type.Object({ id: Type.String() });
const SiteQuery = Type.Object({ siteId: Described('The site') }, { additionalProperties: true });
/** `{siteId}` in the body of an action (the query string's `siteId` is read too). */
const SiteBody = OptionalBody({ siteId: Described('The site (or `?siteId=`)') });
const WebhookBody = Body(
  {
    siteId: Described('The site'),
    url: Described('https URL'),
    events: Described('Event types, `*` wildcards'),
    enabled: Described('On or off'),
    description: Described('A note for the console (one line)'),
  },
  { examples: [{ siteId: 'demo', url: 'https://example.com/hooks', events: ['member.*'] }] },
);

export const listWebhooks = op(
  'Webhook endpoints of a site',
  Open({ webhooks: Type.Array(Webhook, { description: 'Endpoints' }) }),
  { querystring: SiteQuery },
);
export const createWebhook = op(
  'Add an endpoint (its secret is shown once)',
  Open({ webhook: Webhook, secret: Type.String({ description: 'whsec_…, shown once' }) }),
  { body: WebhookBody },
);
export const getWebhook = op('An endpoint', Open({ webhook: Webhook }), { params: Id, querystring: SiteQuery });
export const updateWebhook = op('Change an endpoint', Open({ webhook: Webhook }), { params: Id, body: WebhookBody });
export const deleteWebhook = op('Remove an endpoint', Empty, { params: Id, querystring: SiteQuery });
export const rotateSecret = op(
  'A new secret; the old one still signs for 24 hours',
  Open({ webhook: Webhook, secret: Type.String({ description: 'The new secret' }) }),
  { params: Id, body: SiteBody },
);
export const testWebhook = op('Send a test event', Open({ eventId: Type.String(), deliveryId: Type.String() }), {
  params: Id,
  body: SiteBody,
});
export const listDeliveries = op(
  'Recent deliveries',
  Open({ deliveries: Type.Array(Delivery, { description: 'Newest first' }) }),
  {
    params: Id,
    querystring: Type.Object(
      { siteId: Described('The site'), status: Described('Filter'), limit: Described('How many') },
      { additionalProperties: true },
    ),
  },
);
export const replayDelivery = op('Deliver one event again', Open({ delivery: Delivery }), {
  params: Type.Object({ id: Type.String(), deliveryId: Type.String() }),
  body: SiteBody,
});
export const replayFailed = op(
  'Deliver every failed event again',
  Open({ replayed: Type.Integer({ description: 'How many' }) }),
  {
    params: Id,
    body: OptionalBody({
      siteId: Described('The site (or `?siteId=`)'),
      since: Described('ISO date-time: failed deliveries created since then'),
    }),
  },
);
