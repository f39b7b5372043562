/** Tallying of bulk answers exactly as `@wix/data` reports them (wire-contract §9.2). */
import { WixDataError, type FieldViolation } from './errors.js';

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

export function tally(request: readonly unknown[], results: readonly unknown[], ignoredCodes: readonly string[] = []): BulkResult {
  const rows = results as WireResult[];
  const errors: WixDataError[] = [];
  for (const { itemMetadata: m } of rows) {
    if (!m || m.success || !m.error || ignoredCodes.includes(m.error.code ?? '')) continue;
    const originalIndex = m.originalIndex ?? -1;
    const { code, description = '', data } = m.error;
    errors.push(new WixDataError(description, { name: 'BulkError', code, item: request[originalIndex], originalIndex, violations: data?.fieldViolations }));
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
