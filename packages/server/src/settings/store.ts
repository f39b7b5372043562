/** The `site_settings` table (migration 79): the console's value of each setting key, and a version to poll. */
import type { Queryable } from '../store/types.js';

export interface StoredSetting {
  siteId: string;
  key: string;
  /** As stored: secrets sealed; null = back to the file's value or the default. */
  value: unknown;
}

export async function settingsVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ version: string | number | null }>(
    'select max(version) as version from site_settings',
  );
  return Number(rows[0]?.version ?? 0);
}

/** Every row with a value, of every site (tombstones left out), and the version they make up. */
export async function loadSettings(db: Queryable): Promise<{ version: number; rows: StoredSetting[] }> {
  const { rows } = await db.query<{ site_id: string; key: string; value: unknown; version: string | number }>(
    'select site_id, key, value, version from site_settings order by version',
  );
  return {
    version: rows.reduce((max, r) => Math.max(max, Number(r.version)), 0),
    rows: rows.filter((r) => r.value !== null).map((r) => ({ siteId: r.site_id, key: r.key, value: r.value })),
  };
}

/** Writes one key (null clears it); each write takes a new version, so every instance sees it. */
export async function writeSetting(
  tx: Queryable,
  siteId: string,
  key: string,
  value: unknown,
  by: string | undefined,
): Promise<void> {
  await tx.query(
    `insert into site_settings (site_id, key, value, updated_by) values ($1, $2, $3::jsonb, $4)
     on conflict (site_id, key) do update
       set value = excluded.value, updated_by = excluded.updated_by, updated_at = now(),
           version = nextval('site_settings_version')`,
    [siteId, key, value === undefined ? null : JSON.stringify(value), by ?? null],
  );
}

/** One writer at a time per site: a change is checked against the settings as they are when it commits. */
export async function lockSiteSettings(tx: Queryable, siteId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('site_settings:' || $1))`, [siteId]);
}
