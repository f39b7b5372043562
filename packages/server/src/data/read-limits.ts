/**
 * What one read may cost (issue #28, docs/data.md → Large collections). A total count is exact only up to a
 * bound: counting every match of a large collection reads every match (about a second at 1,000,000 items), so
 * past the bound the answer is the planner's estimate, flagged `tooManyToCount`. An offset makes the database
 * read and drop every row before it, so offsets past a window (Elasticsearch's `max_result_window`) are refused
 * with an error that names cursor paging.
 *
 * `VITRINE_DATA_COUNT_LIMIT` (exact counts up to this many matches, default 10,000),
 * `VITRINE_DATA_COUNT_ESTIMATE_FACTOR` (trust a plan that expects this many times the bound without counting,
 * default 2; 0 always counts), `VITRINE_DATA_COUNT_TIME_LIMIT_MS` (how long the exact count may run on PostgreSQL,
 * default 15; 0 no limit), `VITRINE_DATA_MAX_OFFSET` (largest `paging.offset`, default 10,000) and
 * `VITRINE_DATA_QUERY_COST_LIMIT` (the planned cost above which a query missing its index is refused, data/query-guard.ts;
 * 0 never refuses) and `VITRINE_DATA_UNINDEXED_TIME_LIMIT_MS` (how long such a query may run on PostgreSQL before it
 * is refused the same way, default 100; 0 no limit) and `VITRINE_DATA_SEARCH_RANK_LIMIT` (how many matches a `$search`
 * ordered by relevance ranks, default 1,000; see below).
 *
 * Why the estimate first: counting up to the bound still reads bound + 1 rows when more match (their heap rows:
 * an expression index never gives an index-only scan, since PostgreSQL wants the `data` column for it; 6-16 ms
 * for 10,001 cached rows of a 1,000,000-item table, more from disk), while EXPLAIN costs about a millisecond. When the
 * planner expects far more matches than the bound, the answer would be its estimate anyway. The estimate is
 * good where a b-tree holds the field (its expression statistics; equality on such a field is written on its
 * sort keys for that, filter/compile.ts) and rough for jsonb containment. The price: a filter the planner
 * overestimates by more than the factor answers an estimate (`tooManyToCount`) where an exact count was possible.
 *
 * Why a time limit too: a plan expected just under the factor still counts up to bound + 1 rows, from disk when
 * they are not cached. On PostgreSQL the count runs under its own `statement_timeout`; when
 * PostgreSQL cancels it (57014) the answer is the estimate, flagged `tooManyToCount` ("not counted"). PGlite runs
 * in the same thread as the server and cannot cancel a running statement: there the count stays bounded only.
 */
import type { Database, Queryable } from '../store/types.js';
import { DEFAULT_QUERY_COST_LIMIT } from './query-guard.js';

export const DEFAULT_COUNT_LIMIT = 10_000;
export const DEFAULT_MAX_OFFSET = 10_000;
export const DEFAULT_ESTIMATE_FACTOR = 2;
/**
 * 10 ms (was 50, then 15, issue #54): the count runs beside the page, so the page with its count answers in about the
 * page's time plus this (at 1,000,000 items on a quiet machine two shapes answered in 22–24 ms at 15, 17–19 at 10).
 * Counting 10,001 matches reads 10,001 table rows: 4–8 ms cached on a quiet machine, 50–280 ms when they come from
 * disk or the machine is busy; past the limit the estimate answers, flagged.
 */
export const DEFAULT_COUNT_TIME_LIMIT_MS = 10;
/**
 * A page query missing its index runs at most this long on PostgreSQL (data/query-guard.ts `runGuarded`). 100 ms
 * (was 150, issue #54): the request also resolves, plans the query twice (the guard's EXPLAIN, then the query) and
 * counts beside it, so at 150 a guarded first call answered in 220–238 ms at 1,000,000 items (a price range sorted
 * by stock before its on-demand index); the target is no request over 200 ms.
 */
export const DEFAULT_UNINDEXED_TIME_LIMIT_MS = 100;
/**
 * A `$search` ordered by relevance ranks the first this many matches (in the order its indexes give them), as the
 * catalog's product search does (commerce/search/input.ts): ranking stems each match's text again (the search index
 * is an expression index, no stored vector), so a word every item of a 1,000,000-item collection says cost ~0.9 s
 * ranked whole and costs what 1,000 matches cost capped (bench/RESULTS.md). Past it the total says "N+".
 */
export const DEFAULT_SEARCH_RANK_LIMIT = 1_000;
const MAX_COUNT_TIME_LIMIT_MS = 60_000;
/** Counts the plan expects under this many matches run without the time limit (see boundedCount). */
export const UNLIMITED_BELOW = 1_000;
/** SQLSTATE query_canceled: only the count's own time limit cancels it (the pool's is never shorter). */
const STATEMENT_CANCELLED = '57014';
const COUNT_TIME_LIMIT_KEY = 'VITRINE_DATA_COUNT_TIME_LIMIT_MS';

