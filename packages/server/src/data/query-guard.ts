/**
 * Unindexed reads of large collections are refused, not run (issue #54; docs/data.md → Large collections).
 *
 * A sort, a range or a text match on a field without its index makes the database read every match (a sort of
 * 20,000 items out of 1,000,000: 200–800 ms; a `$contains` before its trigram index: a scan of the table), which
 * holds a backend and a core for that long for every caller who asks. Such a query is refused in a few
 * milliseconds with an error that names the index: `WD_INDEX_REQUIRED`, 503 with `Retry-After` while an on-demand
 * build of it is under way (PostgreSQL builds it concurrently: retrying soon succeeds), 400 when it has to be
 * declared (`collections[].indexes`, built at start) because no build will come: a sort on several fields, the
 * on-demand indexes are all taken, or a field name that cannot be written into DDL.
 *
 * Deciding costs nothing when every index the query wants is known to exist. Otherwise the page query is planned
 * once more (EXPLAIN, unnamed: planned for its values) and refused when the planner's total cost is above
 * `VITRINE_DATA_QUERY_COST_LIMIT` (default below): a collection of a few thousand items sorts without an index
 * far under it, so small collections answer exactly as before; a collection a build has just found under 2,000
 * items is not planned at all. The planner can be wrong (correlated fields), so on PostgreSQL such a query also runs
 * under `VITRINE_DATA_UNINDEXED_TIME_LIMIT_MS` (default 100) and is refused the same way when it runs past it.
 */
import type { CollectionConfig, IndexConfig } from '../config/types.js';
import { appError } from '../errors/catalogue.js';
import type { ApplicationError } from '../errors/wire.js';
import type { Database } from '../store/types.js';
import type { FilterNode, SortSpec } from './filter/ast.js';
import { conditions } from './filter/walk.js';
import { declaredIndexes, indexKey, onDemandIndexState, recentlySmall } from './indexes.js';

/**
 * PostgreSQL cost units (about one sequential page read each). Measured (bench/RESULTS.md, issue #54): at
 * 1,000,000 items an indexed page (`stock < 10` sorted by title, 50 items) plans at 691, a top-N sort of the
 * 19,658 expected matches of `stock < 10` by a field without an index at 31,910 and a sort of the whole collection
 * at 79,225; 5,000 items sorted without an index plan at 686.
 */
export const DEFAULT_QUERY_COST_LIMIT = 20_000;
const SMALL_FOR_MS = 60_000;
/** Seconds a client is told to wait while an on-demand index is built. */
const RETRY_AFTER_SECONDS = 5;

type IndexFields = IndexConfig['fields'];

/** What a query wants and this process does not know to exist. */
export interface MissingIndex {
  /** Where in the request: `query.sort` or `query.filter`. */
  at: 'query.sort' | 'query.filter';
  /** What needs it, for the message: `sort by title`, `$contains on title`. */
  what: string;
  /** The index a shop can declare for it (`collections[].indexes[].fields`); none for text matches. */
  declare?: IndexFields;
  /** An on-demand build of it has started (PostgreSQL builds it beside the traffic). */
  building: boolean;
}

const order = (desc: boolean): 'ASC' | 'DESC' => (desc ? 'DESC' : 'ASC');

/** The fields the top-level `and` pins to one value, in the filter's order (they lead the index to declare). */
function pinned(filter: FilterNode): string[] {
  const out: string[] = [];
  const visit = (node: FilterNode) => {
    if (node.kind === 'and') node.children.forEach(visit);
    else if (node.kind === 'cmp' && node.op === 'eq' && node.value !== null && typeof node.value !== 'object')
      out.push(node.path.join('.'));
  };
  visit(filter);
  return [...new Set(out)];
}

/** A declared plain index whose fields are exactly this sort, in its directions or all reversed. */
function declaredServes(fields: IndexFields, sort: readonly SortSpec[]): boolean {
  if (fields.length !== sort.length) return false;
  const same = (reversed: boolean) =>
    fields.every((f, i) => f.field === sort[i]!.field && ((f.order === 'DESC') !== reversed) === sort[i]!.desc);
  return same(false) || same(true);
}

/**
 * The first index the query wants that this process does not know to exist, or undefined. `sort` is the sort as
 * it will be written (after `declaredSortFor`), `requested` the caller's; `language` the read's language when the
 * sorted field is translated in it.
 */
