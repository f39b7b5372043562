/**
 * References between items. Multi-references live in `data_references` (referring collection, field, referring id →
 * referenced id, in insertion order); a single reference is a field holding the referenced item's id.
 * Without a schema the referenced collection is found by id among the site's collections (first in config order
 * whose item the caller may read). Writing references needs update permission on the referring item.
 */
import type { CollectionConfig } from '../config/types.js';
import { invalidField } from '../errors/wire.js';
import type { Queryable } from '../store/types.js';
import { dataErrors } from './errors.js';
import { parseFieldPath } from './filter/parse.js';
import { isPlainObject, type Json, type JsonObject } from './json.js';
import { pagingMetadata, readPaging, MAX_LIMIT } from './paging.js';
import { authorize, authorizeWrite, ownsItem } from './permissions.js';
import { itemId, requireString, stringList, type Body, type DataScope } from './scope.js';
import { envelope, project } from './store.js';
import { admitRead } from './throttle.js';
import { applyTranslation, itemLanguage, siteReadLanguage } from './translations.js';
import { refuseModuleRead, servedByModule } from './module-reads.js';

export interface Include {
  field: string;
  limit: number;
}

export function parseIncludes(value: unknown, where: string): Include[] {
  if (value == null) return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 50) throw invalidField(where, 'must have at most 50 entries');
  return list.map((entry: unknown, i) => {
    const at = `${where}[${i}]`;
    const obj = typeof entry === 'string' ? { field: entry } : entry;
    if (!isPlainObject(obj) || typeof obj.field !== 'string')
      throw invalidField(at, 'must be a field name or {field, limit}');
    parseFieldPath(obj.field, `${at}.field`);
    const limit = obj.limit ?? 50;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
      throw invalidField(`${at}.limit`, 'must be an integer from 1 to 1000');
    return { field: obj.field, limit };
  });
}

interface Resolved {
  collectionId: string;
  data: JsonObject;
}

/**
 * Items with these ids that the caller may read, with their collection. Ids the caller may not read are left
 * out exactly like ids that do not exist, so references never reveal what exists elsewhere.
 */
export async function resolveItems(
  scope: DataScope,
  ids: readonly string[],
  language?: unknown,
): Promise<{ found: Map<string, Resolved> }> {
  const found = new Map<string, Resolved>();
  if (ids.length === 0) return { found };
  // With a language, referenced items of translatable collections are shown in it too (data/translations.ts).
  const translated = siteReadLanguage(scope.site, language);
  const rows = await scope.db.query<{
    collection_id: string;
    id: string;
    data: JsonObject;
    owner_id: string | null;
    tr?: Json;
  }>(
    `select collection_id, id, data, owner_id${translated ? ', translations -> $3::text as tr' : ''} from data_items where site_id = $1 and id = any($2::text[])`,
    [scope.site.id, [...new Set(ids)], ...(translated ? [translated] : [])],
  );
  for (const collection of scope.site.collections) {
    for (const row of rows.rows) {
      if (row.collection_id !== collection.id || found.has(row.id)) continue;
      let readable = false;
      try {
        readable = ownsItem(authorize(collection, 'read', scope.caller), row.owner_id);
      } catch {
        readable = false;
      }
      if (readable)
        found.set(row.id, {
          collectionId: collection.id,
          data: translated
            ? applyTranslation(row.data, row.tr, itemLanguage(scope.site, collection, translated))
            : row.data,
        });
    }
  }
  return { found };
}

/** Replaces the included fields of `items` by the referenced items (arrays for multi-references). */
export async function includeReferences(
  scope: DataScope,
  collection: CollectionConfig,
  items: JsonObject[],
  includes: readonly Include[],
  language?: unknown,
): Promise<JsonObject[]> {
  const out = items.map((d) => ({ ...d }));
  const ids = items.map((d) => String(d._id));
  for (const inc of includes) {
    const refs = await scope.db.query<{ referring_id: string; referenced_id: string }>(
      `select referring_id, referenced_id from data_references
       where site_id = $1 and collection_id = $2 and field = $3 and referring_id = any($4::text[]) order by seq`,
      [scope.site.id, collection.id, inc.field, ids],
    );
    const multi = new Map<string, string[]>();
    for (const r of refs.rows) {
      const list = multi.get(r.referring_id) ?? [];
      if (list.length < inc.limit) list.push(r.referenced_id);
      multi.set(r.referring_id, list);
    }
    const wanted: string[] = [...multi.values()].flat();
    for (const d of out) {
      const v = d[inc.field];
      if (typeof v === 'string') wanted.push(v);
      else if (Array.isArray(v)) wanted.push(...v.filter((e): e is string => typeof e === 'string'));
    }
    const { found } = await resolveItems(scope, wanted, language);
    const lookup = (id: string): Json => found.get(id)?.data ?? null;
    for (const d of out) {
      const list = multi.get(String(d._id));
      const v = d[inc.field];
      if (list) d[inc.field] = list.map(lookup).filter((x) => x !== null);
      else if (typeof v === 'string' && found.has(v)) d[inc.field] = lookup(v);
      else if (Array.isArray(v) && v.every((e) => typeof e === 'string')) {
        d[inc.field] = (v as string[])
          .slice(0, inc.limit)
          .map(lookup)
          .filter((x) => x !== null);
      }
    }
  }
  return out;
}