export interface DataReadLimits {
  /** Matches counted exactly; above it the total is the planner's estimate. */
  countLimit: number;
  /** Largest offset accepted in offset paging. */
  maxOffset: number;
  /** Past `countLimit × estimateFactor` expected rows the estimate is answered without counting; 0 = never. */
  estimateFactor: number;
  /** How long the exact count may run on PostgreSQL before the estimate answers instead; 0 = no limit. */
  countTimeLimitMs: number;
  /** A query missing an index is refused when its plan costs more (PostgreSQL cost units); 0 = never refused. */
  queryCostLimit: number;
  /** A query missing an index that runs longer is cancelled and refused (PostgreSQL), in ms; 0 = no limit. */
  unindexedTimeLimitMs: number;
  /** Matches a `$search` ordered by relevance ranks; the rest are not in its answer, whose total says "N+". */
  searchRankLimit: number;
}

export const DEFAULT_READ_LIMITS: DataReadLimits = {
  countLimit: DEFAULT_COUNT_LIMIT,
  maxOffset: DEFAULT_MAX_OFFSET,
  estimateFactor: DEFAULT_ESTIMATE_FACTOR,
  countTimeLimitMs: DEFAULT_COUNT_TIME_LIMIT_MS,
  queryCostLimit: DEFAULT_QUERY_COST_LIMIT,
  unindexedTimeLimitMs: DEFAULT_UNINDEXED_TIME_LIMIT_MS,
  searchRankLimit: DEFAULT_SEARCH_RANK_LIMIT,
};

function positive(raw: string | undefined, fallback: number, least = 1, integer = true): number {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isFinite(n) && (!integer || Number.isInteger(n)) && n >= least ? n : fallback;
}

export function dataReadLimits(env: NodeJS.ProcessEnv = process.env): DataReadLimits {
  return {
    countLimit: positive(env.VITRINE_DATA_COUNT_LIMIT, DEFAULT_COUNT_LIMIT),
    maxOffset: positive(env.VITRINE_DATA_MAX_OFFSET, DEFAULT_MAX_OFFSET),
    // A fraction is allowed (1.5): with estimates from b-tree statistics the margin can be narrower.
    estimateFactor: positive(env.VITRINE_DATA_COUNT_ESTIMATE_FACTOR, DEFAULT_ESTIMATE_FACTOR, 0, false),
    countTimeLimitMs: positive(env[COUNT_TIME_LIMIT_KEY], DEFAULT_COUNT_TIME_LIMIT_MS, 0),
    queryCostLimit: positive(env.VITRINE_DATA_QUERY_COST_LIMIT, DEFAULT_QUERY_COST_LIMIT, 0),
    unindexedTimeLimitMs: Math.min(
      MAX_COUNT_TIME_LIMIT_MS,
      positive(env.VITRINE_DATA_UNINDEXED_TIME_LIMIT_MS, DEFAULT_UNINDEXED_TIME_LIMIT_MS, 0),
    ),
    searchRankLimit: positive(env.VITRINE_DATA_SEARCH_RANK_LIMIT, DEFAULT_SEARCH_RANK_LIMIT),
  };
}

/** At start (config-files/load.ts): a time limit that is not a whole number of ms from 0 to 60,000 is refused. */
export function checkDataReadEnv(env: NodeJS.ProcessEnv, fail: (key: string, message: string) => void): void {
  const raw = env[COUNT_TIME_LIMIT_KEY];
  if (raw === undefined || raw === '') return;
  const n = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || n > MAX_COUNT_TIME_LIMIT_MS)
    fail(
      COUNT_TIME_LIMIT_KEY,
      `must be a whole number of milliseconds from 0 to ${MAX_COUNT_TIME_LIMIT_MS} (got "${raw}")`,
    );
}

export interface Total {
  total: number;
  /** True when `total` is the planner's estimate because more than the bound match. */
  tooManyToCount: boolean;
}

export interface CountTimeLimit {
  /** Longest the exact count may run, in ms (0: no limit); applied where the database has `queryWithin`. */
  timeLimitMs: number;
  /** Told when the limit cancelled the count (a debug line: an expected outcome, not an error). */
  onTimeLimit?: (timeLimitMs: number) => void;
}

/**
 * Counts the rows of `select 1 <from>` exactly up to `bound`; past it, EXPLAIN's row estimate (never less than
 * bound + 1, so the answer stays consistent with what was counted). With `estimateFactor`, a plan expecting at
 * least `bound × estimateFactor` rows is answered without counting. With a time limit (PostgreSQL), a count
 * cancelled by it answers the estimate too. `from` is `from … where …` with `$n` placeholders for `values`.
 */
