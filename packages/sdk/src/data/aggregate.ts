/**
 * `items.aggregate(collection)`: group, accumulate, filter before (`filter`) and after (`having`)
 * grouping, sort and page; `run()` posts `/items/aggregate` (wire-contract §9.1, §9.9).
 */
import { clientError } from './errors.js';
import { filterProblem, type FilterBuilder } from './filter.js';
import { first, type FindOptions } from './query.js';
import type { WixDataResult } from './result.js';
import { paging, readOptions, type SortOrder, type Sorting } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

interface State {
  coll: string;
  filter?: FilterBuilder;
  having?: FilterBuilder;
  group: string[];
  /** Wire operations, e.g. `{resultFieldName: 'priceSum', sum: {itemFieldName: 'price'}}`. */
  ops: Record<string, unknown>[];
  sort: Sorting[];
  limit?: number;
  skip: number;
  bad: string[];
}

export class WixDataAggregate<T = Record<string, unknown>> {
  declare private readonly t: Transport;
  declare private readonly s: State;

  /** @internal */
  constructor(t: Transport, s: State) {
    Object.assign(this, { t, s });
  }

  private with(patch: Partial<State>, problem?: string | false) {
    return new WixDataAggregate<T>(this.t, { ...this.s, ...patch, bad: problem ? [...this.s.bad, problem] : this.s.bad });
  }

  group(...fields: string[]): WixDataAggregate<T> {
    return this.with({ group: fields }, this.s.group.length > 0 && 'WDE0013: Invalid .group usage. Group is already set.');
  }

  /** Result names default to `<field>Sum`, `<field>Avg`, `<field>Min`, `<field>Max`. */
  sum(field: string, as?: string) { return this.op('sum', 'sum', field, as); }
  avg(field: string, as?: string) { return this.op('average', 'avg', field, as); }
  min(field: string, as?: string) { return this.op('min', 'min', field, as); }
  max(field: string, as?: string) { return this.op('max', 'max', field, as); }

  count(as = 'count'): WixDataAggregate<T> {
    return this.with({ ops: [...this.s.ops, { resultFieldName: as, itemCount: {} }] });
  }

  private op(wire: string, name: string, field: string, as?: string) {
    const resultFieldName = as ?? field + name[0]!.toUpperCase() + name.slice(1);
    return this.with({ ops: [...this.s.ops, { resultFieldName, [wire]: { itemFieldName: field } }] }, v.fieldName(field));
  }

  /** Filter applied to items before grouping. */
  filter(f: FilterBuilder): WixDataAggregate<T> {
    return this.with({ filter: f });
  }

  /** Filter applied to the groups, on result names (`priceSum`) and grouping fields. */
  having(f: FilterBuilder): WixDataAggregate<T> {
    return this.with({ having: f });
  }

  ascending(...fields: string[]) { return this.order('ASC', fields); }
  descending(...fields: string[]) { return this.order('DESC', fields); }

  private order(order: SortOrder, fields: string[]) {
    return this.with({ sort: [...this.s.sort, ...fields.map((fieldName) => ({ fieldName, order }))] });
  }

  limit(n: number) { return this.with({ limit: n }, v.count('.limit', n, 1)); }
  skip(n: number) { return this.with({ skip: n }, v.count('.skip', n, 0)); }

  async run(options?: FindOptions): Promise<WixDataResult<T>> {
    const { coll, group, ops, sort, limit, skip, filter, having } = this.s;
    const initialFilter = filter?.build() ?? {};
    const finalFilter = having?.build();
    const problems = [
      v.collection(coll),
      ...this.s.bad,
      ...(filter?.bad ?? []),
      ...(having?.bad ?? []),
      v.options(options),
      filterProblem(initialFilter),
      finalFilter && filterProblem(finalFilter),
    ].filter(Boolean);
    if (problems.length) throw clientError(`Failed to perform aggregation on [${coll}].\n${problems.join('\n')}`);

    return first<T, { results: Record<string, unknown>[] }>(
      (at, byOffset, returnTotalCount) =>
        this.t.post('/items/aggregate', {
          dataCollectionId: coll,
          ...paging(limit, at),
          ...readOptions(options),
          ...(byOffset && { initialFilter, aggregation: { groupingFields: group, operations: ops }, finalFilter, sort, returnTotalCount }),
        }),
      (res) => res.results.map(unwrapId) as T[],
      coll, limit, skip, options,
    );
  }
}

/** A single grouping field comes back as `{_id: {category: 'x'}}`; callers get `{_id: 'x'}`. */
function unwrapId(row: Record<string, unknown>) {
  const id = row._id;
  const keys = id && typeof id == 'object' ? Object.keys(id) : [];
  return keys.length == 1 ? { ...row, _id: (id as Record<string, unknown>)[keys[0]!] } : row;
}

/** @internal */
export const newAggregate = <T>(t: Transport, coll: string) =>
  new WixDataAggregate<T>(t, { coll, group: [], ops: [], sort: [], skip: 0, bad: [] });
