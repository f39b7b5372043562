/**
 * The immutable filter builder shared by queries, aggregations (filter/having) and conditions.
 * It records the same tree as `@wix/filter-builder` and optimises it at build time, so requests
 * are byte-for-byte what the Wix client sends (wire-contract §9.4). Bad arguments are collected
 * instead of thrown, and surface when the query runs — the same timing as `@wix/data`.
 */
import { encodeDates } from './codec.js';
import { optimise } from './optimise.js';

export type Filter = Record<string, unknown>;
type Comparable = string | number | boolean | Date;
type SetItem = string | number | Date;

const kind = (v: unknown) => (v === null ? 'null' : v instanceof Date ? 'Date' : Array.isArray(v) ? 'Array' : typeof v);
const isSetItem = (v: unknown) => ['string', 'number', 'Date'].includes(kind(v));
const isComparable = (v: unknown) => isSetItem(v) || typeof v === 'boolean';

/** Anything with a filter tree: another query, a `filter()` builder. */
export interface HasFilter {
  readonly filterTree: Filter;
  readonly invalidArguments: readonly string[];
}

export abstract class FilterOps<Self> implements HasFilter {
  /** @internal raw, unoptimised tree; read `build()` for what goes on the wire. */
  readonly filterTree: Filter;
  /** @internal messages of invalid builder calls, reported when the builder runs. */
  readonly invalidArguments: readonly string[];

  protected constructor(tree: Filter, invalid: readonly string[]) {
    this.filterTree = tree;
    this.invalidArguments = invalid;
  }

  protected abstract withFilter(tree: Filter, invalid: readonly string[]): Self;

  eq(field: string, value: unknown): Self { return this.add('.eq', field, '$eq', value); }
  ne(field: string, value: unknown): Self { return this.add('.ne', field, '$ne', value); }
  gt(field: string, value: Comparable): Self { return this.compare('.gt', field, '$gt', value); }
  ge(field: string, value: Comparable): Self { return this.compare('.ge', field, '$gte', value); }
  gte(field: string, value: Comparable): Self { return this.ge(field, value); }
  lt(field: string, value: Comparable): Self { return this.compare('.lt', field, '$lt', value); }
  le(field: string, value: Comparable): Self { return this.compare('.le', field, '$lte', value); }
  lte(field: string, value: Comparable): Self { return this.le(field, value); }
  isEmpty(field: string): Self { return this.add('.isEmpty', field, '$eq', null); }
  isNotEmpty(field: string): Self { return this.add('.isNotEmpty', field, '$ne', null); }
  exists(field: string, value: boolean): Self { return this.add('.exists', field, '$exists', value); }
  startsWith(field: string, value: string): Self { return this.text('.startsWith', field, '$startsWith', value); }
  endsWith(field: string, value: string): Self { return this.text('.endsWith', field, '$endsWith', value); }
  contains(field: string, value: string): Self { return this.text('.contains', field, '$contains', value); }
  hasSome(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.set('.hasSome', field, '$hasSome', values); }
  hasAll(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.set('.hasAll', field, '$hasAll', values); }
  in(field: string, ...values: SetItem[] | [SetItem[]]): Self { return this.set('.in', field, '$in', values); }

  /** `ge(from)` and `lt(to)`: the end is exclusive, and both conditions stay on the same field. */
  between(field: string, from: SetItem, to: SetItem): Self {
    const bad = check('.between', field, [
      [kind(from) === kind(to), `WDE0046: Invalid .between parameter values [${kind(from)}] and [${kind(to)}]. Both parameters must be of the same type.`],
      [isSetItem(from) && isSetItem(to), 'WDE0045: Invalid .between parameter value. Valid .between parameter types are String, Number or Date.'],
    ]);
    if (bad) return this.withFilter(this.filterTree, [...this.invalidArguments, bad]);
    return (this.ge(field, from) as FilterOps<Self>).lt(field, to);
  }

  or(other: HasFilter): Self {
    const prefix = isEmptyAnd(this.filterTree) ? [] : [this.filterTree];
    return this.withFilter({ $and: [{ $or: [...prefix, other.filterTree] }] }, this.merged(other));
  }

