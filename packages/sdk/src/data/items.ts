/**
 * The `items` module: the calls of docs/wire-format.md §9.1 with the call shapes of `@wix/data`, so code
 * can move between the two clients unchanged. `createItems` binds every call; `createCoreItems` only
 * the everyday ones, and the other groups live in modules of their own (bulk, references, aggregate,
 * patch) so that a bundler leaves them out of apps that bind `coreItems` (the storefront, issue #18).
 */
import { ITEM_NOT_FOUND } from '../http/error-codes.js';
import type { HttpContext } from '../module.js';
import { newAggregate, type WixDataAggregate } from './aggregate.js';
import { bulkCalls } from './bulk.js';
import { filter, filterProblem, type Filter } from './filter.js';
import { newPatch } from './patch.js';
import { newQuery, type DataItem, type FindOptions, type WixDataQuery } from './query.js';
import { referenceCalls } from './references.js';
import {
  condition,
  envelope,
  paging,
  readOptions,
  writeOptions,
  type Condition,
  type ReadOptions,
  type RemoveOptions,
  type WriteOptions,
} from './request.js';
import type { PagingMetadata } from './result.js';
import { transport, type Transport } from './transport.js';
import * as v from './validate.js';

export type { BulkInsertOptions, BulkUpdateOptions } from './bulk.js';
export type { QueryReferencedOptions, Ref } from './references.js';
export type { RemoveOptions } from './request.js';

export interface GetOptions extends ReadOptions {
  fields?: string[];
  includeReferences?: string[];
}
export interface InsertOptions extends WriteOptions {
  /** Return referenced items resolved in the answer. */
  includeReferences?: boolean;
  /** Also write the references held in multi-reference fields. */
  saveReferences?: boolean;
}
export interface UpdateOptions extends InsertOptions {
  condition?: Condition;
}
/** The direct (non-builder) query: `items.query(coll, request, options)`. */
export interface QueryRequest {
  filter?: Filter;
  sort?: { fieldName: string; order: 'ASC' | 'DESC' }[];
  fields?: string[];
  paging?: { limit?: number; offset?: number };
  cursorPaging?: { limit?: number; cursor?: string };
}
export interface QueryRequestOptions extends FindOptions {
  includeReferences?: { field: string; limit?: number }[];
}

type One<T> = { dataItem?: { data: T } };

/** query, get, insert, save, update, remove, truncate and filter, on one transport. */
function coreCalls(t: Transport) {
  // Not-found is an answer for get/remove, not a failure.
  const orNull = <T>(call: Promise<One<T>>): Promise<T | null> =>
    call.then(
      (r) => r.dataItem?.data ?? null,
      (e: { details?: { applicationError?: { code?: unknown } } }) => {
        if (e?.details?.applicationError?.code == ITEM_NOT_FOUND) return null;
        throw e;
      },
    );
  const single = async <T>(
    path: string,
    coll: string,
    item: T,
    options: UpdateOptions | undefined,
    requireId?: boolean,
  ): Promise<T> => {
    v.check(coll, options, v.item(item, requireId));
    const res = await t.post<One<T>>(path, {
      dataCollectionId: coll,
      dataItem: envelope(item as DataItem),
      ...writeOptions(options),
      includeReferencedItems: options?.includeReferences,
      saveReferences: options?.saveReferences,
      ...(requireId && condition(options?.condition)),
    });
    return res.dataItem!.data;
  };

  function query<T = DataItem>(coll: string): WixDataQuery<T>;
  function query<T = DataItem>(
    coll: string,
    request: QueryRequest,
    options?: QueryRequestOptions,
  ): Promise<{ items: T[]; pagingMetadata: PagingMetadata }>;
  function query<T>(coll: string, request?: QueryRequest, options?: QueryRequestOptions) {
    return request
      ? directQuery<T>(coll, request, options)
      : newQuery<T>(t, { coll, sort: [], fields: [], include: [], skip: 0 });
  }

  /** One page, as `@wix/data`'s direct form sends it: a cursor request carries no filter or sort. */
  async function directQuery<T>(
    coll: string,
    { filter, sort = [], fields, paging: p, cursorPaging: c }: QueryRequest,
    options?: QueryRequestOptions,
  ) {
    const cursor = c?.cursor;
    const offset = p?.offset ?? 0;
    const byOffset = cursor === undefined;
    v.check(
      coll,
      options,
      !byOffset && offset > 0 && 'WDE0080: Skip is not supported in cursor paging.',
      filter && filterProblem(filter),
    );
    const res = await t.query<{ dataItems: { data: T }[]; pagingMetadata: PagingMetadata }>({
      dataCollectionId: coll,
      query: {
        fields,
        ...paging(p?.limit ?? c?.limit, cursor ?? offset),
        ...(byOffset && { filter, sort }),
      },
      includeReferences: options?.includeReferences,
      ...readOptions(options),
      ...(byOffset && { returnTotalCount: options?.returnTotalCount }),
    });
    return { items: res.dataItems.map((d) => d.data), pagingMetadata: res.pagingMetadata };
  }

  return {
    query,
    filter,

    async get<T = DataItem>(coll: string, id: string, options?: GetOptions): Promise<T | null> {
      v.check(coll, options, v.itemId(id));
      return orNull(
        t.get<One<T>>(`/items/${encodeURIComponent(id)}`, {
          dataCollectionId: coll,
          dataItemId: id,
          ...readOptions(options),
          fields: options?.fields,
          includeReferences: options?.includeReferences,
        }),
      );
    },

    insert: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> =>
      single('/items', coll, item, options),
    save: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> =>
      single('/items/save', coll, item, options),
    /** The item must carry its `_id`. */
    update: <T extends DataItem>(coll: string, item: T, options?: UpdateOptions): Promise<T> =>
      single('/items/update', coll, item, options, true),

    async remove<T = DataItem>(coll: string, id: string, options?: RemoveOptions): Promise<T | null> {
      v.check(coll, options, v.itemId(id));
      return orNull(
        t.post<One<T>>('/items/remove', {
          dataCollectionId: coll,
          dataItemId: id,
          ...writeOptions(options),
          ...condition(options?.condition),
        }),
      );
    },

    async truncate(coll: string): Promise<void> {
      v.check(coll, undefined);
      await t.post('/items/truncate', { dataCollectionId: coll });
    },
  };
}

/** The everyday calls only: what the `coreItems` module binds. */
export const createCoreItems = (ctx: HttpContext) => coreCalls(transport(ctx));

/** Every call of `@wix/data`'s `items`: what the `items` module binds. */
export function createItems(ctx: HttpContext) {
  const t = transport(ctx);
  return {
    ...coreCalls(t),
    aggregate: <T = Record<string, unknown>>(coll: string): WixDataAggregate<T> =>
      newAggregate<T>(t, { coll, group: [], ops: [], sort: [], skip: 0, bad: [] }),
    patch: <T = DataItem>(coll: string, id: string) => newPatch<T>(t, coll, id),
    ...bulkCalls(t),
    ...referenceCalls(t),
  };
}

export type ItemsModule = ReturnType<typeof createItems>;
export type CoreItemsModule = ReturnType<typeof createCoreItems>;