async function requireWritableReferrer(
  tx: Queryable,
  scope: DataScope,
  collection: CollectionConfig,
  id: string,
): Promise<void> {
  const access = authorizeWrite(scope, collection, 'update');
  const row = await tx.query<{ owner_id: string | null }>(
    'select owner_id from data_items where site_id = $1 and collection_id = $2 and id = $3',
    [scope.site.id, collection.id, id],
  );
  // Someone else's item is reported exactly like a missing one.
  if (!row.rows[0] || !ownsItem(access, row.rows[0].owner_id)) throw dataErrors.notFound(collection.id, id);
}

interface Reference {
  referringItemFieldName: string;
  referringItemId: string;
  referencedItemId: string;
}

export function parseReferences(value: unknown, where: string): Reference[] {
  if (!Array.isArray(value)) throw invalidField(where, 'must be an array of references', 'REQUIRED');
  if (value.length > 1000) throw invalidField(where, 'must have at most 1000 references', 'TOO_MANY_ITEMS');
  return value.map((r: unknown, i) => {
    const at = `${where}[${i}]`;
    if (!isPlainObject(r)) throw invalidField(at, 'must be an object');
    parseFieldPath(
      requireString(r.referringItemFieldName, `${at}.referringItemFieldName`),
      `${at}.referringItemFieldName`,
    );
    return {
      referringItemFieldName: r.referringItemFieldName as string,
      referringItemId: itemId(r.referringItemId, `${at}.referringItemId`),
      referencedItemId: itemId(r.referencedItemId, `${at}.referencedItemId`),
    };
  });
}

export async function writeReferences(
  scope: DataScope,
  collection: CollectionConfig,
  refs: Reference[],
  remove: boolean,
) {
  await scope.db.transaction(async (tx) => {
    for (const id of new Set(refs.map((r) => r.referringItemId)))
      await requireWritableReferrer(tx, scope, collection, id);
    for (const r of refs) {
      const args = [scope.site.id, collection.id, r.referringItemFieldName, r.referringItemId, r.referencedItemId];
      await tx.query(
        remove
          ? 'delete from data_references where site_id = $1 and collection_id = $2 and field = $3 and referring_id = $4 and referenced_id = $5'
          : 'insert into data_references (site_id, collection_id, field, referring_id, referenced_id) values ($1, $2, $3, $4, $5) on conflict do nothing',
        args,
      );
    }
  });
  return { results: refs.map((r) => ({ action: remove ? 'DELETE' : 'INSERT', dataItemReference: r })) };
}

export async function replaceReferences(scope: DataScope, collection: CollectionConfig, body: Body) {
  const field = requireString(body.referringItemFieldName, 'referringItemFieldName');
  parseFieldPath(field, 'referringItemFieldName');
  const referringId = itemId(body.referringItemId, 'referringItemId');
  const ids = stringList(body.newReferencedItemIds, 'newReferencedItemIds');
  ids.forEach((id, i) => itemId(id, `newReferencedItemIds[${i}]`));
  await scope.db.transaction(async (tx) => {
    await requireWritableReferrer(tx, scope, collection, referringId);
    await tx.query(
      'delete from data_references where site_id = $1 and collection_id = $2 and field = $3 and referring_id = $4',
      [scope.site.id, collection.id, field, referringId],
    );
    for (const id of new Set(ids)) {
      await tx.query(
        'insert into data_references (site_id, collection_id, field, referring_id, referenced_id) values ($1, $2, $3, $4, $5)',
        [scope.site.id, collection.id, field, referringId, id],
      );
    }
  });
  return {};
}