  and(other: HasFilter): Self {
    const prefix = isEmptyAnd(this.filterTree) ? [] : [this.filterTree];
    return this.withFilter({ $and: [...prefix, other.filterTree] }, this.merged(other));
  }

  /** `$not` takes a one-element array; an empty builder yields `{$and:[{}, {$not:[…]}]}` (observed). */
  not(other: HasFilter): Self {
    const own = Array.isArray(this.filterTree.$and) ? (this.filterTree.$and as Filter[]) : [this.filterTree];
    return this.withFilter({ $and: [...own, { $not: [other.filterTree] }] }, this.merged(other));
  }

  /** The optimised wire filter. */
  build(): Filter {
    return optimise(this.filterTree) as Filter;
  }

  private merged(other: HasFilter) {
    return [...this.invalidArguments, ...other.invalidArguments];
  }

  private compare(op: string, field: string, symbol: string, value: unknown) {
    return this.add(op, field, symbol, value, isComparable(value) ? undefined : `WDE0045: Invalid ${op} parameter value [${kind(value)}]. Valid ${op} parameter types are String, Number, Boolean or Date.`);
  }

  private text(op: string, field: string, symbol: string, value: unknown) {
    return this.add(op, field, symbol, value, typeof value === 'string' ? undefined : `WDE0044: Invalid ${op} parameter value [${kind(value)}]. ${op} parameter must be a String.`);
  }

  private set(op: string, field: string, symbol: string, values: unknown[]) {
    const list = Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
    const bad = values.length === 0 ? `WDE0042: Invalid ${op} usage. ${op} requires at least two parameters.` : list.every(isSetItem) ? undefined : `WDE0047: Invalid ${op} usage. ${op} supports only Number, String or Date items.`;
    return this.add(op, field, symbol, list, bad);
  }

  private add(op: string, field: string, symbol: string, value: unknown, bad?: string): Self {
    const problem = check(op, field, []) ?? bad;
    // `undefined` would vanish in JSON and turn `{f: {$ne: undefined}}` into `{f: {}}`; null keeps the meaning.
    const operand = encodeDates(value === undefined ? null : value);
    const condition = { [field]: symbol === '$eq' ? operand : { [symbol]: operand } };
    const tree = this.filterTree;
    const next = Array.isArray(tree.$and)
      ? { ...tree, $and: [...(tree.$and as Filter[]), condition] }
      : Object.keys(tree).length === 0 ? { $and: [condition] } : { $and: [tree, condition] };
    return this.withFilter(next, problem ? [...this.invalidArguments, problem] : this.invalidArguments);
  }
}

function check(op: string, field: unknown, rules: [boolean, string][]): string | undefined {
  if (typeof field !== 'string') return `WDE0048: Invalid ${op} field value [${kind(field)}]. ${op} field must be a String.`;
  return rules.find(([ok]) => !ok)?.[1];
}

function isEmptyAnd(tree: Filter) {
  return Array.isArray(tree.$and) && tree.$and.length === 0;
}

/** A stand-alone filter, for `aggregate().filter()/.having()`, conditions and `count`/`distinct`. */
export class FilterBuilder extends FilterOps<FilterBuilder> {
  constructor(tree: Filter = {}, invalid: readonly string[] = []) {
    super(tree, invalid);
  }

  protected withFilter(tree: Filter, invalid: readonly string[]): FilterBuilder {
    return new FilterBuilder(tree, invalid);
  }
}

/** Starts a filter: `items.filter().eq('a', 1)`. */
export const filter = (): FilterBuilder => new FilterBuilder();

/** `$regex` is refused client-side (WDE0070); a filter is refused unless it is an object (WDE0016). */
export function filterProblem(tree: unknown): string | undefined {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return 'WDE0016: Filter must be an object.';
  return hasRegex(tree) ? 'WDE0070: $regex keyword is not allowed.' : undefined;
}

function hasRegex(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  return Object.entries(node).some(([k, v]) => k === '$regex' || hasRegex(v));
}
