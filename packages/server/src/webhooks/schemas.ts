/** Schemas of the webhooks admin API (`/_admin/v1/webhooks`). */
import { Type } from 'typebox';
import { AnyObject, Body, Described, Empty, Key, Open, op } from '../http/schemas/common.js';

const Webhook = Open({ id: Key('Endpoint id'), url: Key('https URL'), events: Key('Event types') });
const Id = Type.Object({ id: Type.String() });
const WebhookBody = Body({ siteId: Described('The site'), url: Described('https URL'), events: Described('Event types, `*` wildcards'), enabled: Described('On or off') }, { examples: [{ siteId: 'demo', url: 'https://example.com/hooks', events: ['member.*'] }] });

export const listWebhooks = op('Webhook endpoints of a site', Open({ webhooks: Key('Endpoints') }), { querystring: Type.Object({ siteId: Described('The site') }, { additionalProperties: true }) });
export const createWebhook = op('Add an endpoint (its secret is shown once)', Open({ webhook: Webhook, secret: Key('whsec_…, shown once') }), { body: WebhookBody });
export const getWebhook = op('An endpoint', Open({ webhook: Webhook }), { params: Id });
export const updateWebhook = op('Change an endpoint', Open({ webhook: Webhook }), { params: Id, body: WebhookBody });
export const deleteWebhook = op('Remove an endpoint', Empty, { params: Id });
export const rotateSecret = op('A new secret; the old one still signs for 24 hours', Open({ webhook: Webhook, secret: Key('The new secret') }), { params: Id });
export const testWebhook = op('Send a test event', AnyObject(), { params: Id });
export const listDeliveries = op('Recent deliveries', Open({ deliveries: Key('Deliveries') }), { params: Id, querystring: Type.Object({ status: Described('Filter'), limit: Described('How many') }, { additionalProperties: true }) });
export const replayDelivery = op('Deliver one event again', Open({ delivery: Key('The delivery') }), { params: Type.Object({ id: Type.String(), deliveryId: Type.String() }) });
export const replayFailed = op('Deliver every failed event again', Open({ replayed: Key('How many') }), { params: Id });