/** The referring items the caller may read (others are silently left out). */
async function visibleReferrers(scope: DataScope, collection: CollectionConfig, ids: string[]): Promise<string[]> {
  const access = authorize(collection, 'read', scope.caller);
  const rows = await scope.db.query<{ id: string; owner_id: string | null }>(
    'select id, owner_id from data_items where site_id = $1 and collection_id = $2 and id = any($3::text[])',
    [scope.site.id, collection.id, ids],
  );
  const ok = new Set(rows.rows.filter((r) => ownsItem(access, r.owner_id)).map((r) => r.id));
  return ids.filter((id) => ok.has(id));
}

export async function isReferenced(scope: DataScope, collection: CollectionConfig, body: Body) {
  const module = servedByModule(scope, collection.id);
  if (module) refuseModuleRead(module, 'references');
  const field = requireString(body.referringItemFieldName, 'referringItemFieldName');
  const referringId = itemId(body.referringItemId, 'referringItemId');
  const referencedId = itemId(body.referencedItemId, 'referencedItemId');
  if ((await visibleReferrers(scope, collection, [referringId])).length === 0)
    throw dataErrors.notFound(collection.id, referringId);
  const row = await scope.db.query(
    'select 1 from data_references where site_id = $1 and collection_id = $2 and field = $3 and referring_id = $4 and referenced_id = $5',
    [scope.site.id, collection.id, field, referringId, referencedId],
  );
  return { isReferenced: row.rows.length > 0 };
}

/** Both request shapes: `referringItemId` (results of `{dataItem}`) and `referringItemIds` (with `referringItemId`). */
export async function queryReferenced(scope: DataScope, collection: CollectionConfig, body: Body) {
  const module = servedByModule(scope, collection.id);
  if (module) refuseModuleRead(module, 'references');
  const page = readPaging(scope, body, body, 'referenced', collection.id);
  const saved = isPlainObject(page.saved)
    ? page.saved
    : {
        one: body.referringItemIds == null,
        ids: body.referringItemIds ?? [body.referringItemId],
        n: body.referringItemFieldName,
        o: body.order,
        fl: body.fields,
      };
  const ids = stringList(saved.ids, saved.one ? 'referringItemId' : 'referringItemIds');
  if (ids.length === 0) throw invalidField('referringItemIds', 'must name at least one item', 'REQUIRED');
  ids.forEach((id, i) => itemId(id, saved.one ? 'referringItemId' : `referringItemIds[${i}]`));
  const field = requireString(saved.n, 'referringItemFieldName');
  const order = saved.o ?? 'ASC';
  if (order !== 'ASC' && order !== 'DESC') throw invalidField('order', 'must be ASC or DESC');
  const fields = stringList(saved.fl, 'fields');
  fields.forEach((f, i) => parseFieldPath(f, `fields[${i}]`));
  await admitRead(scope, ids.length);
  const visible = await visibleReferrers(scope, collection, ids);
  if (saved.one && visible.length === 0) throw dataErrors.notFound(collection.id, ids[0]!);
  const refs = await scope.db.query<{ referring_id: string; referenced_id: string }>(
    `select r.referring_id, r.referenced_id from data_references r
     join unnest($4::text[]) with ordinality as w(id, n) on w.id = r.referring_id
     where r.site_id = $1 and r.collection_id = $2 and r.field = $3
     order by w.n, r.seq ${order === 'DESC' ? 'desc' : 'asc'} limit $5 offset $6`,
    [scope.site.id, collection.id, field, visible, page.limit + 1, page.offset],
  );
  const hasNext = refs.rows.length > page.limit;
  const rows = refs.rows.slice(0, page.limit);
  const { found } = await resolveItems(
    scope,
    rows.map((r) => r.referenced_id),
    body.language,
  );
  const results = rows.map((r) => {
    const hit = found.get(r.referenced_id);
    if (hit) {
      const dataItem = envelope(hit.collectionId, project(hit.data, fields));
      return saved.one ? { dataItem } : { referringItemId: r.referring_id, dataItem };
    }
    // `unauthorized` stays false: true would tell the caller that an item they may not read exists.
    return {
      unresolvedReference: { referringItemId: r.referring_id, referencedItemId: r.referenced_id, unauthorized: false },
    };
  });
  let total: number | undefined;
  if (page.returnTotalCount) {
    const c = await scope.db.query<{ n: number }>(
      'select count(*) as n from data_references where site_id = $1 and collection_id = $2 and field = $3 and referring_id = any($4::text[])',
      [scope.site.id, collection.id, field, visible],
    );
    total = Number(c.rows[0]?.n ?? 0);
  }
  return {
    results,
    pagingMetadata: pagingMetadata(scope, page, 'referenced', collection.id, saved, results.length, hasNext, total),
  };
}
