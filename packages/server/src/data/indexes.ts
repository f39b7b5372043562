/**
 * Sort indexes on demand. Sorting a large collection by a user field needs a btree on that field's sort keys
 * (the same expressions `sortKeys` emits, then `id`), otherwise every matching row is read and sorted.
 * The first query that sorts a collection of at least AUTO_INDEX_MIN_ITEMS items by one plain field starts
 * building such an index in the background: one per field name, led by (site_id, collection_id) so it serves
 * that field in every collection (not partial: the planner only uses the statistics of whole-table expression
 * indexes, and needs them to choose well between a range on the field and another sort). At most
 * MAX_AUTO_INDEXES fields, recorded in `data_sort_indexes` (site and collection '*') so every instance sees them.
 *
 * DDL cannot take parameters, so only identifier-like field segments are ever written into it;
 * any other field is simply not indexed.
 */
import { createHash } from 'node:crypto';
import type { CollectionConfig, IndexConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import type { FilterNode, SortSpec } from './filter/ast.js';
import { sortKeys } from './filter/compile.js';
import { conditions } from './filter/walk.js';

export const AUTO_INDEX_MIN_ITEMS = 2000;
export const MAX_AUTO_INDEXES = 12;
export const SEGMENT = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

// Per database, not per process: a process may hold several (the CLI, the tests' servers), each with its own indexes.
interface Progress {
  known: Set<string>;
  /** Per `site\0collection`: the fields of its declared plain indexes that exist (data/declared-indexes.ts). */
  declared: Map<string, IndexConfig['fields'][]>;
  building: Set<string>;
  /** The build running now: builds on one database go one at a time (see maybeBuildIndex). */
  queue: Promise<unknown>;
  /** Per `site\0collection`: when a build found it under AUTO_INDEX_MIN_ITEMS items (ms since the epoch). */
  small: Map<string, number>;
}
const progress = new WeakMap<Database, Progress>();

function progressOf(db: Database): Progress {
  let state = progress.get(db);
  if (!state)
    progress.set(
      db,
      (state = {
        known: new Set(),
        declared: new Map(),
        building: new Set(),
        queue: Promise.resolve(),
        small: new Map(),
      }),
    );
  return state;
}

/** Records that a declared plain index on `fields` of this collection exists (data/declared-indexes.ts). */
export function markDeclared(db: Database, siteId: string, collectionId: string, fields: IndexConfig['fields']): void {
  const { declared } = progressOf(db);
  const key = `${siteId}\0${collectionId}`;
  declared.set(key, [...(declared.get(key) ?? []), fields]);
}

/** The declared plain indexes of a collection that exist. */
export function declaredIndexes(db: Database, siteId: string, collectionId: string): readonly IndexConfig['fields'][] {
  return progressOf(db).declared.get(`${siteId}\0${collectionId}`) ?? [];
}

/**
 * The fields of a collection that a b-tree on their sort keys leads: the on-demand sort indexes this process knows
 * built (whole-table, one per field) and the first fields of the collection's declared plain indexes. Equality on
 * them compiles to those keys (filter/compile.ts): the b-tree seeks to the value, and the planner estimates it
 * from the index's expression statistics (the containment that the GIN index serves is estimated poorly).
 */
export function keyedFields(db: Database, siteId: string, collectionId: string): ReadonlySet<string> {
  const fields = new Set(declaredIndexes(db, siteId, collectionId).map((f) => f[0]!.field));
  for (const field of progressOf(db).known) if (!field.includes('\0') && !field.includes('@')) fields.add(field);
  return fields;
}

/**
 * What this process knows of the on-demand index `field` (indexes.ts keys: `title`, `title@fr`, `title#trigram`) of a
 * collection: built ('ready'), a build started or queued ('building'), or neither (data/query-guard.ts).
 */
export function onDemandIndexState(
  db: Database,
  siteId: string,
  collectionId: string,
  field: string,
): 'ready' | 'building' | 'none' {
  const { known, building } = progressOf(db);
  const key = `${siteId}\0${collectionId}\0${field}`;
  if (known.has(field)) return 'ready';
  return building.has(key) ? 'building' : 'none';
}

/** Whether a build found this collection too small for on-demand indexes within the last `withinMs`. */
export function recentlySmall(db: Database, siteId: string, collectionId: string, withinMs: number): boolean {
  const at = progressOf(db).small.get(`${siteId}\0${collectionId}`);
  return at !== undefined && Date.now() - at < withinMs;
}

/** A language tag is safe in DDL quotes (letters, digits, "-"). */
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/**
 * The key of an index: the field, and for a sort in another language of a translatable field (data/translations.ts)
 * also the language (`title@fr`): that sort reads `coalesce(translations -> 'fr' -> 'title', data -> 'title')`.
 */
export const indexKey = (field: string, language: string | undefined) => (language ? `${field}@${language}` : field);

export function sortIndexName(field: string): string {
  return `data_sort_${createHash('sha256').update(field).digest('hex').slice(0, 24)}`;
}

/** The CREATE INDEX statement, or undefined when the names are not safe to write into DDL. */
export function sortIndexSql(db: Database, path: readonly string[], language?: string): string | undefined {
  if (path.length > 4 || !path.every((p) => SEGMENT.test(p))) return undefined;
  if (language !== undefined && (path.length !== 1 || !LANGUAGE.test(language))) return undefined;
  // The very expression filter/compile.ts emits (parameters folded into constants), or the planner cannot use it.
  const x = language
    ? `(coalesce(translations -> '${language}'::text -> '${path[0]}'::text, data -> '${path[0]}'::text))`
    : `(data${path.map((p) => ` -> '${p}'::text`).join('')})`;
  const keys = sortKeys(x, false).map((k) => `(${k})`);
  const concurrently = db.kind === 'postgres' ? 'concurrently ' : '';
  return `create index ${concurrently}if not exists ${sortIndexName(indexKey(path.join('.'), language))} on data_items (site_id, collection_id, ${keys.join(', ')}, id collate "C")`;
}

/**
 * Starts building a sort index when useful; never throws, never delays the query. `language`: the read's language
 * when the sorted field is translated in it.
 */
export function maybeIndexSort(
  db: Database,
  siteId: string,
  collection: CollectionConfig,
  sort: readonly SortSpec[],
  onError: (e: unknown) => void,
  language?: string,
): void {
  if (sort.length !== 1 || sort[0]!.path[0]!.startsWith('_')) return;
  const field = indexKey(sort[0]!.field, language);
  maybeBuildIndex(db, siteId, collection.id, field, () => sortIndexSql(db, sort[0]!.path, language), onError);
}

/**
 * Runs an index build after the builds queued before it on this database. One build at a time: two CREATE INDEX
 * CONCURRENTLY on expressions of one table wait for each other's snapshots, and PostgreSQL ends one of them as a
 * deadlock (seen with a query that wanted two text indexes). Search indexes (search-indexes.ts) queue here too.
 */
export function queueBuild<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const state = progressOf(db);
  const build = state.queue.then(run);
  state.queue = build.catch(() => undefined);
  return build;
}

