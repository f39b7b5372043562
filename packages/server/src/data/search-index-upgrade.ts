/**
 * What a declared search index built by an earlier version lacks, added at start without rebuilding it
 * (search-indexes.ts builds new ones with both): the statistics on its tsvector expression, and `fastupdate = off`.
 *
 * `fastupdate = off`: with GIN's default, new entries wait in a pending list (up to `gin_pending_list_limit`,
 * 4 MB) until a vacuum merges them, and every search reads that whole list. At 1,000,000 items, after a bulk load
 * left 56,287 entries pending, a word found in one item took 8.2 ms instead of 0.5, and the ranked rare-word
 * `$search` 33.9 ms instead of 7.3 (psql, alternating, bench/RESULTS.md). Off, each write of an item updates the
 * index at once (a write costs a little more; a search never reads a pending list). Both changes are catalog only:
 * `ALTER INDEX … SET` takes no lock that blocks reads or writes, and `gin_clean_pending_list` merges what is
 * pending once.
 */
import type { Database } from '../store/types.js';

export interface UpgradeLog {
  error(fields: object, message: string): void;
}

export async function upgradeSearchIndexes(
  db: Database,
  indexes: readonly { name: string; options: string[] | null }[],
  statistics: { name: string; sql: string },
  key: string,
  log: UpgradeLog,
): Promise<void> {
  try {
    for (const index of indexes) {
      if (index.options?.includes('fastupdate=off')) continue;
      await db.exec(`alter index ${index.name} set (fastupdate = off)`);
      await db.query('select gin_clean_pending_list($1::regclass)', [index.name]);
    }
    const { rows } = await db.query('select 1 from pg_statistic_ext where stxname = $1', [statistics.name]);
    if (rows.length === 0) {
      await db.exec(statistics.sql);
      await db.exec('analyze data_items');
    }
  } catch (error) {
    // The search is still served by its indexes, with rougher estimates or a pending list: logged, not fatal.
    const message = error instanceof Error ? error.message : String(error);
    log.error({ key, index: indexes[0]?.name, err: message }, 'search index not upgraded');
  }
}
