/**
 * The immutable filter builder shared by queries, aggregations (filter/having) and conditions.
 * It records the same tree as `@wix/filter-builder` and optimises it at build time, so requests
 * are what the Wix client sends (docs/wire-format.md §9.4). Bad arguments are collected, not thrown,
 * and surface when the query runs — the same timing as `@wix/data`.
 * Builders are plain objects of closures (no classes): it keeps the bundle small.
 */
import { encodeDates } from './codec.js';
import { optimise } from './optimise.js';

export type Filter = Record<string, unknown>;
type Comparable = string | number | boolean | Date;
type SetItem = string | number | Date;

/** Anything with a filter tree: a query, a `filter()` builder. */
export interface HasFilter {
  /** @internal raw, unoptimised tree; `build()` gives what goes on the wire. */
  readonly tree: Filter;
  /** @internal messages of invalid builder calls, reported when the builder runs. */
  readonly bad: readonly string[];
}

export interface FilterOps<Self> extends HasFilter {
  eq(field: string, value: unknown): Self;
  ne(field: string, value: unknown): Self;
  gt(field: string, value: Comparable): Self;
  ge(field: string, value: Comparable): Self;
  gte(field: string, value: Comparable): Self;
  lt(field: string, value: Comparable): Self;
  le(field: string, value: Comparable): Self;
  lte(field: string, value: Comparable): Self;
  /** `ge(from)` and `lt(to)`: the end is exclusive, and both conditions stay on the same field. */
  between(field: string, from: SetItem, to: SetItem): Self;
  isEmpty(field: string): Self;
  isNotEmpty(field: string): Self;
  exists(field: string, value: boolean): Self;
  startsWith(field: string, value: string): Self;
  endsWith(field: string, value: string): Self;
  contains(field: string, value: string): Self;
  /** Values as varargs or one array. */
  hasSome(field: string, ...values: SetItem[] | [SetItem[]]): Self;
  hasAll(field: string, ...values: SetItem[] | [SetItem[]]): Self;
  in(field: string, ...values: SetItem[] | [SetItem[]]): Self;
  /** From an empty builder this yields `{$or: [{}, …]}`, which matches everything (as @wix/data). */
  or(other: HasFilter): Self;
  and(other: HasFilter): Self;
  /** `$not` takes a one-element array; an empty builder yields `{$and:[{}, {$not:[…]}]}` (observed). */
  not(other: HasFilter): Self;
  /** The optimised wire filter. */
  build(): Filter;
}

export type FilterBuilder = FilterOps<FilterBuilder>;

// Method → operator; a trailing `*` marks set operators, whose values may be varargs or one array.
const OPERATORS = 'eq ne gt ge:gte gte lt le:lte lte exists startsWith endsWith contains hasSome* hasAll* in*';

/** The filter methods over `tree`; `make` builds the next builder (a filter, a query…). */
export function filterOps<Self>(
  tree: Filter,
  bad: readonly string[],
  make: (tree: Filter, bad: readonly string[]) => Self,
): FilterOps<Self> {
  const and = tree.$and as Filter[] | undefined;
  const prefix = and?.length === 0 ? [] : [tree];
  const add = (field: string, op: string, value: unknown): Self => {
    // `undefined` would vanish in JSON and turn `{f: {$ne: undefined}}` into `{f: {}}`; null keeps the meaning.
    const operand = encodeDates(value === undefined ? null : value);
    const condition = { [field]: op == '$eq' ? operand : { [op]: operand } };
    return make({ $and: and ? [...and, condition] : Object.keys(tree).length ? [tree, condition] : [condition] }, bad);
  };
  const ops: Record<string, unknown> = {
    tree,
    bad,
    isEmpty: (field: string) => add(field, '$eq', null),
    isNotEmpty: (field: string) => add(field, '$ne', null),
    between: (field: string, from: unknown, to: unknown) =>
      (ops.ge as (f: string, v: unknown) => FilterOps<Self>)(field, from).lt(field, to as SetItem),
    or: (o: HasFilter) => make({ $and: [{ $or: [...prefix, o.tree] }] }, [...bad, ...o.bad]),
    and: (o: HasFilter) => make({ $and: [...prefix, o.tree] }, [...bad, ...o.bad]),
    not: (o: HasFilter) => make({ $and: [...(and ?? [tree]), { $not: [o.tree] }] }, [...bad, ...o.bad]),
    build: () => optimise(tree),
  };
  for (const spec of OPERATORS.split(' ')) {
    const [name, op = name] = spec.replace('*', '').split(':') as [string, string?];
    ops[name] = (field: string, ...values: unknown[]) =>
      add(field, '$' + op, spec.endsWith('*') && !Array.isArray(values[0]) ? values : values[0]);
  }
  return ops as unknown as FilterOps<Self>;
}

/** Starts a stand-alone filter, for `aggregate().filter()/.having()` and write conditions. */
export const filter = (tree: Filter = {}, bad: readonly string[] = []): FilterBuilder => filterOps(tree, bad, filter);

/** `$regex` is refused client-side (WDE0070); a filter is refused unless it is an object (WDE0016). */
export const filterProblem = (tree: unknown): string | undefined =>
  typeof tree != 'object' || !tree || Array.isArray(tree)
    ? 'WDE0016: Filter must be an object.'
    : hasRegex(tree)
      ? 'WDE0070: $regex keyword is not allowed.'
      : undefined;

const hasRegex = (node: unknown): boolean =>
  typeof node == 'object' && !!node && Object.entries(node).some(([k, v]) => k == '$regex' || hasRegex(v));
