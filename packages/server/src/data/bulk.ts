/**
 * Bulk insert/save/update/remove/patch: at most 1000 entries, one transaction, one result per entry with its
 * `originalIndex`. A failing entry (duplicate id WDE0074, missing item WDE0073, permission WDE0027, a patch that
 * does not fit) is reported in its result and does not stop the others; a malformed request is a 400 as a whole.
 */
import { randomUUID } from 'node:crypto';
import type { CollectionConfig } from '../config/types.js';
import { ApplicationError, invalidField, ValidationError } from '../errors/wire.js';
import type { Queryable } from '../store/types.js';
import type { FilterNode } from './filter/ast.js';
import { parseFilter } from './filter/parse.js';
import { dateValue, isPlainObject, type JsonObject } from './json.js';
import { dataErrors } from './errors.js';
import { fieldViolations } from './fields.js';
import { patchOne, removeOne, saveOne, updateOne } from './items-service.js';
import { emitItemEvents } from './item-events.js';
import { parseModifications, type Modification } from './patch.js';
import { authorizeWrite, ownerForNewItem } from './permissions.js';
import { itemId, type Body, type DataScope } from './scope.js';
import { buildData, envelope, parseDataItem, type ParsedItem } from './store.js';

export const MAX_BULK = 1000;
export type BulkKind = 'insert' | 'save' | 'update' | 'remove' | 'patch';
type EntryKind = Exclude<BulkKind, 'insert'>;
type Action = 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH';

interface Entry {
  id: string | undefined;
  run: (tx: Queryable) => Promise<{ action: Action; data: JsonObject }>;
  action: Action;
}

function list(body: Body, key: string): unknown[] {
  const value = body[key];
  if (!Array.isArray(value)) throw invalidField(key, 'must be an array', 'REQUIRED');
  if (value.length > MAX_BULK)
    throw invalidField(key, `must have at most ${MAX_BULK} entries (got ${value.length})`, 'TOO_MANY_ITEMS');
  return value;
}

function condition(body: Body): FilterNode | undefined {
  if (body.condition == null) return undefined;
  if (!isPlainObject(body.condition)) throw invalidField('condition', 'must be an object with a filter');
  return parseFilter(body.condition.filter, 'condition.filter');
}

function entries(scope: DataScope, collection: CollectionConfig, body: Body, kind: EntryKind): Entry[] {
  const cond = kind === 'save' ? undefined : condition(body);
  if (kind === 'remove') {
    return list(body, 'dataItemIds').map((raw, i) => {
      const id = itemId(raw, `dataItemIds[${i}]`);
      return {
        id,
        action: 'DELETE',
        run: async (tx) => ({ action: 'DELETE', data: await removeOne(tx, scope, collection, id, cond) }),
      };
    });
  }
  if (kind === 'patch') {
    return list(body, 'patches').map((raw, i) => {
      if (!isPlainObject(raw)) throw invalidField(`patches[${i}]`, 'must be an object');
      const id = itemId(raw.dataItemId, `patches[${i}].dataItemId`);
      const mods: Modification[] = parseModifications(raw.fieldModifications, `patches[${i}].fieldModifications`);
      return {
        id,
        action: 'PATCH',
        run: async (tx) => ({ action: 'PATCH', data: await patchOne(tx, scope, collection, id, mods, cond) }),
      };
    });
  }
  return list(body, 'dataItems').map((raw, i) => {
    const item: ParsedItem = parseDataItem(raw, `dataItems[${i}]`, itemId);
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
    const id =
      item.id ??
      (() => {
        throw invalidField(`dataItems[${i}].id`, 'is required for an update', 'REQUIRED');
      })();
    return {
      id,
      action: 'UPDATE',
      run: async (tx) => ({ action: 'UPDATE', data: await updateOne(tx, scope, collection, { ...item, id }, cond) }),
    };
  });
}

function itemError(error: unknown): { code: string; description: string; data: Record<string, unknown> } {
  if (error instanceof ApplicationError) return { code: error.code, description: error.message, data: error.data };
  if (error instanceof ValidationError)
    return { code: 'WD_VALIDATION_ERROR', description: error.message, data: { fieldViolations: error.violations } };
  throw error;
}

