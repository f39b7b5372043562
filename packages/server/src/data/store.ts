/** Row-level SQL on `data_items`. Every statement is scoped by site and collection. */
import { invalidField } from '../errors/wire.js';
import type { Queryable } from '../store/types.js';
import { compileFilter, Params } from './filter/compile.js';
import type { FilterNode } from './filter/ast.js';
import { isPlainObject, normalizeJson, type Json, type JsonObject } from './json.js';

export const SYSTEM_FIELDS = ['_id', '_createdDate', '_updatedDate', '_owner'] as const;

export interface ItemRow {
  id: string;
  data: JsonObject;
  owner_id: string | null;
}

export interface ParsedItem {
  id: string | undefined;
  data: JsonObject;
}

/** `{id?, data}` of an insert/update/save request, validated, dates canonical. */
export function parseDataItem(value: unknown, where: string, idField: (v: unknown, f: string) => string): ParsedItem {
  if (!isPlainObject(value)) throw invalidField(where, 'must be an object with a data object', 'REQUIRED');
  const raw = value.data ?? {};
  if (!isPlainObject(raw)) throw invalidField(`${where}.data`, 'must be an object');
  const data = normalizeJson(raw, `${where}.data`) as JsonObject;
  const given = value.id != null ? idField(value.id, `${where}.id`) : undefined;
  const inner = data._id != null ? idField(data._id, `${where}.data._id`) : undefined;
  if (given !== undefined && inner !== undefined && given !== inner)
    throw invalidField(`${where}.id`, 'must equal data._id');
  return { id: given ?? inner, data };
}

/** The stored form of an item: caller fields plus system fields (caller copies of system fields are ignored). */
export function buildData(
  input: JsonObject,
  id: string,
  owner: string | undefined | null,
  created: Json,
  updated: Json,
): JsonObject {
  const data: JsonObject = {};
  for (const [k, v] of Object.entries(input)) if (!(SYSTEM_FIELDS as readonly string[]).includes(k)) data[k] = v;
  data._id = id;
  data._createdDate = created;
  data._updatedDate = updated;
  if (owner) data._owner = owner;
  return data;
}

/** The row, locked for update, plus whether it satisfies `condition` (true when there is none). */
export async function lockItem(
  tx: Queryable,
  siteId: string,
  collectionId: string,
  id: string,
  condition?: FilterNode,
): Promise<(ItemRow & { ok: boolean }) | undefined> {
  const params = new Params([siteId, collectionId, id]);
  const ok = condition ? compileFilter(condition, { doc: 'i.data', itemColumns: 'i.' }, params) : 'true';
  const result = await tx.query<ItemRow & { ok: boolean }>(
    `select i.id, i.data, i.owner_id, ${ok} as ok from data_items i
     where i.site_id = $1 and i.collection_id = $2 and i.id = $3 for update`,
    params.values,
  );
  return result.rows[0];
}

/** The row; with `language`, also that language's translated values (`tr`, null when none). */
export async function readItem(
  db: Queryable,
  siteId: string,
  collectionId: string,
  id: string,
  language?: string,
): Promise<(ItemRow & { tr?: Json }) | undefined> {
  if (language !== undefined) {
    const result = await db.query<ItemRow & { tr: Json }>(
      'select id, data, owner_id, translations -> $4::text as tr from data_items where site_id = $1 and collection_id = $2 and id = $3',
      [siteId, collectionId, id, language],
    );
    return result.rows[0];
  }
  const result = await db.query<ItemRow>(
    'select id, data, owner_id from data_items where site_id = $1 and collection_id = $2 and id = $3',
    [siteId, collectionId, id],
  );
  return result.rows[0];
}

/** Inserts a new row; false when the id is taken. */
export async function insertRow(
  tx: Queryable,
  siteId: string,
  collectionId: string,
  data: JsonObject,
  owner: string | undefined,
  ms: number,
): Promise<boolean> {
  const result = await tx.query(
    `insert into data_items (site_id, collection_id, id, data, owner_id, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, $6::timestamptz, $6::timestamptz)
     on conflict (site_id, collection_id, id) do nothing`,
    [siteId, collectionId, data._id, JSON.stringify(data), owner ?? null, new Date(ms).toISOString()],
  );
  return result.rowCount === 1;
}

export async function writeRow(
  tx: Queryable,
  siteId: string,
  collectionId: string,
  data: JsonObject,
  ms: number,
): Promise<void> {
  await tx.query(
    `update data_items set data = $4::jsonb, updated_at = $5::timestamptz
     where site_id = $1 and collection_id = $2 and id = $3`,
    [siteId, collectionId, data._id, JSON.stringify(data), new Date(ms).toISOString()],
  );
}

/** Deletes the row and the references it makes. */
export async function deleteRow(tx: Queryable, siteId: string, collectionId: string, id: string): Promise<void> {
  await tx.query('delete from data_items where site_id = $1 and collection_id = $2 and id = $3', [
    siteId,
    collectionId,
    id,
  ]);
  await tx.query('delete from data_references where site_id = $1 and collection_id = $2 and referring_id = $3', [
    siteId,
    collectionId,
    id,
  ]);
}

/** The wire envelope of an item: clients read `data`, which carries the system fields. */
export function envelope(
  collectionId: string,
  data: JsonObject,
): { id: string; dataCollectionId: string; data: JsonObject } {
  return { id: String(data._id), dataCollectionId: collectionId, data };
}

/**
 * Keeps `_id` and the named (possibly dotted) fields; an empty list keeps everything. Only own properties are
 * read and written (defineProperty, never `dst[key] =`), so no path, not even `a.__proto__.x` over an item that
 * stores an own "__proto__" key, can reach Object.prototype.
 */
export function project(data: JsonObject, fields: readonly string[]): JsonObject {
  if (fields.length === 0) return data;
  const out: JsonObject = { _id: data._id ?? null };
  for (const field of fields) {
    const path = field.split('.');
    let src: Json | undefined = data;
    for (const key of path) src = isPlainObject(src) && Object.hasOwn(src, key) ? src[key] : undefined;
    if (src === undefined) continue;
    let dst = out;
    for (const key of path.slice(0, -1)) {
      const next = Object.hasOwn(dst, key) ? dst[key] : undefined;
      if (isPlainObject(next)) dst = next;
      else dst = setOwn(dst, key, {}) as JsonObject;
    }
    setOwn(dst, path[path.length - 1]!, src);
  }
  return out;
}

function setOwn(target: JsonObject, key: string, value: Json): Json {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}
