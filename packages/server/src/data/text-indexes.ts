/**
 * Text-matching indexes on demand (issue #28). `$startsWith`, `$contains` and `$endsWith` compile to
 * `lower(<field> #>> '{}') like <pattern>` beside their exact test (filter/compile.ts), and two indexes on that
 * very expression serve them: a b-tree with `text_pattern_ops` (a prefix is an index range whatever the
 * database's collation) for `$startsWith`, and a trigram GIN (`pg_trgm`, created by migration 73 on PostgreSQL
 * and PGlite) for `$contains` and `$endsWith`. Like sort indexes (indexes.ts), the first such query on a
 * collection of at least AUTO_INDEX_MIN_ITEMS items starts the build in the background, once per field, and
 * the build is recorded in `data_sort_indexes` (keys `title#prefix`, `title#trigram`) so every instance sees it.
 */
import type { CollectionConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import type { FilterNode } from './filter/ast.js';
import { conditions } from './filter/walk.js';
import { maybeBuildIndex, SEGMENT, sortIndexName } from './indexes.js';

type Kind = 'prefix' | 'trigram';

/** The CREATE INDEX statement, or undefined when the path is not safe to write into DDL. */
export function textIndexSql(db: Database, path: readonly string[], kind: Kind): string | undefined {
  if (path.length > 4 || !path.every((p) => SEGMENT.test(p))) return undefined;
  // The expression filter/compile.ts emits with its parameters folded into constants, or the planner cannot use it.
  const x = `lower((data${path.map((p) => ` -> '${p}'::text`).join('')}) #>> '{}'::text[])`;
  const name = sortIndexName(`${path.join('.')}#${kind}`);
  const concurrently = db.kind === 'postgres' ? 'concurrently ' : '';
  return kind === 'prefix'
    ? `create index ${concurrently}if not exists ${name} on data_items (site_id, collection_id, (${x}) text_pattern_ops)`
    : `create index ${concurrently}if not exists ${name} on data_items using gin ((${x}) gin_trgm_ops)`;
}

/**
 * Starts building the text indexes a filter's `$startsWith` / `$contains` / `$endsWith` conditions would use.
 * They index the default-language value: a read in another language tests another expression and scans.
 */
export function maybeIndexText(
  db: Database,
  siteId: string,
  collection: CollectionConfig,
  filter: FilterNode,
  onError: (e: unknown) => void,
): void {
  for (const node of conditions(filter)) {
    if (node.kind !== 'text' || node.path[0]!.startsWith('_')) continue;
    const { path } = node;
    const kind: Kind = node.op === 'startsWith' ? 'prefix' : 'trigram';
    maybeBuildIndex(
      db,
      siteId,
      collection.id,
      `${path.join('.')}#${kind}`,
      () => textIndexSql(db, path, kind),
      onError,
    );
  }
}
