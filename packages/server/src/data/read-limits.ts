/**
 * What one read may cost (issue #28, docs/data.md → Large collections). A total count is exact only up to a
 * bound: counting every match of a large collection reads every match (about a second at 1,000,000 items), so
 * past the bound the answer is the planner's estimate, flagged `tooManyToCount`. An offset makes the database
 * read and drop every row before it, so offsets past a window (Elasticsearch's `max_result_window`) are refused
 * with an error that names cursor paging.
 *
 * `VITRINE_DATA_COUNT_LIMIT` (exact counts up to this many matches, default 10,000),
 * `VITRINE_DATA_COUNT_ESTIMATE_FACTOR` (trust a plan that expects this many times the bound without counting,
 * default 2; 0 always counts) and `VITRINE_DATA_MAX_OFFSET` (largest `paging.offset`, default 10,000).
 *
 * Why the estimate first: counting up to the bound still reads bound + 1 rows when more match (their heap rows:
 * an expression index never gives an index-only scan, since PostgreSQL wants the `data` column for it; 50-450 ms
 * for 10,001 rows scattered over a 1,000,000-item table), while EXPLAIN costs about a millisecond. When the
 * planner expects far more matches than the bound, the answer would be its estimate anyway. The estimate is
 * good where a b-tree holds the field (its expression statistics; equality on such a field is written on its
 * sort keys for that, filter/compile.ts) and rough for jsonb containment. The price: a filter the planner
 * overestimates by more than the factor answers an estimate (`tooManyToCount`) where an exact count was possible.
 */
import type { Queryable } from '../store/types.js';

export const DEFAULT_COUNT_LIMIT = 10_000;
export const DEFAULT_MAX_OFFSET = 10_000;
export const DEFAULT_ESTIMATE_FACTOR = 2;

export interface DataReadLimits {
  /** Matches counted exactly; above it the total is the planner's estimate. */
  countLimit: number;
  /** Largest offset accepted in offset paging. */
  maxOffset: number;
  /** Past `countLimit × estimateFactor` expected rows the estimate is answered without counting; 0 = never. */
  estimateFactor: number;
}

export const DEFAULT_READ_LIMITS: DataReadLimits = {
  countLimit: DEFAULT_COUNT_LIMIT,
  maxOffset: DEFAULT_MAX_OFFSET,
  estimateFactor: DEFAULT_ESTIMATE_FACTOR,
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
  };
}

export interface Total {
  total: number;
  /** True when `total` is the planner's estimate because more than the bound match. */
  tooManyToCount: boolean;
}

/**
 * Counts the rows of `select 1 <from>` exactly up to `bound`; past it, EXPLAIN's row estimate (never less than
 * bound + 1, so the answer stays consistent with what was counted). With `estimateFactor`, a plan expecting at
 * least `bound × estimateFactor` rows is answered without counting. `from` is `from … where …` with `$n`
 * placeholders for `values`.
 */
export async function boundedCount(
  db: Queryable,
  from: string,
  values: readonly unknown[],
  bound: number,
  estimateFactor = 0,
): Promise<Total> {
  if (estimateFactor > 0) {
    const expected = await estimateRows(db, from, values);
    if (expected >= bound * estimateFactor) return { total: expected, tooManyToCount: true };
  }
  const limit = `$${values.length + 1}`;
  const counted = await db.query<{ n: number | string }>(
    `select count(*) as n from (select 1 ${from} limit ${limit}) b`,
    [...values, bound + 1],
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  if (n <= bound) return { total: n, tooManyToCount: false };
  return { total: Math.max(bound + 1, await estimateRows(db, from, values)), tooManyToCount: true };
}

/** The planner's row estimate for `select 1 <from>` (0 when the plan cannot be read). */
async function estimateRows(db: Queryable, from: string, values: readonly unknown[]): Promise<number> {
  const result = await db.query<Record<string, unknown>>(`explain (format json) select 1 ${from}`, values);
  const first = result.rows[0];
  let plan: unknown = first ? Object.values(first)[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const rows = Array.isArray(plan) ? (plan[0] as { Plan?: { 'Plan Rows'?: unknown } })?.Plan?.['Plan Rows'] : 0;
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0;
}
