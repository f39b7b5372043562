/**
 * `items.query(collection)`: an immutable builder whose `find`, `count` and `distinct` send the
 * requests of wire-contract §9.3–§9.6. Invalid calls are collected and reported together by the
 * terminal method, before anything is sent.
 */
import { clientError } from './errors.js';
import { FilterOps, filterProblem, type Filter } from './filter.js';
import { WixDataResult, type PagingMetadata } from './result.js';
import { paging, readOptions, type ReadOptions, type SortOrder, type Sorting } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export interface FindOptions extends ReadOptions {
  /** Ask the server for `pagingMetadata.total` (offset paging only). */
  returnTotalCount?: boolean;
}

export type DataItem = Record<string, unknown> & { _id?: string };

interface State {
  coll: string;
  sort: Sorting[];
  fields: string[];
  include: { field: string; limit?: number }[];
  limit?: number;
  skip: number;
}

export class WixDataQuery<T = DataItem> extends FilterOps<WixDataQuery<T>> {
  declare private readonly t: Transport;
  declare private readonly s: State;

  /** @internal */
  constructor(t: Transport, s: State, tree: Filter = {}, bad: readonly string[] = []) {
    super(tree, bad);
    Object.assign(this, { t, s });
  }

  protected withFilter(tree: Filter, bad: readonly string[]): WixDataQuery<T> {
    return new WixDataQuery<T>(this.t, this.s, tree, bad);
  }

  private with(patch: Partial<State>, problem?: string): WixDataQuery<T> {
    return new WixDataQuery<T>(this.t, { ...this.s, ...patch }, this.tree, problem ? [...this.bad, problem] : this.bad);
  }

  /** Fields as varargs or one array; later calls sort within earlier ones. */
  ascending(...fields: string[] | [string[]]): WixDataQuery<T> {
    return this.order('ASC', fields);
  }

  descending(...fields: string[] | [string[]]): WixDataQuery<T> {
    return this.order('DESC', fields);
  }

  private order(order: SortOrder, args: string[] | [string[]]) {
    const list = (Array.isArray(args[0]) ? args[0] : args) as string[];
    return this.with({ sort: [...this.s.sort, ...list.map((fieldName) => ({ fieldName, order }))] });
  }

  /** Projection: only these fields are returned (none = all fields). */
  fields(...fields: string[]): WixDataQuery<T> {
    return this.with({ fields: [...this.s.fields, ...fields] });
  }

  limit(n: number): WixDataQuery<T> {
    return this.with({ limit: n }, v.count('.limit', n, 1));
  }

  skip(n: number): WixDataQuery<T> {
    return this.with({ skip: n }, v.count('.skip', n, 0));
  }

  /** Resolve reference fields; a trailing number caps the referenced items returned per field. */
  include(...args: [...string[], number] | string[]): WixDataQuery<T> {
    const last = args[args.length - 1];
    const cap = typeof last == 'number' ? last : undefined;
    const names = (cap === undefined ? args : args.slice(0, -1)) as string[];
    return this.with({ include: [...this.s.include, ...names.map((field) => ({ field, limit: cap }))] });
  }

  async find(options?: FindOptions): Promise<WixDataResult<T>> {
    const { coll, fields, include, limit, skip, sort } = this.s;
    const filter = this.checked(options);
    return first<T, { dataItems: { data: T }[] }>(
      (at, byOffset, returnTotalCount) =>
        this.t.query({
          dataCollectionId: coll,
          query: { fields, ...paging(limit, at), ...(byOffset && { filter, sort }) },
          includeReferences: include,
          ...readOptions(options),
          ...(byOffset && { returnTotalCount }),
        }),
      (res) => res.dataItems.map((d) => d.data),
      coll, limit, skip, options,
    );
  }

  async count(options?: ReadOptions): Promise<number> {
    const filter = this.checked(options);
    const res = await this.t.post<{ totalCount: number }>('/items/count', { dataCollectionId: this.s.coll, filter, ...readOptions(options) });
    return res.totalCount;
  }

  /** Distinct values of `field` among matching items, ordered by the query's sort on that field. */
  async distinct<V = unknown>(field: string, options?: FindOptions): Promise<WixDataResult<V>> {
    const { coll, limit, skip, sort } = this.s;
    const filter = this.checked(options, v.fieldName(field));
    const order = sort.find((o) => o.fieldName == field)?.order;
    return first<V, { distinctValues: V[] }>(
      (at, byOffset, returnTotalCount) =>
        this.t.post('/items/query-distinct-values', {
          dataCollectionId: coll,
          ...readOptions(options),
          ...paging(limit, at),
          ...(byOffset && { fieldName: field, filter, order, returnTotalCount }),
        }),
      (res) => res.distinctValues,
      coll, limit, skip, options,
    );
  }

  /** Reports every collected problem at once, like `@wix/data`, or returns the wire filter. */
  private checked(options: unknown, ...more: (string | undefined)[]): Filter {
    const filter = this.build();
    const found = [v.collection(this.s.coll), ...this.bad, v.options(options), ...more, filterProblem(filter)].filter(Boolean);
    if (found.length) throw clientError(`Failed to perform query on [${this.s.coll}].\n${found.join('\n')}`);
    return filter;
  }
}

/**
 * Fetches the first page and wraps it in a result that can fetch the others. `send` gets the
 * cursor or offset to fetch; cursor requests carry only paging (the cursor encodes the rest).
 */
export async function first<T, R>(
  send: (at: string | number, byOffset: boolean, returnTotalCount?: boolean) => Promise<R & { pagingMetadata: PagingMetadata }>,
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
  return new WixDataResult(items, meta, fetch, coll, { limit, skip });
}

/** @internal */
export const newQuery = <T>(t: Transport, coll: string) =>
  new WixDataQuery<T>(t, { coll, sort: [], fields: [], include: [], skip: 0 });
