import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { adminAccess, requireAdminFor } from '../owners/admin-access.js';
import { auditOwnerAction } from '../owners/audit.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import { listDeliveries, queueTestEvent, replayDelivery, replayFailedSince } from './deliveries.js';
import { noteEmitted } from './emit.js';
import {
  createEndpoint,
  deleteEndpoint,
  endpointView,
  findEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type EndpointRow,
} from './endpoints.js';
import { isEventPattern } from './events.js';
import { privateNetworksAllowed } from './config.js';
import { blockedRange } from '../http/outbound/index.js';

/**
 * The admin API of webhooks (`/_admin/v1/webhooks`, `Authorization: Bearer <adminKey>` or a site key):
 * endpoints, their secrets (shown once, at creation and rotation), a test event, deliveries and replays.
 * Endpoints of the config file are read-only here: they change in the file.
 */
type Input = Record<string, unknown>;

const bodyOf = (request: FastifyRequest): Input =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Input) : {};
const queryOf = (request: FastifyRequest): Input => (request.query ?? {}) as Input;
const idParam = (request: FastifyRequest, name = 'id') =>
  String((request.params as Record<string, string>)[name] ?? '');

// Console owners with the webhooks role manage them too (the console's Webhooks page).
async function siteOf(ctx: AppContext, request: FastifyRequest): Promise<string> {
  return requireAdminFor(ctx, request, bodyOf(request).siteId ?? queryOf(request).siteId, CONSOLE_ROLES.webhooks);
}

async function endpointOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ siteId: string; endpoint: EndpointRow }> {
  const siteId = await siteOf(ctx, request);
  const endpoint = await findEndpoint(ctx.db, siteId, idParam(request));
  if (!endpoint) throw appError('WEBHOOK_NOT_FOUND');
  return { siteId, endpoint };
}

const fromConfig = () => appError('WEBHOOK_FROM_CONFIG');

function readUrl(ctx: AppContext, value: unknown): string {
  if (typeof value !== 'string' || !value) throw invalidField('url', 'is required', 'REQUIRED');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidField('url', 'must be an absolute http(s) URL', 'INVALID_URL');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || value.length > 2000)
    throw invalidField('url', 'must be an absolute http(s) URL of at most 2000 characters', 'INVALID_URL');
  if (url.username || url.password) throw invalidField('url', 'must not carry credentials', 'INVALID_URL');
  // Names are resolved (and checked again) at every delivery; literal addresses can be refused now.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (!privateNetworksAllowed(ctx.config) && (local || (isIP(host) && blockedRange(host)))) {
    throw invalidField(
      'url',
      'must not point to a private, loopback, link-local or reserved address, or an IPv6 form that embeds one (webhooks.allowPrivateNetworks is off)',
      'PRIVATE_ADDRESS',
    );
  }
  return url.toString();
}

function readEvents(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 50)
    throw invalidField('events', 'must be a list of 1 to 50 event types or wildcards such as "member.*"', 'REQUIRED');
  value.forEach((e, i) => {
    if (typeof e !== 'string' || !isEventPattern(e))
      throw invalidField(`events[${i}]`, 'is not a known event type or wildcard', 'INVALID_EVENT');
  });
  return [...new Set(value as string[])];
}

function readDescription(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > 500)
    throw invalidField('description', 'must be a string of at most 500 characters');
  return value;
}

export async function listHandler(ctx: AppContext, request: FastifyRequest) {
  const siteId = await siteOf(ctx, request);
  return { webhooks: (await listEndpoints(ctx.db, siteId)).map(endpointView) };
}

export async function getHandler(ctx: AppContext, request: FastifyRequest) {
  return { webhook: endpointView((await endpointOf(ctx, request)).endpoint) };
}

/** POST /_admin/v1/webhooks {siteId, url, events, description?} → 201 {webhook, secret}: the secret is shown this once. */
export async function createHandler(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const siteId = await siteOf(ctx, request);
  const input = bodyOf(request);
  const created = await createEndpoint(
    ctx.db,
    siteId,
    { url: readUrl(ctx, input.url), events: readEvents(input.events), description: readDescription(input.description) },
    ctx.config.keyEncryptionKey,
    ctx.now(),
  );
  await auditOwnerAction(ctx, request, siteId, 'create_webhook', { webhookId: created.endpoint.id });
  reply.code(201);
  return { webhook: endpointView(created.endpoint), secret: created.secret };
}

