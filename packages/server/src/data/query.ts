/** Reading many items: query (with projection, paging and references), count and distinct values. */
import type { CollectionConfig } from '../config/types.js';
import { invalidField } from '../errors/wire.js';
import type { FilterNode, SortSpec } from './filter/ast.js';
import {
  compileFilter,
  fieldExpr,
  orderItem,
  Params,
  sortColumns,
  sortKeys,
  type SortColumn,
} from './filter/compile.js';
import { parseFieldPath, parseFilter, parseSort } from './filter/parse.js';
import { declaredSortFor, keyedFor } from './declared-indexes.js';
import { maybeIndexRanges, maybeIndexSort } from './indexes.js';
import { maybeIndexText } from './text-indexes.js';
import { missingIndex, refuseUnindexed, runGuarded } from './query-guard.js';
import { searchRankSql, type SearchTarget } from './filter/search.js';
import { resolveSearch } from './search-indexes.js';
import { searchOf, type SearchNode } from './filter/walk.js';
import { primaryOf } from '../store/read-replica.js';
import { isPlainObject, type Json, type JsonObject } from './json.js';
import { keyColumns, keysetWhere, rowKeys } from './keyset.js';
import { pagingMetadata, readPaging, type Edges, type PagingMetadata } from './paging.js';
import { authorize, type Access } from './permissions.js';
import { boundedCount, DEFAULT_READ_LIMITS, rankedCount, type Total } from './read-limits.js';
import { includeReferences, parseIncludes } from './references.js';
import { asBody, stringList, type Body, type DataScope } from './scope.js';
import { filterOperands } from './filter/limits.js';
import { admitRead } from './throttle.js';
import { moduleCount, moduleQuery, refuseModuleRead, servedByModule } from './module-reads.js';
import { envelope, project } from './store.js';
import { applyTranslation, itemLanguage, itemTarget, translationColumn, type ItemLanguage } from './translations.js';

/**
 * `where` clause for the caller's view of a collection: site, collection, owner restriction, filter. With `lang`,
 * conditions on translatable fields test that language's values (data/translations.ts).
 */
export function itemsWhere(
  scope: DataScope,
  collection: CollectionConfig,
  access: Access,
  filter: FilterNode,
  params: Params,
  lang?: ItemLanguage,
  search?: SearchTarget,
): string {
  const parts = [`i.site_id = ${params.add(scope.site.id)}`, `i.collection_id = ${params.add(collection.id)}`];
  if (access.ownerOnly !== undefined) parts.push(`i.owner_id = ${params.add(access.ownerOnly)}`);
  const keyed = keyedFor(primaryOf(scope.db), scope.site.id, collection.id, filter);
  const compiled = compileFilter(filter, { ...itemTarget(lang), keyed, ...(search ? { search } : {}) }, params);
  if (compiled !== 'true') parts.push(compiled);
  return parts.join(' and ');
}

/** No sort: creation time, then insertion order (the index on (site, collection, created_at, seq)). */
const DEFAULT_ORDER: readonly SortColumn[] = [
  { sql: 'i.created_at', desc: false, type: 'timestamptz' },
  { sql: 'i.seq', desc: false, type: 'bigint' },
];

/**
 * The ORDER BY columns of an item query; `_id` breaks ties. A `$search` with no sort orders by relevance, best
 * first (filter/search.ts); a sort the caller gives wins.
 */
export function orderColumns(
  sort: readonly SortSpec[],
  params: Params,
  lang?: ItemLanguage,
  ranked?: { node: SearchNode; search: SearchTarget },
): readonly SortColumn[] {
  if (sort.length === 0 && ranked) {
    const rank = searchRankSql(ranked.node, ranked.search, params);
    return [
      { sql: rank, desc: true, type: 'numeric' },
      { sql: 'i.id collate "C"', desc: false, type: 'text' },
    ];
  }
  return sort.length === 0 ? DEFAULT_ORDER : sortColumns(sort, itemTarget(lang), params, 'i.id collate "C"');
}

