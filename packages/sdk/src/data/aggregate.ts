/**
 * `items.aggregate(collection)`: group, accumulate, filter before (`filter`) and after (`having`)
 * grouping, sort and page; `run()` posts `/items/aggregate` (wire-contract §9.1, §9.9).
 */
import { clientError } from './errors.js';
import { FilterBuilder, filterProblem } from './filter.js';
import { WixDataResult, type PagingMetadata } from './result.js';
import { paging, readOptions, type SortOrder, type Sorting } from './request.js';
import type { FindOptions } from './query.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

type Operation = 'sum' | 'avg' | 'min' | 'max';
interface Accumulator {
  name: string;
  op: Operation | 'count';
  field?: string;
}

interface State {
  coll: string;
  filter?: FilterBuilder;
  having?: FilterBuilder;
  group: readonly string[];
  accumulators: readonly Accumulator[];
  sort: readonly Sorting[];
  limit: number | undefined;
  skip: number;
  invalid: readonly string[];
}

const WIRE: Record<Operation, string> = { sum: 'sum', avg: 'average', min: 'min', max: 'max' };

export class WixDataAggregate<T = Record<string, unknown>> {
  /** @internal */
  constructor(
    private readonly t: Transport,
    private readonly s: State,
  ) {}

  private with(patch: Partial<State>, problem?: string) {
    return new WixDataAggregate<T>(this.t, { ...this.s, ...patch, invalid: problem ? [...this.s.invalid, problem] : this.s.invalid });
  }

  group(...fields: string[]): WixDataAggregate<T> {
    if (this.s.group.length > 0) return this.with({}, 'WDE0013: Invalid .group usage. Group is already set.');
    return this.with({ group: fields }, fields.length === 0 ? 'WDE0043: Invalid .group usage. .group requires at least one parameter.' : undefined);
  }

  /** Result name defaults to `<field>Sum`, `<field>Avg`, `<field>Min`, `<field>Max`. */
  sum(field: string, as?: string) { return this.accumulate('sum', field, as); }
  avg(field: string, as?: string) { return this.accumulate('avg', field, as); }
  min(field: string, as?: string) { return this.accumulate('min', field, as); }
  max(field: string, as?: string) { return this.accumulate('max', field, as); }

  count(as = 'count'): WixDataAggregate<T> {
    return this.with({ accumulators: [...this.s.accumulators, { name: as, op: 'count' }] });
  }

  private accumulate(op: Operation, field: string, as?: string) {
    const bad = typeof field !== 'string' || (as !== undefined && typeof as !== 'string') ? `WDE0044: Invalid ${op} parameter value. ${op} parameter must be a String.` : undefined;
    const name = as ?? `${field}${op[0]!.toUpperCase()}${op.slice(1)}`;
    return this.with({ accumulators: [...this.s.accumulators, { name, op, field }] }, bad);
  }

  /** Filter applied to items before grouping. */
  filter(f: FilterBuilder): WixDataAggregate<T> {
    return this.with({ filter: f }, this.filterCheck('.filter', f, this.s.filter));
  }

  /** Filter applied to the groups, on result names (`priceSum`) and grouping fields. */
  having(f: FilterBuilder): WixDataAggregate<T> {
    return this.with({ having: f }, this.filterCheck('.having', f, this.s.having));
  }

  private filterCheck(op: string, f: unknown, current?: FilterBuilder) {
    if (!(f instanceof FilterBuilder)) return `WDE0011: Invalid ${op} usage. ${op} requires WixDataFilter.`;
    return current && Object.keys(current.filterTree).length > 0 ? `WDE0012: Invalid ${op} usage. Filter is already set.` : undefined;
  }

  ascending(...fields: string[]) { return this.order('ASC', fields); }
  descending(...fields: string[]) { return this.order('DESC', fields); }

  private order(order: SortOrder, fields: string[]) {
    return this.with({ sort: [...this.s.sort, ...fields.map((fieldName) => ({ fieldName, order }))] });
  }

  limit(n: number) { return this.with({ limit: n }, v.limit('.limit', n)); }
  skip(n: number) { return this.with({ skip: n }, v.skip('.skip', n)); }

  async run(options?: FindOptions): Promise<WixDataResult<T>> {
    const { coll, group, accumulators, sort, limit, skip } = this.s;
    const initialFilter = this.s.filter?.build() ?? {};
    const finalFilter = this.s.having?.build();
    const problems = [
      v.collection(coll),
      ...this.s.invalid,
      ...(this.s.filter?.invalidArguments ?? []),
      ...(this.s.having?.invalidArguments ?? []),
      v.options(options),
      filterProblem(initialFilter),
      finalFilter && filterProblem(finalFilter),
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length > 0) throw clientError(`Failed to perform aggregation on [${coll}].\n${problems.join('\n')}`);

    const operations = accumulators.map((a) =>
      a.op === 'count' ? { resultFieldName: a.name, itemCount: {} } : { resultFieldName: a.name, [WIRE[a.op]]: { itemFieldName: a.field } },
    );
    const fetch = async (at: string | number, returnTotalCount?: boolean): Promise<[T[], PagingMetadata]> => {
      const res = await this.t.post<{ results: Record<string, unknown>[]; pagingMetadata: PagingMetadata }>('/items/aggregate', {
        dataCollectionId: coll,
        ...paging(limit, at),
        ...readOptions(options),
        ...(typeof at === 'number'
          ? { initialFilter, aggregation: { groupingFields: group, operations }, finalFilter, sort, returnTotalCount }
          : {}),
      });
      return [res.results.map(unwrapId) as T[], res.pagingMetadata];
    };
    const [items, meta] = await fetch(skip, options?.returnTotalCount);
    return new WixDataResult(items, meta, fetch, coll, { limit, skip });
  }
}

/** A single grouping field comes back as `{_id: {category: 'x'}}`; callers get `{_id: 'x'}`. */
function unwrapId(row: Record<string, unknown>) {
  const id = row._id;
  if (typeof id === 'object' && id !== null && !Array.isArray(id) && !(id instanceof Date)) {
    const keys = Object.keys(id);
    if (keys.length === 1) return { ...row, _id: (id as Record<string, unknown>)[keys[0]!] };
  }
  return row;
}

/** @internal */
export const newAggregate = <T>(t: Transport, coll: string) =>
  new WixDataAggregate<T>(t, { coll, group: [], accumulators: [], sort: [], limit: undefined, skip: 0, invalid: [] });

