/**
 * The language a site's products are written in (its first language, `sites[].languages`), which picks the text
 * search configuration of their own name and description (migration 109's `commerce_search_sites`). Written at
 * the first search of a site in this process; a changed language re-indexes that site's products once (one
 * statement through the search rows' view; a large catalog takes a while, once).
 */
import type { Queryable } from '../../store/types.js';
import { textSearchConfig } from '../../i18n/index.js';

// Per database (a process may open several: tests), site id → the language it holds.
const written = new WeakMap<Queryable, Map<string, string>>();

export async function ensureSearchLanguage(db: Queryable, siteId: string, language: string): Promise<void> {
  let known = written.get(db);
  if (!known) written.set(db, (known = new Map()));
  if (known.get(siteId) === language) return;
  const { rows } = await db.query<{ changed: boolean }>(
    `insert into commerce_search_sites (site_id, language) values ($1, $2)
     on conflict (site_id) do update set language = excluded.language
       where commerce_search_sites.language <> excluded.language
     returning true as changed`,
    [siteId, language],
  );
  if (rows.length > 0) {
    const { rows: existing } = await db.query<{ any: boolean }>(
      `select exists (select 1 from commerce_products where site_id = $1) as any`,
      [siteId],
    );
    if (existing[0]?.any)
      await db.query(`select commerce_search_refresh($1, array(select id from commerce_products where site_id = $1))`, [
        siteId,
      ]);
  }
  known.set(siteId, language);
}

/** PostgreSQL's text search configuration for a language: i18n/text-search.ts (the table migration 109 holds too). */
export const searchConfig = textSearchConfig;
