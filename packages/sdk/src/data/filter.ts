/**
 * The immutable filter builder shared by queries, aggregations (filter/having) and conditions.
 * It records the same tree as `@wix/filter-builder` and optimises it at build time, so requests
 * are what the Wix client sends (wire-contract §9.4). Bad arguments are collected, not thrown,
 * and surface when the query runs — the same timing as `@wix/data`.
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

export abstract class FilterOps<Self> implements HasFilter {
  declare readonly tree: Filter;
  declare readonly bad: readonly string[];

  protected constructor(tree: Filter, bad: readonly string[]) {
    Object.assign(this, { tree, bad });
  }

  protected abstract withFilter(tree: Filter, bad: readonly string[]): Self;

  eq(field: string, value: unknown): Self { return this.add(field, '$eq', value); }
  ne(field: string, value: unknown): Self { return this.add(field, '$ne', value); }
  gt(field: string, value: Comparable): Self { return this.add(field, '$gt', value); }
  ge(field: string, value: Comparable): Self { return this.add(field, '$gte', value); }
  gte(field: string, value: Comparable): Self { return this.ge(field, value); }
  lt(field: string, value: Comparable): Self { return this.add(field, '$lt', value); }
  le(field: string, value: Comparable): Self { return this.add(field, '$lte', value); }
  lte(field: string, value: Comparable): Self { return this.le(field, value); }
  isEmpty(field: string): Self { return this.add(field, '$eq', null); }
  isNotEmpty(field: string): Self { return this.add(field, '$ne', null); }
  exists(field: string, value: boolean): Self { return this.add(field, '$exists', value); }
  startsWith(field: string, value: string): Self { return this.add(field, '$startsWith', value); }
  endsWith(field: string, value: string): Self { return this.add(field, '$endsWith', value); }
  contains(field: string, value: string): Self { return this.add(field, '$contains', value); }
  /** Values as varargs or one array. */
  hasSome(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.add(field, '$hasSome', list(values)); }
  hasAll(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.add(field, '$hasAll', list(values)); }
  in(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.add(field, '$in', list(values)); }

  /** `ge(from)` and `lt(to)`: the end is exclusive, and both conditions stay on the same field. */
  between(field: string, from: SetItem, to: SetItem): Self {
    return (this.ge(field, from) as FilterOps<Self>).lt(field, to);
  }

  /** An empty builder yields `{$or: [{}, …]}`, which matches everything (observed @wix/data behaviour). */
  or(other: HasFilter): Self {
    return this.withFilter({ $and: [{ $or: [...this.prefix(), other.tree] }] }, this.merged(other));
  }

  and(other: HasFilter): Self {
    return this.withFilter({ $and: [...this.prefix(), other.tree] }, this.merged(other));
  }

  /** `$not` takes a one-element array; an empty builder yields `{$and:[{}, {$not:[…]}]}` (observed). */
  not(other: HasFilter): Self {
    const own = (this.tree.$and as Filter[] | undefined) ?? [this.tree];
    return this.withFilter({ $and: [...own, { $not: [other.tree] }] }, this.merged(other));
  }

  /** The optimised wire filter. */
  build(): Filter {
    return optimise(this.tree) as Filter;
  }

  private prefix() {
    return (this.tree.$and as Filter[] | undefined)?.length === 0 ? [] : [this.tree];
  }

  private merged(other: HasFilter) {
    return [...this.bad, ...other.bad];
  }

  private add(field: string, op: string, value: unknown): Self {
    // `undefined` would vanish in JSON and turn `{f: {$ne: undefined}}` into `{f: {}}`; null keeps the meaning.
    const operand = encodeDates(value === undefined ? null : value);
    const condition = { [field]: op == '$eq' ? operand : { [op]: operand } };
    const and = this.tree.$and as Filter[] | undefined;
    const tree = and ? { ...this.tree, $and: [...and, condition] } : Object.keys(this.tree).length ? { $and: [this.tree, condition] } : { $and: [condition] };
    const bad = typeof field == 'string' ? this.bad : [...this.bad, `WDE0048: Invalid ${op} field value [${typeof field}]. Field must be a String.`];
    return this.withFilter(tree, bad);
  }
}

const list = (values: unknown[]) => (Array.isArray(values[0]) ? values[0] : values);

/** A stand-alone filter, for `aggregate().filter()/.having()` and write conditions. */
export class FilterBuilder extends FilterOps<FilterBuilder> {
  constructor(tree: Filter = {}, bad: readonly string[] = []) {
    super(tree, bad);
  }

  protected withFilter(tree: Filter, bad: readonly string[]): FilterBuilder {
    return new FilterBuilder(tree, bad);
  }
}

/** Starts a filter: `items.filter().eq('a', 1)`. */
export const filter = (): FilterBuilder => new FilterBuilder();

/** `$regex` is refused client-side (WDE0070); a filter is refused unless it is an object (WDE0016). */
export const filterProblem = (tree: unknown): string | undefined =>
  typeof tree != 'object' || !tree || Array.isArray(tree)
    ? 'WDE0016: Filter must be an object.'
    : hasRegex(tree)
      ? 'WDE0070: $regex keyword is not allowed.'
      : undefined;

const hasRegex = (node: unknown): boolean =>
  typeof node == 'object' && !!node && Object.entries(node).some(([k, v]) => k == '$regex' || hasRegex(v));
