/**
 * What a `$search` reads (docs/data.md → Full-text search). A collection declares its searchable fields as a search
 * index (`collections[].indexes[]` with `"search": true`); once the server serves, each such declaration gets two
 * GIN indexes, built in the background one after the other (queued with the on-demand builds, indexes.ts;
 * CONCURRENTLY on PostgreSQL, so nothing waits for them there): the fields' tsvector in the site's language
 * (weights A–D in declaration order) and their text for pg_trgm. Both are partial to the site and collection and
 * named from the declaration and the language, so a restart finds them and a changed declaration builds anew.
 *
 * A `$search` on a collection of fewer than SEARCH_SCAN_MAX_ITEMS items reads every item without any index (the
 * declared fields, or with no declaration every string of the item): bounded, and what a small collection wants.
 * On a larger one it needs its declared index: without a declaration it is a 400 `SEARCH_INDEX_REQUIRED` naming
 * the declaration to add; while the declared index is being built, a 503 `SEARCH_INDEX_BUILDING` to retry.
 * A statement PostgreSQL ends as a deadlock is run again (store/busy.ts retryLockConflicts); a build that still
 * failed (a cancelled statement, an extension missing) is queued again by the first `$search` that needs it once
 * its back-off has passed, 10 s doubling up to 15 min: a failure that repeats costs one attempt per back-off, never
 * one per search.
 */
import { createHash } from 'node:crypto';
import type { CollectionConfig, IndexConfig, SiteConfig } from '../config/types.js';
import { ApplicationError, invalidField } from '../errors/wire.js';
import { siteLanguages, textSearchConfig } from '../i18n/index.js';
import { retryLockConflicts } from '../store/busy.js';
import type { Database, Queryable } from '../store/types.js';
import type { FilterNode } from './filter/ast.js';
import type { SearchTarget } from './filter/search.js';
import { searchOf } from './filter/walk.js';
import { AUTO_INDEX_MIN_ITEMS, queueBuild, SEGMENT } from './indexes.js';
import { upgradeSearchIndexes } from './search-index-upgrade.js';

/** A collection this small is searched by reading every item; a larger one needs its search index. */
export const SEARCH_SCAN_MAX_ITEMS = AUTO_INDEX_MIN_ITEMS;

const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const WEIGHTS = ['A', 'B', 'C', 'D'] as const;
/** System fields are not text a visitor searches: ids, owners and dates would match every item. */
const SYSTEM = `- '_id' - '_owner' - '_createdDate' - '_updatedDate'`;

/** The configuration a site's items are stemmed with: its first language's ('simple', no stemming, for others). */
export function searchConfigOf(site: SiteConfig): string {
  return textSearchConfig(siteLanguages(site)[0]);
}

const pathOf = (field: string) => field.split('.');
const safeFields = (index: IndexConfig) =>
  index.fields.every((f) => pathOf(f.field).length <= 4 && pathOf(f.field).every((s) => SEGMENT.test(s)));
const fieldText = (doc: string, field: string) => `coalesce(${doc} #>> '{${pathOf(field).join(',')}}'::text[], '')`;

/** The tsvector and the text of a declared search index's fields, of the row document `doc` (`data`, `i.data`). */
export function declaredSearchSql(doc: string, index: IndexConfig, config: string) {
  const document = index.fields
    .map((f, i) => `setweight(to_tsvector('${config}'::regconfig, ${fieldText(doc, f.field)}), '${WEIGHTS[i]}')`)
    .join(' || ');
  const plain = index.fields.map((f) => fieldText(doc, f.field)).join(` || ' ' || `);
  return { document: `(${document})`, plain: `(${plain})` };
}

/** Without a declaration (a small collection): every string of the item but its system fields. */
function wholeItemSql(doc: string, config: string) {
  return {
    document: `jsonb_to_tsvector('${config}'::regconfig, ${doc} ${SYSTEM}, '["string"]')`,
    plain: `(jsonb_path_query_array(${doc} ${SYSTEM}, 'strict $.** ? (@.type() == "string")')::text)`,
  };
}

