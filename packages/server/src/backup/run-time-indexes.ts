import { MAX_AUTO_INDEXES, sortIndexSql, textIndexSql } from '../data/index.js';
import type { Database } from '../store/types.js';
import type { Progress } from './export.js';

/**
 * After a restore or a move: the indexes the server builds at run time, built again from what the server
 * knows, never from SQL text in the file (audit V5-6). Each one the server made is a row of
 * `data_sort_indexes` (restored as data), whose key names the field: `a.b` (sort), `a@fr` (sort in a
 * language), `a#prefix` / `a#trigram` (text matching). The DDL comes from data/indexes.ts and
 * data/text-indexes.ts, which write only identifier-like names into it. Declared indexes
 * (`collections[].indexes`) are not here: the server builds those from its config at start.
 */
export function runTimeIndexSql(db: Database, field: string): string | undefined {
  const text = /^(.+)#(prefix|trigram)$/.exec(field);
  if (text) return textIndexSql(db, text[1]!.split('.'), text[2] as 'prefix' | 'trigram');
  const at = field.indexOf('@');
  if (at >= 0) return sortIndexSql(db, [field.slice(0, at)], field.slice(at + 1));
  return sortIndexSql(db, field.split('.'));
}

/**
 * Builds every recorded run-time index (outside the load's transaction, as the server does: CONCURRENTLY
 * on PostgreSQL). One that cannot be built loses its row, so the server builds it again when a query needs
 * it, instead of taking it for built. Returns how many were built.
 */
export async function rebuildRunTimeIndexes(db: Database, progress: Progress): Promise<number> {
  const { rows } = await db.query<{ field: string }>(
    `select field from data_sort_indexes where site_id = '*' and collection_id = '*' order by created_at, field`,
  );
  if (!rows.length) return 0;
  progress(`Building ${rows.length} run-time index${rows.length === 1 ? '' : 'es'} …`);
  let built = 0;
  for (const [i, { field }] of rows.entries()) {
    // The server records at most MAX_AUTO_INDEXES; more can only come from a file edited by hand.
    const sql = i < MAX_AUTO_INDEXES ? runTimeIndexSql(db, field) : undefined;
    const error = sql
      ? await db.exec(sql).then(
          () => undefined,
          (e: unknown) => e as Error,
        )
      : undefined;
    if (sql && !error) {
      built++;
      continue;
    }
    await db.query(`delete from data_sort_indexes where site_id = '*' and collection_id = '*' and field = $1`, [field]);
    progress(
      `  ${JSON.stringify(field).slice(0, 80)}: not built (${error ? error.message : 'not a key this Vitrine builds'}); the server builds it again when a query needs it`,
    );
  }
  // Expression statistics exist only after ANALYZE; the planner needs them to pick these indexes.
  if (built) await db.exec('analyze data_items');
  return built;
}
