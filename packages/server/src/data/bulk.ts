/**
 * Bulk insert/save/update/remove/patch: at most 1000 entries, one transaction, one result per entry with its
 * `originalIndex`. A failing entry (duplicate id WDE0074, missing item WDE0073, permission WDE0027, a patch that
 * does not fit) is reported in its result and does not stop the others; a malformed request is a 400 as a whole.
 */
import type { CollectionConfig } from '../config/types.js';
import { ApplicationError, invalidField, ValidationError } from '../http/errors.js';
import type { Queryable } from '../store/types.js';
import type { FilterNode } from './filter/ast.js';
import { parseFilter } from './filter/parse.js';
import { isPlainObject, type JsonObject } from './json.js';
import { insertOne, patchOne, removeOne, saveOne, updateOne } from './items-service.js';
import { parseModifications, type Modification } from './patch.js';
import { itemId, type Body, type DataScope } from './scope.js';
import { envelope, parseDataItem, type ParsedItem } from './store.js';

export const MAX_BULK = 1000;
export type BulkKind = 'insert' | 'save' | 'update' | 'remove' | 'patch';
type Action = 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH';

interface Entry {
  id: string | undefined;
  run: (tx: Queryable) => Promise<{ action: Action; data: JsonObject }>;
  action: Action;
}

function list(body: Body, key: string): unknown[] {
  const value = body[key];
  if (!Array.isArray(value)) throw invalidField(key, 'must be an array', 'REQUIRED');
  if (value.length > MAX_BULK) throw invalidField(key, `must have at most ${MAX_BULK} entries (got ${value.length})`, 'TOO_MANY_ITEMS');
  return value;
}

function condition(body: Body): FilterNode | undefined {
  if (body.condition == null) return undefined;
  if (!isPlainObject(body.condition)) throw invalidField('condition', 'must be an object with a filter');
  return parseFilter(body.condition.filter, 'condition.filter');
}

function entries(scope: DataScope, collection: CollectionConfig, body: Body, kind: BulkKind): Entry[] {
  const cond = kind === 'insert' || kind === 'save' ? undefined : condition(body);
  if (kind === 'remove') {
    return list(body, 'dataItemIds').map((raw, i) => {
      const id = itemId(raw, `dataItemIds[${i}]`);
      return { id, action: 'DELETE', run: async (tx) => ({ action: 'DELETE', data: await removeOne(tx, scope, collection, id, cond) }) };
    });
  }
  if (kind === 'patch') {
    return list(body, 'patches').map((raw, i) => {
      if (!isPlainObject(raw)) throw invalidField(`patches[${i}]`, 'must be an object');
      const id = itemId(raw.dataItemId, `patches[${i}].dataItemId`);
      const mods: Modification[] = parseModifications(raw.fieldModifications, `patches[${i}].fieldModifications`);
      return { id, action: 'PATCH', run: async (tx) => ({ action: 'PATCH', data: await patchOne(tx, scope, collection, id, mods, cond) }) };
    });
  }
  return list(body, 'dataItems').map((raw, i) => {
    const item: ParsedItem = parseDataItem(raw, `dataItems[${i}]`, itemId);
    if (kind === 'insert') return { id: item.id, action: 'INSERT', run: async (tx) => ({ action: 'INSERT', data: await insertOne(tx, scope, collection, item) }) };
    if (kind === 'save') {
      return {
        id: item.id,
        action: 'INSERT',
        run: async (tx) => {
          const saved = await saveOne(tx, scope, collection, item);
          return { action: saved.action === 'INSERTED' ? 'INSERT' : 'UPDATE', data: saved.data };
        },
      };
    }
    const id = item.id ?? (() => { throw invalidField(`dataItems[${i}].id`, 'is required for an update', 'REQUIRED'); })();
    return { id, action: 'UPDATE', run: async (tx) => ({ action: 'UPDATE', data: await updateOne(tx, scope, collection, { ...item, id }, cond) }) };
  });
}

function itemError(error: unknown): { code: string; description: string; data: Record<string, unknown> } {
  if (error instanceof ApplicationError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError) return { code: 'WD_VALIDATION_ERROR', description: error.message, data: { fieldViolations: error.violations } };
  throw error;
}

export async function bulkWrite(scope: DataScope, collection: CollectionConfig, body: Body, kind: BulkKind) {
  const work = entries(scope, collection, body, kind);
  const results = await scope.db.transaction(async (tx) => {
    const out: unknown[] = [];
    for (const [originalIndex, entry] of work.entries()) {
      try {
        const { action, data } = await entry.run(tx);
        out.push({ action, itemMetadata: { id: String(data._id), originalIndex, success: true }, dataItem: envelope(collection.id, data) });
      } catch (error) {
        const meta = { ...(entry.id !== undefined ? { id: entry.id } : {}), originalIndex, success: false, error: itemError(error) };
        out.push({ action: entry.action, itemMetadata: meta });
      }
    }
    return out;
  });
  const failures = results.filter((r) => !(r as { itemMetadata: { success: boolean } }).itemMetadata.success).length;
  return { results, bulkActionMetadata: { totalSuccesses: results.length - failures, totalFailures: failures, undetailedFailures: 0 } };
}