/** PATCH /_admin/v1/webhooks/:id {siteId, url?, events?, description?, enabled?} */
export async function updateHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  if (endpoint.source === 'config') throw fromConfig();
  const input = bodyOf(request);
  if (input.enabled !== undefined && typeof input.enabled !== 'boolean')
    throw invalidField('enabled', 'must be true or false');
  const updated = await updateEndpoint(
    ctx.db,
    siteId,
    endpoint.id,
    {
      url: input.url === undefined ? undefined : readUrl(ctx, input.url),
      events: input.events === undefined ? undefined : readEvents(input.events),
      description: readDescription(input.description),
      enabled: input.enabled as boolean | undefined,
    },
    ctx.now(),
  );
  if (updated?.enabled) noteEmitted();
  await auditOwnerAction(ctx, request, siteId, 'update_webhook', { webhookId: endpoint.id, enabled: updated?.enabled });
  return { webhook: endpointView(updated ?? endpoint) };
}

export async function deleteHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  if (endpoint.source === 'config') throw fromConfig();
  await deleteEndpoint(ctx.db, siteId, endpoint.id);
  await auditOwnerAction(ctx, request, siteId, 'delete_webhook', { webhookId: endpoint.id });
  return {};
}

/** POST /_admin/v1/webhooks/:id/rotate-secret → {webhook, secret}; the old secret signs too for 24 h. */
export async function rotateHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  if (endpoint.source === 'config') throw fromConfig();
  const rotated = await rotateSecret(ctx.db, siteId, endpoint.id, ctx.config.keyEncryptionKey, ctx.now());
  if (!rotated) throw appError('WEBHOOK_NOT_FOUND');
  await auditOwnerAction(ctx, request, siteId, 'rotate_webhook_secret', { webhookId: endpoint.id });
  return { webhook: endpointView(rotated.endpoint), secret: rotated.secret };
}

/** POST /_admin/v1/webhooks/:id/test → {eventId, deliveryId}: a `webhook.test` event, delivered like any other. */
export async function testHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  const { identity } = await adminAccess(ctx, request, siteId, CONSOLE_ROLES.webhooks);
  const queued = await queueTestEvent(ctx.db, siteId, endpoint.id, identity, ctx.now());
  noteEmitted();
  await auditOwnerAction(ctx, request, siteId, 'test_webhook', { webhookId: endpoint.id });
  return queued;
}

const STATUSES = ['pending', 'delivered', 'failed'];

/** GET /_admin/v1/webhooks/:id/deliveries?siteId=&status=&limit= → newest first. */
export async function deliveriesHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  const query = queryOf(request);
  const status = query.status === undefined || query.status === '' ? undefined : String(query.status).toLowerCase();
  if (status !== undefined && !STATUSES.includes(status))
    throw invalidField('status', 'must be one of PENDING, DELIVERED, FAILED', 'INVALID_ENUM');
  const limit = query.limit === undefined ? 100 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw invalidField('limit', 'must be an integer from 1 to 1000');
  return { deliveries: await listDeliveries(ctx.db, siteId, endpoint.id, { status, limit }) };
}

/** POST /_admin/v1/webhooks/:id/deliveries/:deliveryId/replay → {delivery} */
export async function replayOneHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  const delivery = await replayDelivery(ctx.db, siteId, endpoint.id, idParam(request, 'deliveryId'), ctx.now());
  if (!delivery) throw appError('DELIVERY_NOT_FOUND');
  noteEmitted();
  await auditOwnerAction(ctx, request, siteId, 'replay_webhook_delivery', {
    webhookId: endpoint.id,
    deliveryId: delivery.id,
  });
  return { delivery };
}

/** POST /_admin/v1/webhooks/:id/replay {siteId, since} → {replayed}: every failed delivery created since then. */
export async function replayFailedHandler(ctx: AppContext, request: FastifyRequest) {
  const { siteId, endpoint } = await endpointOf(ctx, request);
  const since = bodyOf(request).since;
  const at = typeof since === 'string' ? new Date(since) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw invalidField('since', 'must be an ISO date-time such as "2026-11-22T10:00:00Z"', 'REQUIRED');
  const replayed = await replayFailedSince(ctx.db, siteId, endpoint.id, at, ctx.now());
  if (replayed) noteEmitted();
  await auditOwnerAction(ctx, request, siteId, 'replay_failed_webhook_deliveries', {
    webhookId: endpoint.id,
    replayed,
  });
  return { replayed };
}
