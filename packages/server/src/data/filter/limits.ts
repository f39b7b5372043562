/**
 * Limits on what one filter may ask of the database. The work a filter causes grows with
 * (items scanned) × (conditions + list values), and on PGlite nothing can interrupt a statement once it runs,
 * so the cost is bounded before any SQL is built. Every limit is far above what the query builder or a
 * hand-written filter produces; each refusal is a 400 naming the limit.
 */
import type { FilterNode } from './ast.js';

/** Nesting of `$and` / `$or` / `$not`. The builder flattens nested `$and`s and `$or`s; 16 leaves plenty of room. */
export const MAX_FILTER_DEPTH = 16;

/**
 * Conditions (one per field operator and per `$and`/`$or`/`$not` key) in one filter. Builder filters have a few
 * dozen at most; 500 leaves room for generated ones (one condition per selected facet value).
 */
export const MAX_FILTER_CONDITIONS = 500;

/** Values of one `$in` / `$hasSome` / `$hasAll`: a page of ids (the paging and bulk maximum is 1000). */
export const MAX_LIST_VALUES = 1000;

/**
 * The cost budget: conditions plus list values of one filter. Two full lists, or one list and hundreds of
 * conditions. The audit's 2 MB filter (1000 × `$hasAll` of 500 values, 500 000 operands) is far over it.
 */
export const MAX_FILTER_OPERANDS = 2000;

/** Segments of a dotted field path (`a.b.c`). Items nest a few levels; each segment is one SQL parameter. */
export const MAX_PATH_SEGMENTS = 32;

/**
 * SQL parameters of one statement. PostgreSQL refuses more than 65 535 (the bind message counts them in
 * 16 bits); the limits above keep real statements in the hundreds, this one turns any overflow into a 400.
 */
export const MAX_BIND_PARAMETERS = 30_000;

/**
 * A read whose filters carry at least this many operands is "heavy" and counts against the per-address
 * heavy-query rate limit; lighter reads are never counted, so the usual read path costs nothing extra.
 */
export const HEAVY_QUERY_OPERANDS = 100;

/** Conditions plus list values of a parsed filter: what the heavy-query threshold is compared with. */
export function filterOperands(node: FilterNode): number {
  switch (node.kind) {
    case 'true':
      return 0;
    case 'and':
    case 'or':
      return node.children.reduce((n, c) => n + filterOperands(c), 0);
    case 'not':
      return filterOperands(node.child);
    case 'in':
      return 1 + node.values.length;
    case 'search':
      return 1 + node.terms.length;
    default:
      return 1;
  }
}
