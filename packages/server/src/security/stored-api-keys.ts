/**
 * Site API keys created in the console (table `api_keys`), beside the config file's keys. Only the
 * SHA-256 of a key is stored; the key itself is shown once, when it is made. Every check reads the
 * database, so a revoke takes effect at once on every instance (no cache that could outlive it).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { invalidField } from '../errors/wire.js';
import { appError } from '../errors/catalogue.js';
import type { Queryable } from '../store/types.js';
import { isoDate, isoDateOrNull } from '../store/timestamps.js';

export interface StoredApiKey {
  id: string;
  name: string;
  createdDate: string;
  lastUsedDate: string | null;
  revokedDate: string | null;
}

interface Row {
  id: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const view = (r: Row): StoredApiKey => ({
  id: r.id,
  name: r.name,
  createdDate: isoDate(r.created_at),
  lastUsedDate: isoDateOrNull(r.last_used_at),
  revokedDate: isoDateOrNull(r.revoked_at),
});
export const keyDigest = (key: string): Buffer => createHash('sha256').update(key).digest();

/** `last used` moves at most once a minute per key: a busy backend costs one write a minute, not one per call. */
const LAST_USED_STEP_MS = 60_000;
const MAX_NAME = 100;

export function validKeyName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw invalidField('name', 'is required', 'REQUIRED');
  if (name.length > MAX_NAME) throw invalidField('name', `must be at most ${MAX_NAME} characters`);
  if (name === 'admin')
    throw invalidField('name', 'must not be "admin" (that name stands for the server\'s admin key in the audit log)');
  return name;
}

/** Makes a key; the answer holds the key itself, which is never stored nor shown again. */
export async function createStoredKey(
  q: Queryable,
  siteId: string,
  name: string,
  createdBy: string | undefined,
  now: number,
): Promise<{ apiKey: StoredApiKey; key: string }> {
  const key = `vk_${randomBytes(32).toString('base64url')}`;
  const { rows } = await q.query<Row>(
    `insert into api_keys (site_id, id, name, key_hash, created_by, created_at) values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing returning id, name, created_at, last_used_at, revoked_at`,
    [siteId, randomUUID(), name, keyDigest(key), createdBy ?? null, new Date(now)],
  );
  if (!rows[0])
    throw appError('API_KEY_NAME_TAKEN', {
      description: `An API key named "${name}" exists on this site; choose another name or revoke it first`,
    });
  return { apiKey: view(rows[0]), key };
}

export async function listStoredKeys(q: Queryable, siteId: string): Promise<StoredApiKey[]> {
  const { rows } = await q.query<Row>(
    'select id, name, created_at, last_used_at, revoked_at from api_keys where site_id = $1 and revoked_at is null order by created_at desc, id limit 500',
    [siteId],
  );
  return rows.map(view);
}

/** Revokes a live key; undefined when the site has no live key with that id. */
export async function revokeStoredKey(
  q: Queryable,
  siteId: string,
  id: string,
  now: number,
): Promise<StoredApiKey | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const { rows } = await q.query<Row>(
    'update api_keys set revoked_at = $3 where site_id = $1 and id = $2 and revoked_at is null returning id, name, created_at, last_used_at, revoked_at',
    [siteId, id, new Date(now)],
  );
  return rows[0] ? view(rows[0]) : undefined;
}

/** The live stored key with this digest (looked up by its unique hash), noting its use. */
export async function findStoredKey(
  q: Queryable,
  digest: Buffer,
  now: number,
): Promise<{ siteId: string; keyName: string } | undefined> {
  const { rows } = await q.query<{ site_id: string; id: string; name: string; last_used_at: Date | string | null }>(
    'select site_id, id, name, last_used_at from api_keys where key_hash = $1 and revoked_at is null',
    [digest],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.last_used_at === null || now - new Date(row.last_used_at).getTime() >= LAST_USED_STEP_MS) {
    await q.query('update api_keys set last_used_at = $3 where site_id = $1 and id = $2', [
      row.site_id,
      row.id,
      new Date(now),
    ]);
  }
  return { siteId: row.site_id, keyName: row.name };
}
