import { enqueueMail } from '../mail/outbox.js';
import type { Database } from '../store/types.js';
import { signingSecrets, type EndpointRow } from './endpoints.js';
import { endpointDisabledMail } from './notice.js';
import { postWebhook, type SendResult } from './send.js';
import { webhookHeaders } from './signing.js';

/**
 * Delivery side of the webhook outbox, on the mail outbox's pattern (mail/delivery.ts): each pass
 * leases due deliveries (`locked_until`) with `for update skip locked`, so several instances never send
 * one delivery twice, and a crashed instance's lease simply runs out. Deliveries of one endpoint go
 * out one after another in event order; different endpoints in parallel.
 */

/** After attempt n fails, the next waits about RETRY_SCHEDULE_MS[n-1]; after the last, the delivery has failed. */
export const RETRY_SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** An endpoint that has failed for this long without one success is disabled and its owner mailed. */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** ±20 % jitter, so receivers coming back are not hit by every instance's retries at the same instant. */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = RETRY_SCHEDULE_MS[Math.min(attempts, RETRY_SCHEDULE_MS.length) - 1]!;
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface WebhookDeliveryOptions {
  now: () => number;
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  batchSize?: number;
  keyEncryptionKey?: Buffer | undefined;
  /** Where "endpoint disabled" notices go (top-level `webhooks.ownerEmail`); none = only logged. */
  ownerEmail?: string | undefined;
  siteName?: (siteId: string) => string;
  log?: { warn(obj: object, msg: string): void };
}

interface Leased {
  seq: string;
  id: string;
  site_id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  body: string;
}

/** Sends one batch of due deliveries; returns how many were leased. */
export async function deliverDueWebhooks(db: Database, options: WebhookDeliveryOptions): Promise<number> {
  const now = options.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const batchSize = options.batchSize ?? 50;
  // The lease outlives a batch in which every delivery of one endpoint runs into the timeout.
  const lease = new Date(now + (timeoutMs + 5_000) * batchSize);
  const { rows } = await db.query<Leased>(
    `with due as (
       select d.seq from webhook_deliveries d
       join webhook_endpoints w on w.site_id = d.site_id and w.id = d.endpoint_id and w.enabled
       where d.status = 'pending' and d.next_attempt_at <= $2 and (d.locked_until is null or d.locked_until <= $2)
       order by d.seq limit $3
       for update of d skip locked
     ), leased as (
       update webhook_deliveries d set locked_until = $1, attempts = d.attempts + 1, last_attempt_at = $2
       from due where d.seq = due.seq
       returning d.seq, d.id, d.site_id, d.event_id, d.endpoint_id, d.attempts
     )
     select leased.*, e.body from leased join webhook_events e on e.id = leased.event_id order by leased.seq`,
    [lease, new Date(now), batchSize],
  );
  if (!rows.length) return 0;
  const byEndpoint = new Map<string, Leased[]>();
  for (const row of rows) {
    const key = `${row.site_id}\u0000${row.endpoint_id}`;
    byEndpoint.set(key, [...(byEndpoint.get(key) ?? []), row]);
  }
  await Promise.all([...byEndpoint.values()].map((list) => deliverInOrder(db, list, options, timeoutMs)));
  return rows.length;
}

async function deliverInOrder(
  db: Database,
  list: Leased[],
  options: WebhookDeliveryOptions,
  timeoutMs: number,
): Promise<void> {
  const first = list[0]!;
  const { rows } = await db.query<EndpointRow>('select * from webhook_endpoints where site_id = $1 and id = $2', [
    first.site_id,
    first.endpoint_id,
  ]);
  const endpoint = rows[0];
  for (const row of list) {
    let result: SendResult;
    if (!endpoint) {
      result = { ok: false, error: 'the endpoint was deleted' };
    } else {
      const secrets = signingSecrets(endpoint, options.keyEncryptionKey, options.now());
      const headers = webhookHeaders(secrets, row.event_id, Math.floor(options.now() / 1000), row.body);
      result = await postWebhook(endpoint.url, headers, row.body, {
        timeoutMs,
        allowPrivateNetworks: options.allowPrivateNetworks,
      });
    }
    await recordOutcome(db, row, result, options).catch((error: unknown) => {
      options.log?.warn(
        { deliveryId: row.id, err: (error as Error).message },
        'webhook outcome not recorded; the lease will run out and it is retried',
      );
    });
  }
}

async function recordOutcome(
  db: Database,
  row: Leased,
  result: SendResult,
  options: WebhookDeliveryOptions,
): Promise<void> {
  const now = options.now();
  const at = new Date(now);
  const attempts = Number(row.attempts);
  const fields = [row.id, result.statusCode ?? null, result.excerpt ?? null, result.error ?? null, at];
  if (result.ok) {
    await db.transaction(async (tx) => {
      await tx.query(
        `update webhook_deliveries set status = 'delivered', locked_until = null, status_code = $2, response_excerpt = $3, last_error = $4, delivered_at = $5
         where id = $1`,
        fields,
      );
      await tx.query(
        'update webhook_endpoints set failing_since = null where site_id = $1 and id = $2 and failing_since is not null',
        [row.site_id, row.endpoint_id],
      );
    });
    return;
  }
  const giveUp = attempts >= MAX_ATTEMPTS;
  options.log?.warn(
    {
      deliveryId: row.id,
      endpointId: row.endpoint_id,
      attempts,
      giveUp,
      statusCode: result.statusCode,
      err: result.error,
    },
    'webhook delivery failed',
  );
  await db.transaction(async (tx) => {
    await tx.query(
      `update webhook_deliveries set locked_until = null, status_code = $2, response_excerpt = $3, last_error = $4,
         status = case when $6::boolean then 'failed' else 'pending' end, failed_at = case when $6::boolean then $5::timestamptz end, next_attempt_at = $7
       where id = $1`,
      [...fields, giveUp, new Date(now + (giveUp ? 0 : retryDelayMs(attempts)))],
    );
    const { rows } = await tx.query<{ failing_since: Date | string }>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, $3) where site_id = $1 and id = $2 and enabled returning failing_since`,
      [row.site_id, row.endpoint_id, at],
    );
    const since = rows[0] && new Date(rows[0].failing_since).getTime();
    if (since === undefined || now - since < DISABLE_AFTER_MS) return;
    const disabled = await tx.query<{ url: string }>(
      `update webhook_endpoints set enabled = false, disabled_reason = 'failing for 5 days', updated_at = $3
       where site_id = $1 and id = $2 and enabled returning url`,
      [row.site_id, row.endpoint_id, at],
    );
    const url = disabled.rows[0]?.url;
    if (!url) return;
    options.log?.warn(
      { siteId: row.site_id, endpointId: row.endpoint_id },
      'webhook endpoint disabled after failing for 5 days',
    );
    if (options.ownerEmail) {
      const mail = endpointDisabledMail(options.siteName?.(row.site_id) ?? row.site_id, row.endpoint_id, url);
      await enqueueMail(tx, { siteId: row.site_id, kind: 'webhook-disabled', to: options.ownerEmail, ...mail }, now);
    }
  });
}
