/**
 * The reference calls of `items` (docs/wire-format.md §9.1): query the items one item references, check,
 * add, remove or replace references in (multi-)reference fields. A module of its own, so apps that
 * bind only `coreItems` do not ship it.
 */
import type { DataItem, FindOptions } from './query.js';
import { first } from './query.js';
import { ownId, paging, readOptions, writeOptions, type ReadOptions, type WriteOptions } from './request.js';
import type { WixDataResult } from './result.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export interface QueryReferencedOptions extends FindOptions {
  limit?: number;
  skip?: number;
  order?: 'asc' | 'desc';
  fields?: string[];
}
/** A reference end: an item id or an item with `_id`. */
export type Ref = string | { _id?: unknown };

const badField = (field: unknown) =>
  !(typeof field == 'string' && field) && 'WDE0094: field must be a non-empty string.';

/** Validated wire references from `left` to each of `right` (an id, an item, or a list of them). */
function references(coll: string, field: string, left: Ref, right: Ref | Ref[], options: unknown) {
  const rights = Array.isArray(right) ? right : [right];
  v.check(coll, options, badField(field), [left, ...rights].map(v.reference).find(Boolean));
  return rights.map((r) => ({
    referringItemFieldName: field,
    referringItemId: ownId(left),
    referencedItemId: ownId(r),
  }));
}

export function referenceCalls(t: Transport) {
  return {
    /** Items referenced by `item` in its (multi-)reference field `field`, as a paged result. */
    async queryReferenced<T = DataItem>(
      coll: string,
      item: Ref,
      field: string,
      options?: QueryReferencedOptions,
    ): Promise<WixDataResult<T>> {
      const { limit = 50, skip = 0, order } = options ?? {};
      v.check(coll, options, v.reference(item), badField(field), v.count('limit', limit, 1), v.count('skip', skip, 0));
      return first<T, { results: { dataItem?: { data: T } }[] }>(
        (at, byOffset, returnTotalCount) =>
          t.post('/items/query-referenced', {
            ...paging(limit, at),
            ...readOptions(options),
            dataCollectionId: coll,
            fields: options?.fields,
            ...(byOffset && {
              referringItemId: ownId(item),
              referringItemFieldName: field,
              order: order?.toUpperCase(),
              returnTotalCount,
            }),
          }),
        // Entries without `dataItem` (dangling or forbidden references) are dropped.
        (res) => res.results.flatMap((r) => (r.dataItem ? [r.dataItem.data] : [])),
        coll,
        limit,
        skip,
        options,
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
    async insertReference(
      coll: string,
      field: string,
      left: Ref,
      right: Ref | Ref[],
      options?: WriteOptions,
    ): Promise<void> {
      await t.post('/bulk/items/insert-references', {
        dataCollectionId: coll,
        dataItemReferences: references(coll, field, left, right, options),
        ...writeOptions(options),
      });
    },

    async removeReference(
      coll: string,
      field: string,
      left: Ref,
      right: Ref | Ref[],
      options?: WriteOptions,
    ): Promise<void> {
      await t.post('/bulk/items/remove-references', {
        dataCollectionId: coll,
        dataItemReferences: references(coll, field, left, right, options),
        ...writeOptions(options),
      });
    },

    /** Makes `right` the complete set of items `left` references in `field`. */
    async replaceReferences(
      coll: string,
      field: string,
      left: Ref,
      right: Ref | Ref[],
      options?: WriteOptions,
    ): Promise<void> {
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
