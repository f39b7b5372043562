import { randomUUID } from 'node:crypto';
import type { Queryable } from '../store/types.js';
import { eventBody, newEventId } from './emit.js';
import type { WebhookIdentity } from './events.js';
import { isoDate, isoDateOrNull } from '../store/timestamps.js';

/** Reading and replaying deliveries, and the test event: the admin API's side of the outbox. */
interface DeliveryRow {
  id: string;
  event_id: string;
  type: string;
  status: string;
  attempts: number;
  status_code: number | null;
  response_excerpt: string | null;
  last_error: string | null;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
}

export function deliveryView(r: DeliveryRow) {
  return {
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    status: r.status.toUpperCase() as 'PENDING' | 'DELIVERED' | 'FAILED',
    attempts: Number(r.attempts),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    responseExcerpt: r.response_excerpt,
    error: r.last_error,
    createdDate: isoDate(r.created_at),
    lastAttemptDate: isoDateOrNull(r.last_attempt_at),
    nextAttemptDate: r.status === 'pending' ? isoDateOrNull(r.next_attempt_at) : null,
    deliveredDate: isoDateOrNull(r.delivered_at),
    failedDate: isoDateOrNull(r.failed_at),
  };
}

const SELECT = `select d.id, d.event_id, e.type, d.status, d.attempts, d.status_code, d.response_excerpt, d.last_error, d.created_at,
  d.last_attempt_at, d.next_attempt_at, d.delivered_at, d.failed_at from webhook_deliveries d join webhook_events e on e.id = d.event_id`;

/** Newest first. */
export async function listDeliveries(
  q: Queryable,
  siteId: string,
  endpointId: string,
  filter: { status?: string | undefined; limit: number },
) {
  const { rows } = await q.query<DeliveryRow>(
    `${SELECT} where d.site_id = $1 and d.endpoint_id = $2 and ($3::text is null or d.status = $3) order by d.seq desc limit $4`,
    [siteId, endpointId, filter.status ?? null, filter.limit],
  );
  return rows.map(deliveryView);
}

/** Due again now with a fresh retry schedule (any delivery: a delivered one is sent once more). */
export async function replayDelivery(
  q: Queryable,
  siteId: string,
  endpointId: string,
  deliveryId: string,
  now: number,
) {
  const { rowCount } = await q.query(
    `update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = $4, locked_until = null, failed_at = null
     where site_id = $1 and endpoint_id = $2 and id::text = $3`,
    [siteId, endpointId, deliveryId, new Date(now)],
  );
  if (!rowCount) return undefined;
  const { rows } = await q.query<DeliveryRow>(`${SELECT} where d.id::text = $1`, [deliveryId]);
  return rows[0] && deliveryView(rows[0]);
}

/** Every failed delivery of the endpoint created at or after `since`, due again now; returns how many. */
export async function replayFailedSince(
  q: Queryable,
  siteId: string,
  endpointId: string,
  since: Date,
  now: number,
): Promise<number> {
  const { rowCount } = await q.query(
    `update webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = $4, locked_until = null, failed_at = null
     where site_id = $1 and endpoint_id = $2 and status = 'failed' and created_at >= $3`,
    [siteId, endpointId, since, new Date(now)],
  );
  return rowCount;
}

/** A `webhook.test` event for one endpoint, whatever it subscribes to. */
export async function queueTestEvent(
  q: Queryable,
  siteId: string,
  endpointId: string,
  identity: WebhookIdentity,
  now: number,
) {
  const body = eventBody(
    {
      siteId,
      type: 'webhook.test',
      identity,
      data: { endpointId, message: 'This is a test event from Vitrine.' },
      now,
    },
    newEventId(),
  );
  const deliveryId = randomUUID();
  await q.query('insert into webhook_events (site_id, id, type, body, created_at) values ($1, $2, $3, $4, $5)', [
    siteId,
    body.id,
    body.type,
    JSON.stringify(body),
    new Date(now),
  ]);
  await q.query(
    `insert into webhook_deliveries (id, site_id, event_id, endpoint_id, next_attempt_at, created_at) values ($1, $2, $3, $4, $5, $5)`,
    [deliveryId, siteId, body.id, endpointId, new Date(now)],
  );
  return { eventId: body.id, deliveryId };
}