export function searchIndexName(siteId: string, collectionId: string, index: IndexConfig, config: string): string {
  const fields = index.fields.map((f) => f.field);
  const digest = createHash('sha256')
    .update(JSON.stringify([siteId, collectionId, fields, config]))
    .digest('hex');
  return `data_search_${digest.slice(0, 24)}`;
}

/** The two CREATE INDEX statements (tsvector, trigrams), or undefined when a name is not safe to write into DDL. */
export function searchIndexSql(db: Database, siteId: string, collectionId: string, index: IndexConfig, config: string) {
  if (!ID.test(siteId) || !ID.test(collectionId) || !safeFields(index)) return undefined;
  const name = searchIndexName(siteId, collectionId, index, config);
  const { document, plain } = declaredSearchSql('data', index, config);
  const how = `create index ${db.kind === 'postgres' ? 'concurrently ' : ''}if not exists`;
  // No pending list: a search never reads one (search-index-upgrade.ts says why and what it costs).
  const where = `with (fastupdate = off) where site_id = '${siteId}' and collection_id = '${collectionId}'`;
  return [
    { name, sql: `${how} ${name} on data_items using gin ((${document})) ${where}` },
    { name: `${name}_t`, sql: `${how} ${name}_t on data_items using gin ((${plain}) gin_trgm_ops) ${where}` },
  ];
}

/**
 * Statistics on the tsvector expression (catalog only: no table rewrite, no lock that blocks reads or writes).
 * The planner ignores a partial index's expression statistics, so without these every word was estimated to match
 * 0.5% of the rows: a word every item says was read through the GIN index (a bitmap of 1,000,000 rows, 0.3 s) where
 * a category's b-tree reads the first matches in milliseconds. They cover every collection's rows (a statistics
 * object cannot be partial), so a word's frequency is diluted by the table's other collections: still far closer.
 */
export function searchStatisticsSql(siteId: string, collectionId: string, index: IndexConfig, config: string) {
  if (!ID.test(siteId) || !ID.test(collectionId) || !safeFields(index)) return undefined;
  const name = `${searchIndexName(siteId, collectionId, index, config)}_s`;
  const { document } = declaredSearchSql('data', index, config);
  return { name, sql: `create statistics if not exists ${name} on (${document}) from data_items` };
}

/** The wait before a failed build is tried again, doubled after each failure up to SEARCH_INDEX_RETRY_MAX_MS. */
export const SEARCH_INDEX_RETRY_MS = 10_000;
const SEARCH_INDEX_RETRY_MAX_MS = 15 * 60_000;

type State = 'building' | 'ready' | 'failed';
interface IndexBuild {
  state: State;
  /** Runs the build again (queued like the first). */
  build: () => Promise<State>;
  /** Failures in a row, and when the next attempt may start (ms since the epoch). */
  failures: number;
  retryAt: number;
}
// Per database (a process may hold several: the tests' servers): index name → its build; collections known large.
const states = new WeakMap<Database, { indexes: Map<string, IndexBuild>; large: Set<string>; built: Promise<void> }>();
function stateOf(db: Database) {
  let s = states.get(db);
  if (!s) states.set(db, (s = { indexes: new Map(), large: new Set(), built: Promise.resolve() }));
  return s;
}

/** Queues the build of `entry` and records how it ends; the promise never rejects. */
function startBuild(db: Database, entry: IndexBuild): Promise<void> {
  entry.state = 'building';
  const settle = (state: State) => {
    entry.state = state;
    entry.failures = state === 'failed' ? entry.failures + 1 : 0;
    const wait = Math.min(SEARCH_INDEX_RETRY_MS * 2 ** Math.max(0, entry.failures - 1), SEARCH_INDEX_RETRY_MAX_MS);
    entry.retryAt = Date.now() + wait;
  };
  // A database closed under the build (a server stopping) leaves it failed, never a rejection nobody handles.
  return queueBuild(db, entry.build).then(settle, () => settle('failed'));
}

