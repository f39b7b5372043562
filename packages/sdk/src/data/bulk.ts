/**
 * The bulk calls of `items` (insert, save, update, remove up to 1000 items) and the tallying of their
 * answers exactly as `@wix/data` reports them (docs/wire-format.md §9.2). A module of its own, so apps that
 * bind only `coreItems` do not ship it.
 */
import { ITEM_EXISTS, ITEM_NOT_FOUND } from '../http/error-codes.js';
import { WixDataError, type FieldViolation } from './errors.js';
import type { DataItem } from './query.js';
import { condition, envelope, writeOptions, type Condition, type RemoveOptions, type WriteOptions } from './request.js';
import type { Transport } from './transport.js';
import * as v from './validate.js';

export interface BulkInsertOptions extends WriteOptions {
  /** Replace items whose `_id` exists instead of skipping them (sends a bulk save). */
  overrideExisting?: boolean;
  saveReferences?: boolean;
}
export interface BulkUpdateOptions extends BulkInsertOptions {
  condition?: Condition;
}

export interface BulkResult {
  inserted: number;
  updated: number;
  removed: number;
  /** Requested − failed − succeeded: includes failures with an ignored code (e.g. duplicates in bulkInsert). */
  skipped: number;
  /** Failed items as `WixDataError`s named `BulkError`, with `code`, `item`, `originalIndex`, `violations`. */
  errors: WixDataError[];
  insertedItemIds: string[];
  updatedItemIds: string[];
  removedItemIds: string[];
}

interface WireResult {
  action?: string;
  itemMetadata?: {
    id?: string;
    originalIndex?: number;
    success?: boolean;
    error?: { code?: string; description?: string; data?: { fieldViolations?: FieldViolation[] } };
  };
}

export function tally(
  request: readonly unknown[],
  results: readonly unknown[],
  ignoredCodes: readonly string[] = [],
): BulkResult {
  const rows = results as WireResult[];
  const errors: WixDataError[] = [];
  for (const { itemMetadata: m } of rows) {
    if (!m || m.success || !m.error || ignoredCodes.includes(m.error.code ?? '')) continue;
    const originalIndex = m.originalIndex ?? -1;
    const { code, description = '', data } = m.error;
    errors.push(
      new WixDataError(description, {
        name: 'BulkError',
        code,
        item: request[originalIndex],
        originalIndex,
        violations: data?.fieldViolations,
      }),
    );
  }
  const ok = rows.filter((r) => r.itemMetadata?.success);
  const by = (...actions: string[]) => ok.filter((r) => actions.includes(r.action ?? ''));
  const ids = (list: WireResult[]) => list.map((r) => r.itemMetadata?.id as string);
  const inserted = by('INSERT');
  const updated = by('UPDATE', 'PATCH');
  const removed = by('DELETE');
  return {
    inserted: inserted.length,
    updated: updated.length,
    removed: removed.length,
    skipped: request.length - errors.length - ok.length,
    errors,
    insertedItemIds: ids(inserted),
    updatedItemIds: ids(updated),
    removedItemIds: ids(removed),
  };
}

export function bulkCalls(t: Transport) {
  const bulk = async (
    path: string,
    coll: string,
    items: DataItem[],
    options: BulkUpdateOptions | undefined,
    ignored: string[],
    withCondition?: boolean,
  ) => {
    v.check(coll, options, v.items(items));
    const res = await t.post<{ results: unknown[] }>(path, {
      dataCollectionId: coll,
      dataItems: items.map(envelope),
      ...writeOptions(options),
      saveReferences: options?.saveReferences,
      ...(withCondition && condition(options?.condition)),
    });
    return tally(items, res.results, ignored);
  };
  return {
    /** Items whose `_id` already exists are skipped (`skipped`), unless `overrideExisting`. */
    bulkInsert: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> =>
      options?.overrideExisting
        ? bulk('/bulk/items/save', coll, items, options, [])
        : bulk('/bulk/items/insert', coll, items, options, [ITEM_EXISTS]),
    bulkSave: (coll: string, items: DataItem[], options?: BulkInsertOptions): Promise<BulkResult> =>
      bulk('/bulk/items/save', coll, items, options, []),
    /** Items that do not exist are skipped, not errors. */
    bulkUpdate: (coll: string, items: DataItem[], options?: BulkUpdateOptions): Promise<BulkResult> =>
      bulk('/bulk/items/update', coll, items, options, [ITEM_NOT_FOUND], true),

    /** Ids that do not exist are skipped, not errors. */
    async bulkRemove(coll: string, ids: string[], options?: RemoveOptions): Promise<BulkResult> {
      v.check(coll, options, v.itemIds(ids));
      const res = await t.post<{ results: unknown[] }>('/bulk/items/remove', {
        dataCollectionId: coll,
        dataItemIds: ids,
        ...writeOptions(options),
        ...condition(options?.condition),
      });
      return tally(ids, res.results, [ITEM_NOT_FOUND]);
    },
  };
}
