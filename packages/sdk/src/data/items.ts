/**
 * The `items` module: the calls of wire-contract §9.1 with the call shapes of `@wix/data`, so code
 * can move between the two clients unchanged.
 */
import type { HttpContext } from '../module.js';
import { newAggregate, type WixDataAggregate } from './aggregate.js';
import { tally, type BulkResult } from './bulk.js';
import { filter, filterProblem, type Filter } from './filter.js';
import { newPatch } from './patch.js';
import { first, newQuery, type DataItem, type FindOptions, type WixDataQuery } from './query.js';
import { condition, ownId, paging, readOptions, writeOptions, type Condition, type ReadOptions, type WriteOptions } from './request.js';
import type { PagingMetadata, WixDataResult } from './result.js';
import { transport } from './transport.js';
import * as v from './validate.js';

const check = (coll: unknown, options: unknown, ...more: (string | undefined | false)[]) =>
  v.assert(v.collection(coll), v.options(options), ...more);

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
export interface RemoveOptions extends WriteOptions {
  condition?: Condition;
}
export interface BulkInsertOptions extends WriteOptions {
  /** Replace items whose `_id` exists instead of skipping them (sends a bulk save). */
  overrideExisting?: boolean;
  saveReferences?: boolean;
}
export interface BulkUpdateOptions extends BulkInsertOptions {
  condition?: Condition;
}
export interface QueryReferencedOptions extends FindOptions {
  limit?: number;
  skip?: number;
  order?: 'asc' | 'desc';
  fields?: string[];
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
/** A reference end: an item id or an item with `_id`. */
export type Ref = string | { _id?: unknown };

type One<T> = { dataItem?: { data: T } };
/** Validated wire references from `left` to each of `right` (an id, an item, or a list of them). */
function references(coll: string, field: string, left: Ref, right: Ref | Ref[], options: unknown) {
  const rights = Array.isArray(right) ? right : [right];
  check(coll, options, !(typeof field == 'string' && field) && 'WDE0094: field must be a non-empty string.', [left, ...rights].map(v.reference).find(Boolean));
  return rights.map((r) => ({ referringItemFieldName: field, referringItemId: ownId(left), referencedItemId: ownId(r) }));
}

export function createItems(ctx: HttpContext) {
  const t = transport(ctx);
  const envelope = (item: DataItem) => ({ id: item._id, data: item });
  // Not-found is an answer for get/remove, not a failure.
  const orNull = <T>(call: Promise<One<T>>): Promise<T | null> =>
    call.then(
      (r) => r.dataItem?.data ?? null,
      (e: { details?: { applicationError?: { code?: unknown } } }) => {
        if (e?.details?.applicationError?.code == 'WDE0073') return null;
        throw e;
      },
    );
  const single = async <T>(path: string, coll: string, item: T, options: UpdateOptions | undefined, requireId?: boolean): Promise<T> => {
    check(coll, options, v.item(item, requireId));
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
  const bulk = async (path: string, coll: string, items: DataItem[], options: BulkUpdateOptions | undefined, ignored: string[], withCondition?: boolean) => {
    check(coll, options, v.items(items));
    const res = await t.post<{ results: unknown[] }>(path, {
      dataCollectionId: coll,
      dataItems: items.map(envelope),
      ...writeOptions(options),
      saveReferences: options?.saveReferences,
      ...(withCondition && condition(options?.condition)),
    });
    return tally(items, res.results, ignored);
  };

  function query<T = DataItem>(coll: string): WixDataQuery<T>;
  function query<T = DataItem>(coll: string, request: QueryRequest, options?: QueryRequestOptions): Promise<{ items: T[]; pagingMetadata: PagingMetadata }>;
  function query<T>(coll: string, request?: QueryRequest, options?: QueryRequestOptions) {
    return request ? directQuery<T>(coll, request, options) : newQuery<T>(t, { coll, sort: [], fields: [], include: [], skip: 0 });
  }

  /** One page, as `@wix/data`'s direct form sends it: a cursor request carries no filter or sort. */
  async function directQuery<T>(coll: string, { filter, sort = [], fields, paging: p, cursorPaging: c }: QueryRequest, options?: QueryRequestOptions) {
    const cursor = c?.cursor;
    const offset = p?.offset ?? 0;
    const byOffset = cursor === undefined;
    check(coll, options, !byOffset && offset > 0 && 'WDE0080: Skip is not supported in cursor paging.', filter && filterProblem(filter));
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
    aggregate: <T = Record<string, unknown>>(coll: string): WixDataAggregate<T> => newAggregate<T>(t, { coll, group: [], ops: [], sort: [], skip: 0, bad: [] }),
    filter,
    patch: <T = DataItem>(coll: string, id: string) => newPatch<T>(t, coll, id),

    async get<T = DataItem>(coll: string, id: string, options?: GetOptions): Promise<T | null> {
      check(coll, options, v.itemId(id));
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

    insert: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> => single('/items', coll, item, options),
    save: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> => single('/items/save', coll, item, options),
    /** The item must carry its `_id`. */
    update: <T extends DataItem>(coll: string, item: T, options?: UpdateOptions): Promise<T> => single('/items/update', coll, item, options, true),

    async remove<T = DataItem>(coll: string, id: string, options?: RemoveOptions): Promise<T | null> {
      check(coll, options, v.itemId(id));
      return orNull(t.post<One<T>>('/items/remove', { dataCollectionId: coll, dataItemId: id, ...writeOptions(options), ...condition(options?.condition) }));
    },

    async truncate(coll: string): Promise<void> {
      check(coll, undefined);
      await t.post('/items/truncate', { dataCollectionId: coll });
    },

    /** Items whose `_id` already exists are skipped (`skipped`), unless `overrideExisting`. */
    bulkInsert: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> =>
      options?.overrideExisting
        ? bulk('/bulk/items/save', coll, items, options, [])
        : bulk('/bulk/items/insert', coll, items, options, ['WDE0074']),
    bulkSave: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> => bulk('/bulk/items/save', coll, items, options, []),
    /** Items that do not exist are skipped, not errors. */
    bulkUpdate: (coll: string, items: DataItem[], options?: BulkUpdateOptions): Promise<BulkResult> =>
      bulk('/bulk/items/update', coll, items, options, ['WDE0073'], true),

    /** Ids that do not exist are skipped, not errors. */
    async bulkRemove(coll: string, ids: string[], options?: RemoveOptions): Promise<BulkResult> {
      check(coll, options, v.itemIds(ids));
      const res = await t.post<{ results: unknown[] }>('/bulk/items/remove', {
        dataCollectionId: coll,
        dataItemIds: ids,
        ...writeOptions(options),
        ...condition(options?.condition),
      });
      return tally(ids, res.results, ['WDE0073']);
    },

    /** Items referenced by `item` in its (multi-)reference field `field`, as a paged result. */
    async queryReferenced<T = DataItem>(coll: string, item: Ref, field: string, options?: QueryReferencedOptions): Promise<WixDataResult<T>> {
      const { limit = 50, skip = 0, order } = options ?? {};
      check(coll, options, v.reference(item), !(typeof field == 'string' && field) && 'WDE0094: field must be a non-empty string.', v.count('limit', limit, 1), v.count('skip', skip, 0));
      return first<T, { results: { dataItem?: { data: T } }[] }>(
        (at, byOffset, returnTotalCount) =>
          t.post('/items/query-referenced', {
            ...paging(limit, at),
            ...readOptions(options),
            dataCollectionId: coll,
            fields: options?.fields,
            ...(byOffset && { referringItemId: ownId(item), referringItemFieldName: field, order: order?.toUpperCase(), returnTotalCount }),
          }),
        // Entries without `dataItem` (dangling or forbidden references) are dropped.
        (res) => res.results.flatMap((r) => (r.dataItem ? [r.dataItem.data] : [])),
        coll, limit, skip, options,
      );
    },

    async isReferenced(coll: string, field: string, left: Ref, right: Ref, options?: ReadOptions): Promise<boolean> {
      const res = await t.post<{ isReferenced: boolean }>('/items/is-referenced', {
        dataCollectionId: coll,
        ...references(coll, field, left, right, options)[0],
        ...readOptions(options),
      });
      return res.isReferenced;
    },

    /** Adds references from `left` to each of `right` in the multi-reference field `field`. */
    async insertReference(coll: string, field: string, left: Ref, right: Ref | Ref[], options?: WriteOptions): Promise<void> {
      await t.post('/bulk/items/insert-references', { dataCollectionId: coll, dataItemReferences: references(coll, field, left, right, options), ...writeOptions(options) });
    },

    async removeReference(coll: string, field: string, left: Ref, right: Ref | Ref[], options?: WriteOptions): Promise<void> {
      await t.post('/bulk/items/remove-references', { dataCollectionId: coll, dataItemReferences: references(coll, field, left, right, options), ...writeOptions(options) });
    },

    /** Makes `right` the complete set of items `left` references in `field`. */
    async replaceReferences(coll: string, field: string, left: Ref, right: Ref | Ref[], options?: WriteOptions): Promise<void> {
      const ids = references(coll, field, left, right, options).map((r) => r.referencedItemId);
      await t.post('/items/replace-references', {
        dataCollectionId: coll,
        referringItemFieldName: field,
        referringItemId: ownId(left),
        newReferencedItemIds: ids,
        ...writeOptions(options),
      });
    },
  };
}

export type ItemsModule = ReturnType<typeof createItems>;