export async function boundedCount(
  db: Queryable & Pick<Database, 'queryWithin'>,
  from: string,
  values: readonly unknown[],
  bound: number,
  estimateFactor = 0,
  limit: CountTimeLimit = { timeLimitMs: 0 },
): Promise<Total> {
  let expected: number | undefined;
  if (estimateFactor > 0) {
    expected = await estimateRows(db, from, values);
    if (expected >= bound * estimateFactor) return { total: expected, tooManyToCount: true };
  }
  // A count expected to find a few hundred rows costs about a millisecond: it keeps no time limit, so a busy
  // moment never turns the total of a small collection into an estimate.
  const small = expected !== undefined && expected < UNLIMITED_BELOW;
  const n = await countUpTo(db, from, values, bound, small ? 0 : limit.timeLimitMs);
  if (n === undefined) {
    limit.onTimeLimit?.(limit.timeLimitMs);
    // Not counted, so not known to pass the bound: the estimate as it is.
    return { total: expected ?? (await estimateRows(db, from, values)), tooManyToCount: true };
  }
  if (n <= bound) return { total: n, tooManyToCount: false };
  return { total: Math.max(bound + 1, await estimateRows(db, from, values)), tooManyToCount: true };
}

/** The rows of `select 1 <from>`, counted up to bound + 1; undefined when the time limit (PostgreSQL) cancelled it. */
async function countUpTo(
  db: Queryable & Pick<Database, 'queryWithin'>,
  from: string,
  values: readonly unknown[],
  bound: number,
  timeLimitMs: number,
): Promise<number | undefined> {
  const sql = `select count(*) as n from (select 1 ${from} limit $${values.length + 1}) b`;
  const counting = [...values, bound + 1];
  // queryWithin (PostgreSQL) also plans the count for its values: a generic plan may scan the whole collection.
  const budgeted = timeLimitMs > 0 && db.queryWithin !== undefined;
  try {
    const counted = db.queryWithin
      ? await db.queryWithin<{ n: number | string }>(timeLimitMs, sql, counting)
      : await db.query<{ n: number | string }>(sql, counting);
    return Number(counted.rows[0]?.n ?? 0);
  } catch (error) {
    if (!budgeted || (error as { code?: unknown } | undefined)?.code !== STATEMENT_CANCELLED) throw error;
    return undefined;
  }
}

/**
 * The total of a `$search` ranked over its first `ranked` matches: what the answer can page through. Exact up to
 * `ranked`; past it `ranked` with `tooManyToCount`, "N+" — the matches past the cap are not in the answer, so an
 * estimate of them would promise pages that never come. Counted without the count's time limit and without an
 * estimate first: it reads at most ranked + 1 matches, the page query's own work, beside it; cut short, a rare
 * word's 101 matches answered the planner's 14,950 ("1000+").
 */
export async function rankedCount(
  db: Queryable & Pick<Database, 'queryWithin'>,
  from: string,
  values: readonly unknown[],
  ranked: number,
): Promise<Total> {
  const n = (await countUpTo(db, from, values, ranked, 0))!;
  return n <= ranked ? { total: n, tooManyToCount: false } : { total: ranked, tooManyToCount: true };
}

/**
 * Recent estimates, per database: planning the count's EXPLAIN costs about what the page query does (the planner
 * weighs every expression index of data_items: 7–9 ms of SQL beside a 1–2 ms page at load 12, issue #54), and an
 * estimate is an estimate a few seconds later too. Keyed by the statement and its values; at most
 * ESTIMATES_KEPT of them for ESTIMATE_TTL_MS, so a stranger's many filters hold a bounded amount of memory.
 */
const ESTIMATE_TTL_MS = 10_000;
const ESTIMATES_KEPT = 1_000;
const estimates = new WeakMap<object, Map<string, { rows: number; at: number }>>();

/** The planner's row estimate for `select 1 <from>` (0 when the plan cannot be read), reused for 10 s. */
async function estimateRows(db: Queryable, from: string, values: readonly unknown[]): Promise<number> {
  // A read replica's per-request view names its primary: the estimates of one database are shared.
  const owner = (db as { primary?: object }).primary ?? db;
  let kept = estimates.get(owner);
  if (!kept) estimates.set(owner, (kept = new Map()));
  const key = `${from}\0${JSON.stringify(values)}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  const rows = await planRows(db, from, values);
  // Oldest first in a Map: drop the oldest entry when full.
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value as string);
  kept.delete(key);
  kept.set(key, { rows, at: now });
  return rows;
}

async function planRows(db: Queryable, from: string, values: readonly unknown[]): Promise<number> {
  const result = await db.query<Record<string, unknown>>(`explain (format json) select 1 ${from}`, values);
  const first = result.rows[0];
  let plan: unknown = first ? Object.values(first)[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } })?.Plan?.['Plan Rows'] : 0;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