/**
 * Starts building the index `field` names (its DDL from `ddl`, undefined when unsafe) once the collection is
 * large enough, unless it exists or is being built; never throws, never delays the caller.
 */
export function maybeBuildIndex(
  db: Database,
  siteId: string,
  collectionId: string,
  field: string,
  ddl: () => string | undefined,
  onError: (e: unknown) => void,
): void {
  const key = `${siteId}\0${collectionId}\0${field}`;
  const state = progressOf(db);
  const { known, building } = state;
  if (known.has(field) || known.has(key) || building.has(key)) return;
  const sql = ddl();
  if (!sql) return;
  building.add(key);
  const build = queueBuild(db, () => ensure(db, siteId, collectionId, field, sql));
  void build
    .then((done) => {
      if (done) known.add(done === 'indexed' ? field : key);
      else state.small.set(`${siteId}\0${collectionId}`, Date.now());
    })
    .catch(onError)
    .finally(() => building.delete(key));
}

/** 'indexed' when the field has its index, 'full' when no more may be built, false when not yet needed. */
async function ensure(
  db: Database,
  siteId: string,
  collectionId: string,
  field: string,
  sql: string,
): Promise<'indexed' | 'full' | false> {
  const have = await db.query<{ field: string }>(
    `select field from data_sort_indexes where site_id = '*' and collection_id = '*'`,
  );
  if (have.rows.some((r) => r.field === field)) return 'indexed';
  if (have.rows.length >= MAX_AUTO_INDEXES) return 'full';
  const big = await db.query(
    'select 1 from data_items where site_id = $1 and collection_id = $2 order by created_at offset $3 limit 1',
    [siteId, collectionId, AUTO_INDEX_MIN_ITEMS - 1],
  );
  if (big.rows.length === 0) return false;
  // A concurrent build that failed (another instance's deadlock, a cancelled statement) leaves an invalid index,
  // which `create index if not exists` would then take for done: drop it and build again.
  if (db.kind === 'postgres') {
    const invalid = await db.query(
      `select 1 from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1 and not i.indisvalid`,
      [sortIndexName(field)],
    );
    if (invalid.rows.length) await db.exec(`drop index concurrently if exists ${sortIndexName(field)}`);
  }
  await db.exec(sql);
  // Expression statistics exist only after ANALYZE; the planner needs them to pick this index wisely.
  await db.exec('analyze data_items');
  await db.query(
    `insert into data_sort_indexes (site_id, collection_id, field, index_name) values ('*', '*', $1, $2) on conflict do nothing`,
    [field, sortIndexName(field)],
  );
  return 'indexed';
}

/**
 * A range (`$lt`, `$gte`…) is compiled with the sort-key expressions (filter/compile.ts), so the field's sort index
 * serves it too: without one, a range on a large collection (and counting its matches) reads every row. Builds it
 * like a sort would; not for a read in another language, whose range tests the translated value.
 */
export function maybeIndexRanges(
  db: Database,
  siteId: string,
  collection: CollectionConfig,
  filter: FilterNode,
  onError: (e: unknown) => void,
): void {
  for (const node of conditions(filter)) {
    if (node.kind !== 'cmp' || node.op === 'eq' || node.op === 'ne' || node.path[0]!.startsWith('_')) continue;
    const field = node.path.join('.');
    maybeIndexSort(db, siteId, collection, [{ path: node.path, field, desc: false }], onError);
  }
}