/** A failed build whose back-off has passed is queued again (by the search that found it failed). */
function retryIfDue(db: Database, entry: IndexBuild): void {
  if (entry.state !== 'failed' || Date.now() < entry.retryAt) return;
  const s = stateOf(db);
  s.built = Promise.all([s.built, startBuild(db, entry)]).then(() => undefined);
}

export interface SearchIndexLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Queues the build of every declared search index that does not exist yet and returns at once; the promise it
 * gives ends when they are built (tests and the bench wait for it; the server does not).
 */
export function buildSearchIndexes(db: Database, sites: readonly SiteConfig[], log: SearchIndexLog): Promise<void> {
  const builds: Promise<void>[] = [];
  for (const [s, site] of sites.entries()) {
    for (const [c, collection] of site.collections.entries()) {
      for (const [i, index] of (collection.indexes ?? []).entries()) {
        if (!index.search) continue;
        const key = `sites[${s}].collections[${c}].indexes[${i}]`;
        const config = searchConfigOf(site);
        const statements = searchIndexSql(db, site.id, collection.id, index, config);
        const statistics = searchStatisticsSql(site.id, collection.id, index, config);
        if (!statements || !statistics) {
          log.error({ key }, 'search index not built: a name cannot be written into DDL');
          continue;
        }
        const entry: IndexBuild = {
          state: 'building',
          build: () => buildOne(db, statements, statistics, key, log),
          failures: 0,
          retryAt: 0,
        };
        stateOf(db).indexes.set(statements[0]!.name, entry);
        builds.push(startBuild(db, entry));
      }
    }
  }
  const built = Promise.all(builds).then(() => undefined);
  stateOf(db).built = built;
  return built;
}

/** Ends when the search indexes the last buildSearchIndexes queued on this database are built (tests, bench). */
export const searchIndexesBuilt = (db: Database): Promise<void> => stateOf(db).built;

async function buildOne(
  db: Database,
  statements: { name: string; sql: string }[],
  statistics: { name: string; sql: string },
  key: string,
  log: SearchIndexLog,
): Promise<State> {
  const names = statements.map((s) => s.name);
  const { rows } = await db.query<{ name: string; valid: boolean; options: string[] | null }>(
    `select c.relname as name, i.indisvalid as valid, c.reloptions as options
     from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = any($1::text[])`,
    [names],
  );
  if (rows.length === names.length && rows.every((r) => r.valid)) {
    // Built by an earlier version: what it lacks is added in place (search-index-upgrade.ts), queued after the
    // builds, while the indexes already serve (awaiting it here would answer 503 to searches meanwhile).
    void queueBuild(db, () => upgradeSearchIndexes(db, rows, statistics, key, log));
    return 'ready';
  }
  const started = Date.now();
  const drop = `drop index ${db.kind === 'postgres' ? 'concurrently ' : ''}if exists`;
  try {
    // A concurrent build that was interrupted leaves an invalid index that `if not exists` would take for done.
    for (const r of rows) if (!r.valid) await db.exec(`${drop} ${r.name}`);
    // A deadlock with another instance's build or an operator's ANALYZE: again at once, its leftover dropped.
    for (const s of statements)
      await retryLockConflicts(() => db.exec(s.sql), {
        cleanup: () => db.exec(`${drop} ${s.name}`),
        onRetry: (error, attempt) =>
          log.info(
            { key, index: s.name, err: (error as Error).message, attempt },
            'search index build ended by a lock conflict: again',
          ),
      });
    await db.exec(statistics.sql);
    await db.exec('analyze data_items');
  } catch (error) {
    for (const name of names) await db.exec(`${drop} ${name}`).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    log.error({ key, index: names[0], err: message }, 'search index not built');
    return 'failed';
  }
  log.info({ key, index: names[0], ms: Date.now() - started }, 'search index built');
  return 'ready';
}

