import { randomBytes } from 'node:crypto';
import type { SiteConfig } from '../config/types.js';
import { seal, unseal, isSealed } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import { generateSecret } from './signing.js';
import { isoDateOrNull } from '../store/timestamps.js';

/** Webhook endpoints in `webhook_endpoints`: the config file's (synced at start) and the admin API's. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

export interface EndpointRow {
  site_id: string;
  id: string;
  source: 'config' | 'api';
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What the admin API shows: never a secret. */
export function endpointView(r: EndpointRow) {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    description: r.description ?? '',
    source: r.source,
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    failingSince: isoDateOrNull(r.failing_since),
    secretRotatingUntil:
      r.previous_secret && r.previous_secret_expires_at ? isoDateOrNull(r.previous_secret_expires_at) : null,
    createdDate: new Date(r.created_at).toISOString(),
    updatedDate: new Date(r.updated_at).toISOString(),
  };
}

/** Sealed under VITRINE_KEY_ENCRYPTION_KEY when one is configured; the row names its site and endpoint. */
function sealSecret(key: Buffer | undefined, siteId: string, id: string, secret: string): string {
  return key ? seal(key, secret, `webhook:${siteId}:${id}`) : secret;
}

function openSecret(key: Buffer | undefined, r: EndpointRow, stored: string): string {
  if (!isSealed(stored)) return stored;
  if (!key) throw new Error('webhook secret is sealed but VITRINE_KEY_ENCRYPTION_KEY is not set');
  return unseal(key, stored, `webhook:${r.site_id}:${r.id}`).toString('utf8');
}

/** The secrets that sign now: the current one, plus the previous one during a rotation's overlap. */
export function signingSecrets(r: EndpointRow, key: Buffer | undefined, now: number): string[] {
  const secrets = [openSecret(key, r, r.secret)];
  if (r.previous_secret && r.previous_secret_expires_at && new Date(r.previous_secret_expires_at).getTime() > now) {
    secrets.push(openSecret(key, r, r.previous_secret));
  }
  return secrets;
}

export async function listEndpoints(q: Queryable, siteId: string): Promise<EndpointRow[]> {
  const { rows } = await q.query<EndpointRow>(
    'select * from webhook_endpoints where site_id = $1 order by created_at, id',
    [siteId],
  );
  return rows;
}

export async function findEndpoint(q: Queryable, siteId: string, id: string): Promise<EndpointRow | undefined> {
  const { rows } = await q.query<EndpointRow>('select * from webhook_endpoints where site_id = $1 and id = $2', [
    siteId,
    id,
  ]);
  return rows[0];
}

export interface NewEndpoint {
  url: string;
  events: string[];
  description?: string | undefined;
}

export async function createEndpoint(
  q: Queryable,
  siteId: string,
  input: NewEndpoint,
  key: Buffer | undefined,
  now: number,
) {
  const id = `ep_${randomBytes(12).toString('base64url')}`;
  const secret = generateSecret();
  const { rows } = await q.query<EndpointRow>(
    `insert into webhook_endpoints (site_id, id, source, url, events, description, secret, created_at, updated_at)
     values ($1, $2, 'api', $3, $4, $5, $6, $7, $7) returning *`,
    [
      siteId,
      id,
      input.url,
      input.events,
      input.description ?? null,
      sealSecret(key, siteId, id, secret),
      new Date(now),
    ],
  );
  return { endpoint: rows[0]!, secret };
}

export async function updateEndpoint(
  q: Queryable,
  siteId: string,
  id: string,
  patch: {
    url?: string | undefined;
    events?: string[] | undefined;
    description?: string | undefined;
    enabled?: boolean | undefined;
  },
  now: number,
): Promise<EndpointRow | undefined> {
  // Enabling again clears the failure record: the five-day clock restarts.
  const { rows } = await q.query<EndpointRow>(
    `update webhook_endpoints set url = coalesce($3, url), events = coalesce($4, events), description = coalesce($5, description),
       enabled = coalesce($6, enabled),
       disabled_reason = case when $6 is true then null else disabled_reason end,
       failing_since = case when $6 is true then null else failing_since end,
       updated_at = $7
     where site_id = $1 and id = $2 and source = 'api' returning *`,
    [
      siteId,
      id,
      patch.url ?? null,
      patch.events ?? null,
      patch.description ?? null,
      patch.enabled ?? null,
      new Date(now),
    ],
  );
  return rows[0];
}

export async function deleteEndpoint(q: Queryable, siteId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query(
    `delete from webhook_endpoints where site_id = $1 and id = $2 and source = 'api'`,
    [siteId, id],
  );
  if (rowCount)
    await q.query(`delete from webhook_deliveries where site_id = $1 and endpoint_id = $2 and status = 'pending'`, [
      siteId,
      id,
    ]);
  return rowCount > 0;
}

/** A new secret; the current one keeps signing beside it for 24 h so receivers can switch without a gap. */
export async function rotateSecret(q: Queryable, siteId: string, id: string, key: Buffer | undefined, now: number) {
  const secret = generateSecret();
  const { rows } = await q.query<EndpointRow>(
    `update webhook_endpoints set previous_secret = secret, previous_secret_expires_at = $3, secret = $4, updated_at = $5
     where site_id = $1 and id = $2 and source = 'api' returning *`,
    [siteId, id, new Date(now + ROTATION_OVERLAP_MS), sealSecret(key, siteId, id, secret), new Date(now)],
  );
  return rows[0] && { endpoint: rows[0], secret };
}

/**
 * Mirrors the config file's endpoints into the table at start. A changed secret there is a rotation
 * too (the old one keeps signing for 24 h); endpoints removed from the file are removed here.
 */
export async function syncConfigEndpoints(
  q: Queryable,
  sites: readonly SiteConfig[],
  key: Buffer | undefined,
  now: number,
): Promise<void> {
  for (const site of sites) {
    const configured = site.webhooks ?? [];
    const existing = new Map(
      (await listEndpoints(q, site.id)).filter((r) => r.source === 'config').map((r) => [r.id, r]),
    );
    for (const w of configured) {
      const row = existing.get(w.id);
      existing.delete(w.id);
      const sealed = sealSecret(key, site.id, w.id, w.secret);
      if (!row) {
        await q.query(
          `insert into webhook_endpoints (site_id, id, source, url, events, secret, created_at, updated_at)
           values ($1, $2, 'config', $3, $4, $5, $6, $6)
           on conflict (site_id, id) do update set source = 'config', url = excluded.url, events = excluded.events, secret = excluded.secret, updated_at = excluded.updated_at`,
          [site.id, w.id, w.url, w.events, sealed, new Date(now)],
        );
        continue;
      }
      const secretChanged = openSecret(key, row, row.secret) !== w.secret;
      if (!secretChanged && row.url === w.url && row.events.join() === w.events.join()) continue;
      await q.query(
        `update webhook_endpoints set url = $3, events = $4, updated_at = $5,
           previous_secret = case when $6 then secret else previous_secret end,
           previous_secret_expires_at = case when $6 then $7 else previous_secret_expires_at end,
           secret = case when $6 then $8 else secret end
         where site_id = $1 and id = $2`,
        [site.id, w.id, w.url, w.events, new Date(now), secretChanged, new Date(now + ROTATION_OVERLAP_MS), sealed],
      );
    }
    for (const gone of existing.keys())
      await q.query('delete from webhook_endpoints where site_id = $1 and id = $2', [site.id, gone]);
  }
}
