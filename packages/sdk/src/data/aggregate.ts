/**
 * `items.aggregate(collection)`: group, accumulate, filter before (`filter`) and after (`having`)
 * grouping, sort and page; `run()` posts `/items/aggregate` (docs/wire-format.md §9.1, §9.9).
 */
import { filterProblem, type FilterBuilder } from './filter.js';
import { first, type FindOptions } from './query.js';
import type { WixDataResult } from './result.js';
import { paging, readOptions, type Sorting } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

type Self<T> = WixDataAggregate<T>;
export interface WixDataAggregate<T = Record<string, unknown>> {
  /** Grouping fields; set once (WDE0013 otherwise). */
  group(...fields: string[]): Self<T>;
  /** Result names default to `<field>Sum`, `<field>Avg`, `<field>Min`, `<field>Max`, and `count`. */
  sum(field: string, as?: string): Self<T>;
  avg(field: string, as?: string): Self<T>;
  min(field: string, as?: string): Self<T>;
  max(field: string, as?: string): Self<T>;
  count(as?: string): Self<T>;
  /** Filter applied to items before grouping. */
  filter(f: FilterBuilder): Self<T>;
  /** Filter applied to the groups, on result names (`priceSum`) and grouping fields. */
  having(f: FilterBuilder): Self<T>;
  ascending(...fields: string[]): Self<T>;
  descending(...fields: string[]): Self<T>;
  limit(n: number): Self<T>;
  skip(n: number): Self<T>;
  run(options?: FindOptions): Promise<WixDataResult<T>>;
}

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
  bad: (string | undefined)[];
}

export function newAggregate<T>(t: Transport, s: State): WixDataAggregate<T> {
  const next = (patch: Partial<State>, problem?: string) =>
    newAggregate<T>(t, { ...s, ...patch, bad: [...s.bad, problem] });
  const op = (wire: string, name: string) => (field: string, as?: string) =>
    next(
      { ops: [...s.ops, { resultFieldName: as ?? field + name, [wire]: { itemFieldName: field } }] },
      v.fieldName(field),
    );
  const order =
    (order: string) =>
    (...fields: string[]) =>
      next({ sort: [...s.sort, ...fields.map((fieldName) => ({ fieldName, order }) as Sorting)] });
  return {
    group: (...group) => next({ group }, s.group.length ? 'WDE0013: Group is already set.' : undefined),
    sum: op('sum', 'Sum'),
    avg: op('average', 'Avg'),
    min: op('min', 'Min'),
    max: op('max', 'Max'),
    count: (resultFieldName = 'count') => next({ ops: [...s.ops, { resultFieldName, itemCount: {} }] }),
    filter: (filter) => next({ filter }),
    having: (having) => next({ having }),
    ascending: order('ASC'),
    descending: order('DESC'),
    limit: (n) => next({ limit: n }, v.count('.limit', n, 1)),
    skip: (n) => next({ skip: n }, v.count('.skip', n, 0)),
    async run(options) {
      const { coll, group, ops, sort, limit, skip, filter, having } = s;
      const initialFilter = filter?.build() ?? {};
      const finalFilter = having?.build();
      v.report('aggregation', coll, [
        v.collection(coll),
        ...s.bad,
        ...(filter?.bad ?? []),
        ...(having?.bad ?? []),
        v.options(options),
        filterProblem(initialFilter),
        finalFilter && filterProblem(finalFilter),
      ]);
      return first<T, { results: Record<string, unknown>[] }>(
        (at, byOffset, returnTotalCount) =>
          t.post('/items/aggregate', {
            dataCollectionId: coll,
            ...paging(limit, at),
            ...readOptions(options),
            ...(byOffset && {
              initialFilter,
              aggregation: { groupingFields: group, operations: ops },
              finalFilter,
              sort,
              returnTotalCount,
            }),
          }),
        (res) => res.results.map(unwrapId) as T[],
        coll,
        limit,
        skip,
        options,
      );
    },
  };
}

/** A single grouping field comes back as `{_id: {category: 'x'}}`; callers get `{_id: 'x'}`. */
function unwrapId(row: Record<string, unknown>) {
  const id = row._id;
  const keys = id && typeof id == 'object' ? Object.keys(id) : [];
  return keys.length == 1 ? { ...row, _id: (id as Record<string, unknown>)[keys[0]!] } : row;
}
