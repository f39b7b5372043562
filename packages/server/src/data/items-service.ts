/**
 * Single-item operations. Write functions take the open transaction so bulk endpoints can reuse them;
 * each checks the collection permission, the item's owner and the optional `condition` itself.
 */
import { randomUUID } from 'node:crypto';
import type { CollectionConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { dataErrors } from './errors.js';
import { checkFields } from './fields.js';
import type { FilterNode } from './filter/ast.js';
import { dateValue, type JsonObject } from './json.js';
import { applyModifications, type Modification } from './patch.js';
import { authorize, authorizeWrite, ownerForNewItem, ownsItem } from './permissions.js';
import type { DataScope } from './scope.js';
import { buildData, deleteRow, insertRow, lockItem, readItem, writeRow, type ParsedItem } from './store.js';
import { emitItemEvents } from './item-events.js';
import { applyTranslation, itemLanguage } from './translations.js';
import { moduleGet, servedByModule } from './module-reads.js';

export type SaveAction = 'INSERTED' | 'UPDATED';

/** One item; `language` (the request's, unchecked) picks the translated values of translatable fields. */
export async function getItem(
  scope: DataScope,
  collection: CollectionConfig,
  id: string,
  language?: unknown,
): Promise<JsonObject> {
  const module = servedByModule(scope, collection.id);
  if (module) return moduleGet(scope, module, id, language);
  const access = authorize(collection, 'read', scope.caller);
  const lang = itemLanguage(scope.site, collection, language);
  const row = await readItem(scope.db, scope.site.id, collection.id, id, lang?.language);
  // An item the caller may not see is reported exactly like a missing one.
  if (!row || !ownsItem(access, row.owner_id)) throw dataErrors.notFound(collection.id, id);
  return applyTranslation(row.data, row.tr, lang);
}

export async function insertOne(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  item: ParsedItem,
): Promise<JsonObject> {
  authorizeWrite(scope, collection, 'insert');
  const id = item.id ?? randomUUID();
  const ms = scope.now();
  const owner = ownerForNewItem(scope.caller, item.data._owner);
  const data = buildData(item.data, id, owner, dateValue(ms), dateValue(ms));
  checkFields(collection, data);
  if (!(await insertRow(tx, scope.site.id, collection.id, data, owner, ms)))
    throw dataErrors.duplicate(collection.id, id);
  await emitItemEvents(tx, scope, 'item.inserted', collection.id, [data]);
  return data;
}

async function lockForWrite(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  id: string,
  operation: 'update' | 'remove',
  condition: FilterNode | undefined,
) {
  const access = authorizeWrite(scope, collection, operation);
  const row = await lockItem(tx, scope.site.id, collection.id, id, condition);
  // Someone else's item is reported exactly like a missing one: a 403 here would confirm that the id exists.
  if (!row || !ownsItem(access, row.owner_id)) throw dataErrors.notFound(collection.id, id);
  if (!row.ok) throw dataErrors.conditionNotMet(collection.id, id);
  return row;
}

export async function updateOne(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  item: ParsedItem & { id: string },
  condition?: FilterNode,
): Promise<JsonObject> {
  const row = await lockForWrite(tx, scope, collection, item.id, 'update', condition);
  const ms = scope.now();
  const data = buildData(item.data, item.id, row.owner_id, row.data._createdDate ?? dateValue(ms), dateValue(ms));
  checkFields(collection, data);
  await writeRow(tx, scope.site.id, collection.id, data, ms);
  await emitItemEvents(tx, scope, 'item.updated', collection.id, [data]);
  return data;
}

export async function saveOne(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  item: ParsedItem,
): Promise<{ data: JsonObject; action: SaveAction }> {
  if (item.id !== undefined) {
    const existing = await lockItem(tx, scope.site.id, collection.id, item.id);
    // An item outside the caller's view does not exist for them, so saving it is an insert, and the taken id
    // answers WDE0074 exactly as `insert` would (docs/wire-format.md §9.10); the item is neither shown nor changed.
    const visible = existing && ownsItem(authorizeWrite(scope, collection, 'update'), existing.owner_id);
    if (visible) return { data: await updateOne(tx, scope, collection, { ...item, id: item.id }), action: 'UPDATED' };
    if (existing) {
      authorizeWrite(scope, collection, 'insert');
      throw dataErrors.duplicate(collection.id, item.id);
    }
  }
  return { data: await insertOne(tx, scope, collection, item), action: 'INSERTED' };
}

export async function patchOne(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  id: string,
  modifications: readonly Modification[],
  condition?: FilterNode,
): Promise<JsonObject> {
  const row = await lockForWrite(tx, scope, collection, id, 'update', condition);
  const ms = scope.now();
  const patched = applyModifications(row.data, modifications);
  const data = buildData(patched, id, row.owner_id, row.data._createdDate ?? dateValue(ms), dateValue(ms));
  checkFields(collection, data);
  await writeRow(tx, scope.site.id, collection.id, data, ms);
  await emitItemEvents(tx, scope, 'item.updated', collection.id, [data]);
  return data;
}

export async function removeOne(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  id: string,
  condition?: FilterNode,
): Promise<JsonObject> {
  const row = await lockForWrite(tx, scope, collection, id, 'remove', condition);
  await deleteRow(tx, scope.site.id, collection.id, id);
  await emitItemEvents(tx, scope, 'item.removed', collection.id, [row.data]);
  return row.data;
}

/** Removes every item of the collection (and their references); ADMIN only. */
export async function truncate(scope: DataScope, collection: CollectionConfig): Promise<number> {
  authorizeWrite(scope, collection, 'truncate');
  return scope.db.transaction(async (tx) => {
    const removed = await tx.query('delete from data_items where site_id = $1 and collection_id = $2', [
      scope.site.id,
      collection.id,
    ]);
    await tx.query('delete from data_references where site_id = $1 and collection_id = $2', [
      scope.site.id,
      collection.id,
    ]);
    return removed.rowCount;
  });
}
