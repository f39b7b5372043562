import { randomUUID } from 'node:crypto';
import { deferWrite } from '../store/deferred-writes.js';
import type { Queryable } from '../store/types.js';
import type { WebhookEventType, WebhookIdentity } from './events.js';

/**
 * The one way a flow emits a webhook event (members/events.ts builds member events on it): called inside the flow's own transaction, it writes the
 * event and one delivery per subscribed, enabled endpoint, so an event exists exactly when its change
 * committed. A site without a matching endpoint pays one indexed statement and stores nothing.
 */
export interface WebhookEvent {
  siteId: string;
  type: WebhookEventType;
  identity: WebhookIdentity;
  /** The member as the admin API shows it, or the item as the data API shows it: never a secret. */
  data: unknown;
  /** Milliseconds since the epoch (the flow's clock). */
  now: number;
}

export interface EventBody {
  id: string;
  type: string;
  timestamp: string;
  siteId: string;
  identity: WebhookIdentity;
  data: unknown;
}

export function eventBody(event: WebhookEvent, id = newEventId()): EventBody {
  return {
    id,
    type: event.type,
    timestamp: new Date(event.now).toISOString(),
    siteId: event.siteId,
    identity: event.identity,
    data: event.data,
  };
}

export const newEventId = () => `evt_${randomUUID().replace(/-/g, '')}`;

// A count, not a flag: several apps in one process (tests, instances) each compare it with what they last
// saw, so one app's response can never take the kick another app's emit was owed.
let emittedCount = 0;
/** How many emits (and queued replays) this process has made; the delivery loop kicks when it moves. */
export function emittedSoFar(): number {
  return emittedCount;
}

/** Marks that something was queued outside emitEvent (the admin API's test event and replays). */
export function noteEmitted(): void {
  emittedCount++;
}

export async function emitEvent(tx: Queryable, event: WebhookEvent): Promise<void> {
  await emitEvents(tx, event.siteId, event.now, [event]);
}

/** Several events of one site in one statement (bulk writes: one event per item). */
export async function emitEvents(
  tx: Queryable,
  siteId: string,
  now: number,
  events: Omit<WebhookEvent, 'siteId' | 'now'>[],
): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => {
    const body = eventBody({ ...e, siteId, now });
    return { id: body.id, type: body.type, body: JSON.stringify(body) };
  });
  // Patterns matched: the type itself, "*" and "<prefix>.*" (events.ts). Deliveries keep the events' order.
  // Deferred: inside a sign-in's transaction this goes out in one statement with the session's other writes.
  await deferWrite(tx, {
    ctes: {
      e: `select t.e ->> 'id' as id, t.e ->> 'type' as type, t.e ->> 'body' as body, t.n from jsonb_array_elements($2::jsonb) with ordinality as t(e, n)`,
      pairs: `select e.id as event_id, e.n, w.id as endpoint_id from e join webhook_endpoints w
         on w.site_id = $1 and w.enabled and w.events && array[e.type, '*', split_part(e.type, '.', 1) || '.*']`,
      ev: `insert into webhook_events (site_id, id, type, body, created_at)
       select $1, e.id, e.type, e.body, $3 from e where e.id in (select event_id from pairs)
       returning id`,
    },
    sql: `insert into webhook_deliveries (id, site_id, event_id, endpoint_id, next_attempt_at, created_at)
     select gen_random_uuid(), $1, p.event_id, p.endpoint_id, $3, $3
     from pairs p join ev on ev.id = p.event_id order by p.n, p.endpoint_id`,
    params: [siteId, JSON.stringify(rows), new Date(now)],
    counted: (written) => {
      if (written > 0) emittedCount++;
    },
  });
}
