/**
 * The `items` module: every call of wire-contract §9.1 that the storefront needs, with the call
 * shapes of `@wix/data` so code can move between the two clients unchanged.
 */
import type { HttpContext } from '../module.js';
import { newAggregate, type WixDataAggregate } from './aggregate.js';
import { tally, type BulkResult } from './bulk.js';
import { filter } from './filter.js';
import { WixDataBulkPatch, WixDataPatch } from './patch.js';
import { newQuery, type DataItem, type FindOptions, type WixDataQuery } from './query.js';
import { condition, ownId, paging, readOptions, writeOptions, type Condition, type ReadOptions, type WriteOptions } from './request.js';
import { WixDataResult, type PagingMetadata } from './result.js';
import { transport, type Transport } from './transport.js';
import * as v from './validate.js';

export interface GetOptions extends ReadOptions {
  fields?: string[];
  includeReferences?: string[];
  includeFieldGroups?: string[];
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
export interface BulkUpdateOptions extends WriteOptions {
  saveReferences?: boolean;
  condition?: Condition;
}
export interface QueryReferencedOptions extends FindOptions {
  limit?: number;
  skip?: number;
  order?: 'asc' | 'desc';
  fields?: string[];
}
export type Ref = string | { _id?: unknown };
export interface Reference {
  relationshipName: string;
  left: Ref;
  right: Ref;
}

type One<T> = { dataItem?: { data: T } };

export function createItems(ctx: HttpContext) {
  const t: Transport = transport(ctx);
  const envelope = (item: DataItem) => ({ id: item._id, data: item });
  const orNull = async <T>(call: Promise<One<T>>): Promise<T | null> => {
    try {
      return (await call).dataItem?.data ?? null;
    } catch (error) {
      // Not-found is an answer for get/remove, not a failure.
      if ((error as { details?: { applicationError?: { code?: unknown } } }).details?.applicationError?.code === 'WDE0073') return null;
      throw error;
    }
  };
  const single = async <T>(path: string, coll: string, item: T, requireId: boolean, rest: object): Promise<T> => {
    v.assert(v.collection(coll), v.item(item, coll, requireId));
    const res = await t.post<One<T>>(path, { dataCollectionId: coll, dataItem: envelope(item as DataItem), ...rest });
    return res.dataItem!.data;
  };
  const bulk = async (path: string, coll: string, items: DataItem[], rest: object, ignored: string[]) => {
    v.assert(v.collection(coll), v.items(items, coll), v.options(rest));
    const res = await t.post<{ results: unknown[] }>(path, { dataCollectionId: coll, dataItems: items.map(envelope), ...rest });
    return tally(items, res.results, ignored);
  };
  const refs = (coll: string, field: string, left: Ref, rights: Ref[]) =>
    rights.map((r) => ({ referringItemFieldName: field, referringItemId: ownId(left as string), referencedItemId: ownId(r as string) }));
  const all = <R>(r: R | R[]) => (Array.isArray(r) ? r : [r]);

  return {
    query: <T = DataItem>(coll: string): WixDataQuery<T> => newQuery<T>(t, coll),
    aggregate: <T = Record<string, unknown>>(coll: string): WixDataAggregate<T> => newAggregate<T>(t, coll),
    filter,
    patch: <T = DataItem>(coll: string, id: string) => new WixDataPatch<T>(t, coll, id),
    bulkPatch: (coll: string, ids: string[]) => new WixDataBulkPatch(t, coll, ids),

    async get<T = DataItem>(coll: string, id: string, options?: GetOptions): Promise<T | null> {
      v.assert(v.collection(coll), v.itemId(id), v.options(options));
      return orNull(
        t.get<One<T>>(`/items/${encodeURIComponent(id)}`, {
          dataCollectionId: coll,
          dataItemId: id,
          ...readOptions(options),
          fields: options?.fields,
          includeReferences: options?.includeReferences,
          ...(options?.includeFieldGroups?.length ? { includeFieldGroups: options.includeFieldGroups } : {}),
        }),
      );
    },

    insert: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> =>
      single('/items', coll, item, false, {
        ...writeOptions(options),
        includeReferencedItems: options?.includeReferences,
        saveReferences: options?.saveReferences,
      }),

    save: <T extends DataItem>(coll: string, item: T, options?: InsertOptions): Promise<T> =>
      single('/items/save', coll, item, false, {
        ...writeOptions(options),
        includeReferencedItems: options?.includeReferences,
        saveReferences: options?.saveReferences,
      }),

    update: <T extends DataItem>(coll: string, item: T, options?: UpdateOptions): Promise<T> =>
      single('/items/update', coll, item, true, {
        ...writeOptions(options),
        includeReferencedItems: options?.includeReferences,
        saveReferences: options?.saveReferences,
        ...condition(options?.condition),
      }),

    async remove<T = DataItem>(coll: string, id: string, options?: RemoveOptions): Promise<T | null> {
      v.assert(v.collection(coll), v.itemId(id), v.options(options));
      const body = { dataCollectionId: coll, dataItemId: id, ...writeOptions(options), ...condition(options?.condition) };
      return orNull(t.post<One<T>>('/items/remove', body));
    },

    async truncate(coll: string): Promise<void> {
      v.assert(v.collection(coll));
      await t.post('/items/truncate', { dataCollectionId: coll });
    },

    bulkInsert: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> =>
      options?.overrideExisting
        ? bulk('/bulk/items/save', coll, items, { ...writeOptions(options), saveReferences: options.saveReferences }, [])
        : // A duplicate `_id` is skipped, not an error.
          bulk('/bulk/items/insert', coll, items, { ...writeOptions(options), saveReferences: options?.saveReferences }, ['WDE0074']),

    bulkSave: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> =>
      bulk('/bulk/items/save', coll, items, { ...writeOptions(options), saveReferences: options?.saveReferences }, []),

    bulkUpdate: (coll: string, items: DataItem[], options?: BulkUpdateOptions): Promise<BulkResult> =>
      bulk(
        '/bulk/items/update',
        coll,
        items,
        { ...writeOptions(options), saveReferences: options?.saveReferences, ...condition(options?.condition) },
        ['WDE0073'],
      ),

    async bulkRemove(coll: string, ids: string[], options?: RemoveOptions): Promise<BulkResult> {
      v.assert(v.collection(coll), v.itemIds(ids, coll), v.options(options));
      const body = { dataCollectionId: coll, dataItemIds: ids, ...writeOptions(options), ...condition(options?.condition) };
      const res = await t.post<{ results: unknown[] }>('/bulk/items/remove', body);
      return tally(ids, res.results, ['WDE0073']);
    },

    /** Items referenced by `item` in its (multi-)reference field `field`, as a paged result. */
    async queryReferenced<T = DataItem>(coll: string, item: Ref, field: string, options?: QueryReferencedOptions): Promise<WixDataResult<T>> {
      const limit = options?.limit ?? 50;
      const skip = options?.skip ?? 0;
      v.assert(v.collection(coll), v.reference(item), v.nonEmptyString(field, 'relationshipAttribute'), v.options(options), v.limit('limit', limit), v.skip('skip', skip));
      const id = ownId(item as string);
      const order = options?.order === 'asc' ? 'ASC' : options?.order === 'desc' ? 'DESC' : undefined;
      const fetch = async (at: string | number, returnTotalCount?: boolean): Promise<[T[], PagingMetadata]> => {
        const res = await t.post<{ results: { dataItem?: { data: T } }[]; pagingMetadata: PagingMetadata }>('/items/query-referenced', {
          ...paging(limit, at),
          ...readOptions(options),
          dataCollectionId: coll,
          fields: options?.fields,
          ...(typeof at === 'number' ? { referringItemId: id, referringItemFieldName: field, order, returnTotalCount } : {}),
        });
        return [res.results.flatMap((r) => (r.dataItem ? [r.dataItem.data] : [])), res.pagingMetadata];
      };
      const [items, meta] = await fetch(skip, options?.returnTotalCount);
      return new WixDataResult(items, meta, fetch, coll, { limit, skip });
    },

    async isReferenced(coll: string, field: string, left: Ref, right: Ref, options?: ReadOptions): Promise<boolean> {
      v.assert(v.collection(coll), v.nonEmptyString(field, 'relationshipAttribute'), v.reference(left), v.reference(right), v.options(options));
      const res = await t.post<{ isReferenced: boolean }>('/items/is-referenced', {
        dataCollectionId: coll,
        ...refs(coll, field, left, [right])[0],
        ...readOptions(options),
      });
      return res.isReferenced;
    },

    /** `(coll, field, left, right | rights)` or `(coll, [{relationshipName, left, right}])`. */
    async insertReference(coll: string, fieldOrRefs: string | Reference[], left?: Ref | WriteOptions, right?: Ref | Ref[], options?: WriteOptions): Promise<void> {
      const list: Reference[] =
        typeof fieldOrRefs === 'string' ? all(right as Ref).map((r) => ({ relationshipName: fieldOrRefs, left: left as Ref, right: r })) : fieldOrRefs;
      const opts = typeof fieldOrRefs === 'string' ? options : (left as WriteOptions | undefined);
      const valid = Array.isArray(list) && list.every((r) => typeof r.relationshipName === 'string' && !v.reference(r.left) && !v.reference(r.right));
      v.assert(v.collection(coll), valid ? undefined : 'WDE0021: Invalid reference', v.options(opts));
      await t.post('/bulk/items/insert-references', {
        dataCollectionId: coll,
        dataItemReferences: list.flatMap((r) => refs(coll, r.relationshipName, r.left, [r.right])),
        ...writeOptions(opts),
      });
    },

    async removeReference(coll: string, field: string, left: Ref, right: Ref | Ref[], options?: WriteOptions): Promise<void> {
      const rights = all(right);
      v.assert(v.collection(coll), v.reference(left), v.references(rights), v.nonEmptyString(field, 'relationshipAttribute'), v.options(options));
      await t.post('/bulk/items/remove-references', { dataCollectionId: coll, dataItemReferences: refs(coll, field, left, rights), ...writeOptions(options) });
    },

    async replaceReferences(coll: string, field: string, left: Ref, right: Ref | Ref[], options?: WriteOptions): Promise<void> {
      const rights = all(right);
      v.assert(v.collection(coll), v.nonEmptyString(field, 'relationshipAttribute'), v.reference(left), v.references(rights), v.options(options));
      await t.post('/items/replace-references', {
        dataCollectionId: coll,
        referringItemFieldName: field,
        referringItemId: ownId(left as string),
        newReferencedItemIds: rights.map((r) => ownId(r as string)),
        ...writeOptions(options),
      });
    },
  };
}

export type ItemsModule = ReturnType<typeof createItems>;