export function missingIndex(
  db: Database,
  siteId: string,
  collection: CollectionConfig,
  filter: FilterNode,
  sort: readonly SortSpec[],
  requested: readonly SortSpec[],
  language: string | undefined,
): MissingIndex | undefined {
  if (recentlySmall(db, siteId, collection.id, SMALL_FOR_MS)) return undefined;
  const declared = declaredIndexes(db, siteId, collection.id);
  const state = (field: string) => onDemandIndexState(db, siteId, collection.id, field);
  if (sort.length > 0 && !sort.every((s) => s.path[0]!.startsWith('_'))) {
    const single = sort.length === 1 ? state(indexKey(sort[0]!.field, language)) : 'none';
    if (single !== 'ready' && !declared.some((fields) => declaredServes(fields, sort))) {
      const sorted = requested.map((s) => s.field);
      const lead = pinned(filter).filter((f) => !sorted.includes(f));
      return {
        at: 'query.sort',
        what: `sort by ${sorted.join(', ')}`,
        declare: [
          ...lead.map((field) => ({ field, order: 'ASC' as const })),
          ...requested.map((s) => ({ field: s.field, order: order(s.desc) })),
        ],
        building: single === 'building',
      };
    }
  }
  for (const node of conditions(filter)) {
    if (node.path[0]!.startsWith('_')) continue;
    const field = node.path.join('.');
    if (node.kind === 'text') {
      const kind = node.op === 'startsWith' ? 'prefix' : 'trigram';
      const s = state(`${field}#${kind}`);
      if (s !== 'ready') return { at: 'query.filter', what: `$${node.op} on ${field}`, building: s === 'building' };
    } else if (node.kind === 'cmp' && node.op !== 'eq' && node.op !== 'ne' && !language) {
      if (declared.some((fields) => fields[0]!.field === field)) continue;
      const s = state(field);
      if (s !== 'ready')
        return {
          at: 'query.filter',
          what: `$${node.op} on ${field}`,
          declare: [{ field, order: 'ASC' }],
          building: s === 'building',
        };
    }
  }
  return undefined;
}

/** The planner's total cost of a statement (EXPLAIN, planned for these values where the database can). */
export async function plannedCost(db: Database, sql: string, values: readonly unknown[]): Promise<number> {
  const explain = `explain (format json) ${sql}`;
  const result = db.queryWithin
    ? await db.queryWithin<Record<string, unknown>>(0, explain, values)
    : await db.query<Record<string, unknown>>(explain, values);
  const first = result.rows[0];
  let plan: unknown = first ? Object.values(first)[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const cost = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Total Cost'?: unknown } })?.Plan?.['Total Cost'] : 0;
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : 0;
}

/**
 * The refusal: 503 + Retry-After while the index is being built, else 400 naming the index to declare. `why`: what
 * showed the query too costly (its planned cost, or its run past the time limit).
 */
export function indexRequired(collectionId: string, missing: MissingIndex, why: string): ApplicationError {
  const declare = missing.declare
    ? ` Declare it so it is built at start: collections[].indexes: [{"fields": ${JSON.stringify(missing.declare)}}] on "${collectionId}" (docs/data.md, Declared indexes).`
    : '';
  const wait = missing.building ? ' It is being built now; retry in a few seconds.' : '';
  const description =
    `${missing.at}: the ${missing.what} needs an index on collection "${collectionId}" this large ` +
    `(${why}).${wait}${declare}`;
  const error = appError('WD_INDEX_REQUIRED', {
    status: missing.building ? 503 : 400,
    description,
    data: {
      collectionId,
      field: missing.at,
      index: missing.declare ? { fields: missing.declare } : null,
      building: missing.building,
    },
  });
  if (missing.building) error.headers['retry-after'] = String(RETRY_AFTER_SECONDS);
  return error;
}

/** Throws `WD_INDEX_REQUIRED` when an index is missing and the statement's plan costs more than `costLimit`. */
export async function refuseUnindexed(
  db: Database,
  collectionId: string,
  missing: MissingIndex | undefined,
  sql: string,
  values: readonly unknown[],
  costLimit: number,
): Promise<void> {
  if (!missing || costLimit <= 0) return;
  const cost = await plannedCost(db, sql, values);
  if (cost > costLimit) throw indexRequired(collectionId, missing, `planned cost ${Math.round(cost)}`);
}

/** SQLSTATE query_canceled: here only the time limit below cancels the statement. */
const CANCELLED = '57014';

/**
 * Runs the page query; when an index is missing, under `timeLimitMs` where the database can cancel (PostgreSQL):
 * the planner's cost is an estimate, and a filter whose fields are correlated (a category whose items all sit at
 * the far end of the sorted index) can read a large part of the table where it expected a few pages. Cancelled,
 * the query is refused like one planned too costly. PGlite cannot cancel a running statement: there only the plan
 * decides.
 */
export async function runGuarded<T extends object>(
  db: Database,
  collectionId: string,
  missing: MissingIndex | undefined,
  sql: string,
  values: readonly unknown[],
  timeLimitMs: number,
): Promise<{ rows: T[] }> {
  if (!missing || timeLimitMs <= 0 || !db.queryWithin) return db.query<T>(sql, values);
  try {
    return await db.queryWithin<T>(timeLimitMs, sql, values);
  } catch (error) {
    if ((error as { code?: unknown } | undefined)?.code !== CANCELLED) throw error;
    throw indexRequired(collectionId, missing, `it ran past ${timeLimitMs} ms without it`);
  }
}