/** Whether the collection holds fewer than SEARCH_SCAN_MAX_ITEMS items (a large one is remembered as such). */
async function isSmall(db: Database, reader: Queryable, siteId: string, collectionId: string): Promise<boolean> {
  const key = `${siteId}\0${collectionId}`;
  const { large } = stateOf(db);
  if (large.has(key)) return false;
  const { rows } = await reader.query(
    'select 1 from data_items where site_id = $1 and collection_id = $2 order by created_at offset $3 limit 1',
    [siteId, collectionId, SEARCH_SCAN_MAX_ITEMS - 1],
  );
  if (rows.length > 0) large.add(key);
  return rows.length === 0;
}

export interface SearchScope {
  site: SiteConfig;
  /** Where the items are read (a replica may serve them). */
  db: Queryable;
  /** The primary: the index states are kept per primary database. */
  primary: Database;
}

/**
 * The `$search` target of a filter on a collection (filter/search.ts), or undefined when the filter has no
 * `$search`. Throws the refusals of the header. One short statement turns the words into tsqueries.
 */
export async function resolveSearch(
  scope: SearchScope,
  collection: CollectionConfig,
  filter: FilterNode,
  where = 'query.filter',
): Promise<SearchTarget | undefined> {
  const node = searchOf(filter);
  if (!node) return undefined;
  const { site, primary } = scope;
  const config = searchConfigOf(site);
  const declared = collection.indexes?.find((i) => i.search);
  const name = declared && searchIndexName(site.id, collection.id, declared, config);
  const entry = name === undefined ? undefined : stateOf(primary).indexes.get(name);
  const ready = entry?.state === 'ready';
  let sql: { document: string; plain: string };
  let guard: string | undefined;
  if (ready && ID.test(site.id) && ID.test(collection.id)) {
    sql = declaredSearchSql('i.data', declared!, config);
    guard = `i.site_id = '${site.id}' and i.collection_id = '${collection.id}'`;
  } else if (await isSmall(primary, scope.db, site.id, collection.id)) {
    sql =
      declared && safeFields(declared) ? declaredSearchSql('i.data', declared, config) : wholeItemSql('i.data', config);
  } else if (declared) {
    if (entry) retryIfDue(primary, entry);
    // Still failed: its back-off has not passed (the first search after it queues the build again).
    const failed = entry?.state === 'failed';
    const error = new ApplicationError(
      503,
      'SEARCH_INDEX_BUILDING',
      failed
        ? `The search index of collection ${collection.id} failed to build (the server's log says why); it is built again shortly`
        : `The search index of collection ${collection.id} is being built; try again shortly`,
      { collectionId: collection.id },
    );
    const wait = failed ? Math.ceil((entry!.retryAt - Date.now()) / 1000) : 0;
    error.headers['retry-after'] = String(Math.max(10, wait));
    throw error;
  } else {
    throw invalidField(
      `${where}.$search`,
      `collection ${collection.id} holds ${SEARCH_SCAN_MAX_ITEMS} items or more: declare its searchable fields to $search it, ` +
        `"indexes": [{ "search": true, "fields": [{ "field": "title" }, { "field": "description" }] }] in its config ` +
        `(site ${site.id}, docs/data.md → Full-text search)`,
      'SEARCH_INDEX_REQUIRED',
      { collectionId: collection.id, scanMaxItems: SEARCH_SCAN_MAX_ITEMS },
    );
  }
  const { rows } = await scope.db.query<{ term: string; query: string }>(
    `select t as term, plainto_tsquery('${config}'::regconfig, t)::text as query from unnest($1::text[]) t`,
    [node.terms],
  );
  const queries = new Map(rows.map((r) => [r.term, r.query]));
  return { ...sql, queries, ...(guard ? { guard } : {}) };
}