export async function countWhere(scope: DataScope, where: string, params: Params): Promise<number> {
  const result = await scope.db.query<{ n: number }>(
    `select count(*) as n from data_items i where ${where}`,
    params.values,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** What resolveSearch needs of a request's scope (the index states live with the primary database). */
export const searchScope = (scope: DataScope) => ({ site: scope.site, db: scope.db, primary: primaryOf(scope.db) });

interface SavedQuery {
  f: unknown;
  s: unknown;
}

export async function queryItems(scope: DataScope, collection: CollectionConfig, body: Body) {
  const module = servedByModule(scope, collection.id);
  if (module) return moduleQuery(scope, module, body);
  const access = authorize(collection, 'read', scope.caller);
  const query = body.query == null ? {} : asBody(body.query, 'query');
  const page = readPaging(scope, query, body, 'query', collection.id, 'query.');
  const saved: SavedQuery = isPlainObject(page.saved)
    ? (page.saved as unknown as SavedQuery)
    : { f: query.filter, s: query.sort };
  const filter = parseFilter(saved.f, 'query.filter');
  const sort = parseSort(saved.s, 'query.sort');
  const fields = stringList(query.fields, 'query.fields');
  fields.forEach((f, i) => parseFieldPath(f, `query.fields[${i}]`));
  const includes = parseIncludes(body.includeReferences, 'includeReferences');
  const lang = itemLanguage(scope.site, collection, body.language);
  await admitRead(scope, filterOperands(filter));
  const search = await resolveSearch(searchScope(scope), collection, filter);

  const sortLanguage = lang && sort.length === 1 && lang.fields.has(sort[0]!.path[0]!) ? lang.language : undefined;
  // The message only: driver error objects carry the statement and its parameters.
  const onIndexError = (error: unknown) =>
    scope.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'building an index failed');
  // Index builds write (DDL, data_sort_indexes): on the primary, never a replica.
  const primary = primaryOf(scope.db);
  maybeIndexSort(primary, scope.site.id, collection, sort, onIndexError, sortLanguage);
  maybeIndexText(primary, scope.site.id, collection, filter, onIndexError);
  if (!lang) maybeIndexRanges(primary, scope.site.id, collection, filter, onIndexError);
  const params = new Params();
  const columns = `i.data${translationColumn(lang, params)}`;
  const where = itemsWhere(scope, collection, access, filter, params, lang, search);
  // Cursor pages select their rows' sort keys and start after (or before) the cursor's keys (data/keyset.ts).
  const written = declaredSortFor(primary, scope.site.id, collection.id, filter, sort);
  const node = searchOf(filter);
  const ranked = node && search ? { node, search } : undefined;
  const limits = scope.readLimits ?? DEFAULT_READ_LIMITS;
  // Relevance ranks the first searchRankLimit matches only (read-limits.ts): each ranked match is stemmed again.
  const rankCap = ranked && written.length === 0 ? limits.searchRankLimit : undefined;
  const keys = orderColumns(written, params, lang, ranked);
  const pos = page.position;
  const after = pos ? ` and ${keysetWhere(keys, pos, params, 'query.cursorPaging.cursor')}` : '';
  const order = keys.map((c) => orderItem(c, pos?.back)).join(', ');
  const keyed = page.cursorMode ? keyColumns(keys) : '';
  // A `$search` with a sort of the caller's: its matches first (the GIN indexes), then sorted. Left to itself the
  // planner may walk the sort's b-tree testing the text on each row, stemming most of the collection when few
  // items match (1.2 s against ~50 ms at 100,000 items, bench/RESULTS.md); OFFSET 0 keeps the subquery apart.
  // Ranked: the first rankCap matches in the order the plan reads them (the GIN index's, storage order), then ranked.
  const from =
    search && sort.length > 0
      ? `(select * from data_items i where ${where} offset 0) i where true`
      : rankCap !== undefined
        ? `(select * from data_items i where ${where} limit ${params.add(rankCap)}) i where true`
        : `data_items i where ${where}`;
  const sql = `select ${columns}${keyed} from ${from}${after} order by ${order} limit ${params.add(page.limit + 1)} offset ${params.add(page.offset)}`;
  // A sort, range or text match without its index on a large collection is refused (data/query-guard.ts).
  const missing = missingIndex(primary, scope.site.id, collection, filter, written, sort, sortLanguage);
  await refuseUnindexed(scope.db, collection.id, missing, sql, params.values, limits.queryCostLimit);
  // The count does not depend on the page: on PostgreSQL it runs beside it, on another connection of the pool.
  let counting: Promise<Total> | undefined;
  if (page.returnTotalCount) {
    const countParams = new Params();
    const countFrom = `from data_items i where ${itemsWhere(scope, collection, access, filter, countParams, lang, search)}`;
    const { countLimit, estimateFactor, countTimeLimitMs } = limits;
    const timeLimit = {
      timeLimitMs: countTimeLimitMs,
      onTimeLimit: (ms: number) =>
        scope.log?.debug?.({ collection: collection.id, timeLimitMs: ms }, 'count past its time limit: estimated'),
    };
    counting =
      rankCap !== undefined
        ? rankedCount(scope.db, countFrom, countParams.values, rankCap)
        : boundedCount(scope.db, countFrom, countParams.values, countLimit, estimateFactor, timeLimit);
    // Awaited below; a failing page query must not leave its rejection unhandled.
    counting.catch(() => undefined);
  }
  const result = await runGuarded<{ data: JsonObject; tr?: Json }>(
    scope.db,
    collection.id,
    missing,
    sql,
    params.values,
    limits.unindexedTimeLimitMs,
  );
  const more = result.rows.length > page.limit;
  const rows = result.rows.slice(0, page.limit);
  // A page before the cursor is read backwards; there is always the page it came from after it.
  if (pos?.back) rows.reverse();
  const hasNext = pos?.back ? true : more;
  const edge = (row: object | undefined) => (row ? rowKeys(row as Record<string, unknown>, keys.length) : undefined);
  const edges: Edges | undefined = page.cursorMode
    ? { first: edge(rows[0]), last: edge(rows[rows.length - 1]), hasPrev: pos ? !pos.back || more : false }
    : undefined;
  let items = rows.map((r) => applyTranslation(r.data, r.tr, lang));
  const total = counting ? await counting : undefined;
  if (includes.length > 0) items = await includeReferences(scope, collection, items, includes, body.language);
  const meta = pagingMetadata(
    scope,
    page,
    'query',
    collection.id,
    { f: saved.f, s: saved.s },
    items.length,
    hasNext,
    total,
    edges,
  );
  return { dataItems: items.map((d) => envelope(collection.id, project(d, fields))), pagingMetadata: meta };
}

export async function countItems(
  scope: DataScope,
  collection: CollectionConfig,
  body: Body,
): Promise<{ totalCount: number }> {
  const module = servedByModule(scope, collection.id);
  if (module) return moduleCount(scope, module, body);
  const access = authorize(collection, 'read', scope.caller);
  const filter = parseFilter(body.filter, 'filter');
  const lang = itemLanguage(scope.site, collection, body.language);
  await admitRead(scope, filterOperands(filter));
  const search = await resolveSearch(searchScope(scope), collection, filter, 'filter');
  const params = new Params();
  const where = itemsWhere(scope, collection, access, filter, params, lang, search);
  return { totalCount: await countWhere(scope, where, params) };
}

/** Distinct present (non-null) values of one field, ordered like a sort on that field. */
export async function distinctValues(
  scope: DataScope,
  collection: CollectionConfig,
  body: Body,
): Promise<{ distinctValues: Json[]; pagingMetadata: PagingMetadata }> {
  const module = servedByModule(scope, collection.id);
  if (module) refuseModuleRead(module, 'distinct values');
  const access = authorize(collection, 'read', scope.caller);
  const page = readPaging(scope, body, body, 'distinct', collection.id);
  const saved = isPlainObject(page.saved) ? page.saved : { n: body.fieldName, f: body.filter, o: body.order };
  if (typeof saved.n !== 'string') throw invalidField('fieldName', 'must be a string', 'REQUIRED');
  const path = parseFieldPath(saved.n, 'fieldName');
  const order = saved.o ?? 'ASC';
  if (order !== 'ASC' && order !== 'DESC') throw invalidField('order', 'must be ASC or DESC');
  const filter = parseFilter(saved.f, 'filter');
  const lang = itemLanguage(scope.site, collection, body.language);
  await admitRead(scope, filterOperands(filter));
  const search = await resolveSearch(searchScope(scope), collection, filter, 'filter');

  const params = new Params();
  const where = itemsWhere(scope, collection, access, filter, params, lang, search);
  const value = fieldExpr(itemTarget(lang), path, params);
  const inner = `select distinct ${value} as v from data_items i where ${where} and ${value} is not null and ${value} <> 'null'::jsonb`;
  const keys = [...sortKeys('d.v', order === 'DESC'), `d.v${order === 'DESC' ? ' desc' : ''}`].join(', ');
  const rows = (
    await scope.db.query<{ v: Json }>(
      `select d.v from (${inner}) d order by ${keys} limit ${params.add(page.limit + 1)} offset ${params.add(page.offset)}`,
      params.values,
    )
  ).rows;
  const hasNext = rows.length > page.limit;
  const values = rows.slice(0, page.limit).map((r) => r.v);
  let total: number | undefined;
  if (page.returnTotalCount) {
    const counted = await scope.db.query<{ n: number }>(
      `select count(*) as n from (${inner}) d`,
      params.values.slice(0, -2),
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const meta = pagingMetadata(scope, page, 'distinct', collection.id, saved, values.length, hasNext, total);
  return { distinctValues: values, pagingMetadata: meta };
}
