/**
 * `items.query(collection)`: an immutable builder whose `find`, `count` and `distinct` send the
 * requests of wire-contract §9.3–§9.6. Invalid calls are collected and reported by the terminal
 * method, before anything is sent.
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

interface State {
  coll: string;
  tree: Filter;
  invalid: readonly string[];
  sort: readonly Sorting[];
  fields: readonly string[];
  include: readonly { field: string; limit?: number }[];
  fieldGroups: readonly string[];
  limit: number | undefined;
  skip: number;
}

export type DataItem = Record<string, unknown> & { _id?: string };

export class WixDataQuery<T = DataItem> extends FilterOps<WixDataQuery<T>> {
  /** @internal */
  constructor(
    private readonly t: Transport,
    private readonly s: State,
  ) {
    super(s.tree, s.invalid);
  }

  protected withFilter(tree: Filter, invalid: readonly string[]): WixDataQuery<T> {
    return this.with({ tree, invalid });
  }

  private with(patch: Partial<State>, problem?: string): WixDataQuery<T> {
    const invalid = problem ? [...(patch.invalid ?? this.invalidArguments), problem] : (patch.invalid ?? this.invalidArguments);
    return new WixDataQuery<T>(this.t, { ...this.s, tree: this.filterTree, ...patch, invalid });
  }

  ascending(...fields: string[] | [string[]]): WixDataQuery<T> {
    return this.order('.ascending', 'ASC', fields);
  }

  descending(...fields: string[] | [string[]]): WixDataQuery<T> {
    return this.order('.descending', 'DESC', fields);
  }

  private order(op: string, order: SortOrder, args: string[] | [string[]]) {
    const list = (args.length === 1 && Array.isArray(args[0]) ? args[0] : args) as unknown[];
    if (list.length === 0 || !list.every((f) => typeof f === 'string')) {
      return this.with({}, `WDE0051: Invalid ${op} parameters. Valid ${op} values are String, Array of String or varargs String.`);
    }
    return this.with({ sort: [...this.s.sort, ...(list as string[]).map((fieldName) => ({ fieldName, order }))] });
  }

  /** Projection: only these fields are returned (none given = all fields). */
  fields(...fields: string[]): WixDataQuery<T> {
    return this.with({ fields: [...this.s.fields, ...fields] });
  }

  limit(n: number): WixDataQuery<T> {
    return this.with({ limit: n }, v.limit('.limit', n));
  }

  skip(n: number): WixDataQuery<T> {
    return this.with({ skip: n }, v.skip('.skip', n));
  }

  /** Resolve reference fields; a trailing number caps the referenced items returned per field. */
  include(...args: [...string[], number] | string[]): WixDataQuery<T> {
    const last = args[args.length - 1];
    const cap = typeof last === 'number' ? last : undefined;
    const names = (cap === undefined ? args : args.slice(0, -1)) as string[];
    const bad = names.map((n) => v.nonEmptyString(n, '.include')).find(Boolean);
    return this.with({ include: [...this.s.include, ...names.map((field) => ({ field, limit: cap }))] }, bad);
  }

  includeFieldGroups(...groups: string[]): WixDataQuery<T> {
    return this.with({ fieldGroups: [...this.s.fieldGroups, ...groups] });
  }

  async find(options?: FindOptions): Promise<WixDataResult<T>> {
    const { coll, fields, include, fieldGroups, limit, skip } = this.s;
    const filter = this.checked(options);
    const sort = this.s.sort;
    const fetch = async (at: string | number, returnTotalCount?: boolean): Promise<[T[], PagingMetadata]> => {
      const byOffset = typeof at === 'number';
      const res = await this.t.query<{ dataItems: { data: T }[]; pagingMetadata: PagingMetadata }>({
        dataCollectionId: coll,
        query: { fields, ...paging(limit, at), ...(byOffset ? { filter, sort } : {}) },
        includeReferences: include,
        ...readOptions(options),
        ...(byOffset ? { returnTotalCount } : {}),
        ...(fieldGroups.length > 0 ? { includeFieldGroups: fieldGroups } : {}),
      });
      return [res.dataItems.map((d) => d.data), res.pagingMetadata];
    };
    const [items, meta] = await fetch(skip, options?.returnTotalCount);
    return new WixDataResult(items, meta, fetch, coll, { limit, skip });
  }

  async count(options?: ReadOptions): Promise<number> {
    const filter = this.checked(options);
    const res = await this.t.post<{ totalCount: number }>('/items/count', {
      dataCollectionId: this.s.coll,
      filter,
      ...readOptions(options),
    });
    return res.totalCount;
  }

  /** Distinct values of `field` among matching items, ordered by the query's sort on that field. */
  async distinct<V = unknown>(field: string, options?: FindOptions): Promise<WixDataResult<V>> {
    const { coll, limit, skip } = this.s;
    const filter = this.checked(options, v.fieldName(field));
    const order = this.s.sort.find((o) => o.fieldName === field)?.order;
    const fetch = async (at: string | number, returnTotalCount?: boolean): Promise<[V[], PagingMetadata]> => {
      const res = await this.t.post<{ distinctValues: V[]; pagingMetadata: PagingMetadata }>('/items/query-distinct-values', {
        dataCollectionId: coll,
        ...readOptions(options),
        ...paging(limit, at),
        ...(typeof at === 'number' ? { fieldName: field, filter, order, returnTotalCount } : {}),
      });
      return [res.distinctValues, res.pagingMetadata];
    };
    const [items, meta] = await fetch(skip, options?.returnTotalCount);
    return new WixDataResult(items, meta, fetch, coll, { limit, skip });
  }

  /** Reports every collected problem at once, like `@wix/data`, or returns the wire filter. */
  private checked(options: unknown, ...more: (string | undefined)[]): Filter {
    const filter = this.build();
    const problems = [v.collection(this.s.coll), ...this.invalidArguments, v.options(options), ...more, filterProblem(filter)];
    const found = problems.filter((p): p is string => p !== undefined);
    if (found.length > 0) throw clientError(`Failed to perform query on [${this.s.coll}].\n${found.join('\n')}`);
    return filter;
  }
}

/** @internal */
export const newQuery = <T>(t: Transport, coll: string) =>
  new WixDataQuery<T>(t, { coll, tree: {}, invalid: [], sort: [], fields: [], include: [], fieldGroups: [], limit: undefined, skip: 0 });