/** Bulk insert in one statement: duplicates (in the table or earlier in the request) fail with WDE0074 per item. */
async function insertMany(scope: DataScope, collection: CollectionConfig, list: ParsedItem[]): Promise<unknown[]> {
  try {
    authorizeWrite(scope, collection, 'insert');
  } catch (error) {
    return list.map((item, originalIndex) => ({
      action: 'INSERT',
      itemMetadata: {
        ...(item.id !== undefined ? { id: item.id } : {}),
        originalIndex,
        success: false,
        error: itemError(error),
      },
    }));
  }
  const ms = scope.now();
  const seen = new Set<string>();
  const prepared = list.map((item) => {
    const id = item.id ?? randomUUID();
    const owner = ownerForNewItem(scope.caller, item.data._owner);
    const data = buildData(item.data, id, owner, dateValue(ms), dateValue(ms));
    const invalid = fieldViolations(collection, data);
    // An entry refused by the declared fields does not take its id from a later valid one.
    const first = invalid.length === 0 && !seen.has(id);
    if (invalid.length === 0) seen.add(id);
    return { id, owner, first, data, invalid };
  });
  const rows = prepared.filter((p) => p.first).map((p) => ({ d: p.data, o: p.owner ?? null }));
  // One transaction with the webhook events of the rows that went in (one event per item).
  const inserted = await scope.db.transaction(async (tx) => {
    const result = await tx.query<{ id: string }>(
      `insert into data_items (site_id, collection_id, id, data, owner_id, created_at, updated_at)
       select $1, $2, t.e -> 'd' ->> '_id', t.e -> 'd', t.e ->> 'o', $3::timestamptz, $3::timestamptz
       from jsonb_array_elements($4::jsonb) with ordinality as t(e, n) order by t.n
       on conflict (site_id, collection_id, id) do nothing returning id`,
      [scope.site.id, collection.id, new Date(ms).toISOString(), JSON.stringify(rows)],
    );
    const ids = new Set(result.rows.map((r) => r.id));
    await emitItemEvents(
      tx,
      scope,
      'item.inserted',
      collection.id,
      rows.filter((r) => ids.has(String(r.d._id))).map((r) => r.d),
    );
    return result;
  });
  const ok = new Set(inserted.rows.map((r) => r.id));
  return prepared.map((p, originalIndex) =>
    p.invalid.length > 0
      ? {
          action: 'INSERT',
          itemMetadata: { id: p.id, originalIndex, success: false, error: itemError(new ValidationError(p.invalid)) },
        }
      : p.first && ok.has(p.id)
        ? {
            action: 'INSERT',
            itemMetadata: { id: p.id, originalIndex, success: true },
            dataItem: envelope(collection.id, p.data),
          }
        : {
            action: 'INSERT',
            itemMetadata: {
              id: p.id,
              originalIndex,
              success: false,
              error: itemError(dataErrors.duplicate(collection.id, p.id)),
            },
          },
  );
}

function summary(results: unknown[]) {
  const failures = results.filter((r) => !(r as { itemMetadata: { success: boolean } }).itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: results.length - failures, totalFailures: failures, undetailedFailures: 0 },
  };
}

export async function bulkWrite(scope: DataScope, collection: CollectionConfig, body: Body, kind: BulkKind) {
  if (kind === 'insert') {
    return summary(
      await insertMany(
        scope,
        collection,
        list(body, 'dataItems').map((raw, i) => parseDataItem(raw, `dataItems[${i}]`, itemId)),
      ),
    );
  }
  const work = entries(scope, collection, body, kind);
  const results = await scope.db.transaction(async (tx) => {
    const out: unknown[] = [];
    for (const [originalIndex, entry] of work.entries()) {
      try {
        const { action, data } = await entry.run(tx);
        out.push({
          action,
          itemMetadata: { id: String(data._id), originalIndex, success: true },
          dataItem: envelope(collection.id, data),
        });
      } catch (error) {
        const meta = {
          ...(entry.id !== undefined ? { id: entry.id } : {}),
          originalIndex,
          success: false,
          error: itemError(error),
        };
        out.push({ action: entry.action, itemMetadata: meta });
      }
    }
    return out;
  });
  return summary(results);
}
