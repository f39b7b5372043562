/**
 * `items.query(collection)`: an immutable builder whose `find`, `count` and `distinct` send the
 * requests of docs/wire-format.md §9.3–§9.6. Invalid calls are collected and reported together by the
 * terminal method, before anything is sent.
 */
import { filterOps, filterProblem, type Filter, type FilterOps } from './filter.js';
import { result, type PagingMetadata, type WixDataResult } from './result.js';
import { paging, readOptions, type ReadOptions, type Sorting } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export interface FindOptions extends ReadOptions {
  /** Ask the server for `pagingMetadata.total` (offset paging only). */
  returnTotalCount?: boolean;
}

export type DataItem = Record<string, unknown> & { _id?: string };

export interface WixDataQuery<T = DataItem> extends FilterOps<WixDataQuery<T>> {
  /** Fields as varargs or one array; later calls sort within earlier ones. */
  ascending(...fields: string[] | [string[]]): WixDataQuery<T>;
  descending(...fields: string[] | [string[]]): WixDataQuery<T>;
  /** Projection: only these fields are returned (none = all fields). */
  fields(...fields: string[]): WixDataQuery<T>;
  /** A positive integer (WDE0033/WDE0035 otherwise, reported by the terminal call). */
  limit(n: number): WixDataQuery<T>;
  /** A non-negative integer (WDE0034/WDE0035 otherwise). */
  skip(n: number): WixDataQuery<T>;
  /** Resolve reference fields; a trailing number caps the referenced items returned per field. */
  include(...args: [...string[], number] | string[]): WixDataQuery<T>;
  find(options?: FindOptions): Promise<WixDataResult<T>>;
  count(options?: ReadOptions): Promise<number>;
  /** Distinct values of `field` among matching items, ordered by the query's sort on that field. */
  distinct<V = unknown>(field: string, options?: FindOptions): Promise<WixDataResult<V>>;
}

interface State {
  coll: string;
  sort: Sorting[];
  fields: string[];
  include: { field: string; limit?: number }[];
  limit?: number;
  skip: number;
}

export function newQuery<T>(t: Transport, s: State, tree: Filter = {}, bad: readonly string[] = []): WixDataQuery<T> {
  const { coll, limit, skip, sort } = s;
  const next = (patch: Partial<State>, problem?: string) =>
    newQuery<T>(t, { ...s, ...patch }, tree, problem ? [...bad, problem] : bad);
  const order =
    (order: string) =>
    (...args: unknown[]) =>
      next({
        sort: [
          ...sort,
          ...((Array.isArray(args[0]) ? args[0] : args) as string[]).map(
            (fieldName) => ({ fieldName, order }) as Sorting,
          ),
        ],
      });
  /** Reports every collected problem at once, like `@wix/data`, or returns the wire filter. */
  const checked = (options: unknown, more?: string) => {
    const filter = optimised();
    v.report('query', coll, [v.collection(coll), ...bad, v.options(options), more, filterProblem(filter)]);
    return filter;
  };
  const ops = filterOps<WixDataQuery<T>>(tree, bad, (tree, bad) => newQuery<T>(t, s, tree, bad));
  const optimised = ops.build;
  return Object.assign(ops, {
    ascending: order('ASC'),
    descending: order('DESC'),
    fields: (...fields: string[]) => next({ fields: [...s.fields, ...fields] }),
    limit: (n: number) => next({ limit: n }, v.count('.limit', n, 1)),
    skip: (n: number) => next({ skip: n }, v.count('.skip', n, 0)),
    include: (...args: (string | number)[]) => {
      const cap = args.at(-1);
      const max = typeof cap == 'number' ? cap : undefined;
      return next({
        include: [
          ...s.include,
          ...(args.slice(0, max === undefined ? undefined : -1) as string[]).map((field) => ({ field, limit: max })),
        ],
      });
    },
    async find(options?: FindOptions) {
      const filter = checked(options);
      return first<T, { dataItems: { data: T }[] }>(
        (at, byOffset, returnTotalCount) =>
          t.query({
            dataCollectionId: coll,
            query: { fields: s.fields, ...paging(limit, at), ...(byOffset && { filter, sort }) },
            includeReferences: s.include,
            ...readOptions(options),
            ...(byOffset && { returnTotalCount }),
          }),
        (res) => res.dataItems.map((d) => d.data),
        coll,
        limit,
        skip,
        options,
      );
    },
    async count(options?: ReadOptions) {
      const res = await t.post<{ totalCount: number }>('/items/count', {
        dataCollectionId: coll,
        filter: checked(options),
        ...readOptions(options),
      });
      return res.totalCount;
    },
    async distinct<V>(field: string, options?: FindOptions) {
      const filter = checked(options, v.fieldName(field));
      return first<V, { distinctValues: V[] }>(
        (at, byOffset, returnTotalCount) =>
          t.post('/items/query-distinct-values', {
            dataCollectionId: coll,
            ...readOptions(options),
            ...paging(limit, at),
            ...(byOffset && {
              fieldName: field,
              filter,
              order: sort.find((o) => o.fieldName == field)?.order,
              returnTotalCount,
            }),
          }),
        (res) => res.distinctValues,
        coll,
        limit,
        skip,
        options,
      );
    },
  }) as WixDataQuery<T>;
}

/**
 * Fetches the first page and wraps it in a result that can fetch the others. `send` gets the
 * cursor or offset to fetch; cursor requests carry only paging (the cursor encodes the rest).
 */
export async function first<T, R>(
  send: (
    at: string | number,
    byOffset: boolean,
    returnTotalCount?: boolean,
  ) => Promise<R & { pagingMetadata: PagingMetadata }>,
  pick: (res: R) => T[],
  coll: string,
  limit: number | undefined,
  skip: number,
  options?: { returnTotalCount?: boolean },
): Promise<WixDataResult<T>> {
  const fetch = async (at: string | number, returnTotalCount?: boolean): Promise<[T[], PagingMetadata]> => {
    const res = await send(at, typeof at == 'number', returnTotalCount);
    return [pick(res), res.pagingMetadata];
  };
  const [items, meta] = await fetch(skip, options?.returnTotalCount);
  return result(items, meta, fetch, coll, { limit, skip });
}
