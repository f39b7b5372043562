/**
 * The console's collections page over the admin API. Every read and write goes through the data
 * service the public API uses (data/items-service.ts, data/query.ts) with its permission checks; the
 * console's own rule sits in front: roles `owner` and `editor` (CONSOLE_ROLES.collections), or a key.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { ApiError, invalidField } from '../errors/wire.js';
import { refuseForbidden } from '../http/schemas/text-policy.js';
import { resolveCaller } from '../http/resolve-caller.js';
import {
  dataErrors,
  insertOne,
  removeOne,
  saveOne,
  updateOne,
  isPlainObject,
  type JsonObject,
  cursorKeyFrom,
  queryItems,
  dataDatabase,
  itemId,
  type DataScope,
  parseDataItem,
} from '../data/index.js';
import { CONSOLE_ROLES } from '../owners/access.js';
import { adminAccess, recordOwnerAction, type AdminAccess, type OwnerActionDetail } from '../owners/admin-access.js';
import { csvToRows, itemsToCsv } from './collections-csv.js';
import { plainJsonSerializer } from '../http/schemas/common.js';
import * as S from './schemas.js';

const EXPORT_MAX = 10_000;
const IMPORT_MAX = 5_000;

type Input = Record<string, unknown>;
const input = (request: FastifyRequest): Input => ({
  ...((request.query ?? {}) as Input),
  ...((request.body && typeof request.body === 'object' ? request.body : {}) as Input),
});

/** A filter or sort from a query string holds JSON text; from a body, the value itself. */
function jsonParam(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidField(field, 'must be JSON, e.g. {"price": {"$lt": 50}}', 'INVALID_JSON');
  }
  // Decoded after the schema saw the escapes only: the same character floor as a body (audit S-6).
  refuseForbidden(parsed, 'any', field);
  return parsed;
}

function intParam(value: unknown, field: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw invalidField(field, 'must be a whole number');
  return n;
}

export const collectionAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const cursorKey = cursorKeyFrom(ctx.tokens.keys.secretFor('data-cursor'));

  /** The site, collection and the data scope a console owner (or a key) works in. */
  async function open(request: FastifyRequest) {
    const body = input(request);
    const access = await adminAccess(ctx, request, body.siteId, CONSOLE_ROLES.collections);
    const site = ctx.sites.get(access.siteId)!;
    // Owners act with the data API's ADMIN level, as themselves (webhooks name them, identity WIX_USER).
    const caller: Caller = access.owner
      ? { kind: 'admin', siteId: site.id, keyName: `owner:${access.owner.email}`, ownerId: access.owner.id }
      : await resolveCaller(request, ctx);
    // The console's lists read like the data API: from the replica, the owner's own writes from the primary.
    const db = dataDatabase(ctx, caller, request.ip);
    const scope: DataScope = { db, site, caller, now: ctx.now, cursorKey, log: ctx.log };
    const id = (request.params as { id?: string }).id;
    const collection = site.collections.find((c) => c.id === id);
    if (id !== undefined && !collection) throw dataErrors.unknownCollection(id.slice(0, 100));
    return { body, access, scope, collection: collection! };
  }

  const audit = (request: FastifyRequest, access: AdminAccess, detail: OwnerActionDetail) =>
    recordOwnerAction(ctx, request, access, detail);

  /** An item's data as answered, with its id: buildData (data/store.ts) always sets `_id` to the item's id. */
  const answered = (data: JsonObject) => data as JsonObject & { _id: string };

  const itemOf = (value: unknown) => parseDataItem(isPlainObject(value) ? { data: value } : value, 'item', itemId);

  app.get('/_admin/v1/collections', { schema: S.listCollections }, async (request) => {
    const { scope } = await open(request);
    const { rows } = await scope.db.query<{ collection_id: string; n: number }>(
      'select collection_id, count(*) as n from data_items where site_id = $1 group by collection_id',
      [scope.site.id],
    );
    const counts = new Map(rows.map((r) => [r.collection_id, Number(r.n)]));
    return {
      collections: scope.site.collections.map((c) => ({
        id: c.id,
        permissions: c.permissions,
        fields: c.fields ?? [],
        strict: c.strict ?? false,
        translatable: c.translatable ?? [],
        itemCount: counts.get(c.id) ?? 0,
      })),
    };
  });

  /** {filter, sort: [{fieldName, order}], limit, offset} → {items, total}: the data API's query (open items: JSON.stringify). */
  app.post(
    '/_admin/v1/collections/:id/query',
    { schema: S.queryCollection, serializerCompiler: plainJsonSerializer },
    async (request) => {
      const { body, scope, collection } = await open(request);
      const query = {
        filter: jsonParam(body.filter, 'filter') ?? {},
        sort: jsonParam(body.sort, 'sort') ?? [],
        paging: { limit: intParam(body.limit, 'limit', 50) || 50, offset: intParam(body.offset, 'offset', 0) },
      };
      const result = await queryItems(scope, collection, { query, returnTotalCount: true });
      return { items: result.dataItems.map((d) => answered(d.data)), total: result.pagingMetadata.total ?? 0 };
    },
  );

  app.post('/_admin/v1/collections/:id/items', { schema: S.insertItem }, async (request) => {
    const { body, access, scope, collection } = await open(request);
    const item = itemOf(body.item);
    const data = await scope.db.transaction((tx) => insertOne(tx, scope, collection, item));
    await audit(request, access, { action: 'item_inserted', collection: collection.id, itemId: String(data._id) });
    return { item: answered(data) };
  });

  app.post('/_admin/v1/collections/:id/items/:itemId', { schema: S.replaceItem }, async (request) => {
    const { body, access, scope, collection } = await open(request);
    const id = itemId(request.params.itemId, 'itemId');
    const item = itemOf(body.item);
    const data = await scope.db.transaction((tx) => updateOne(tx, scope, collection, { ...item, id }));
    await audit(request, access, { action: 'item_updated', collection: collection.id, itemId: id });
    return { item: answered(data) };
  });

  app.post('/_admin/v1/collections/:id/items/:itemId/remove', { schema: S.removeItem }, async (request) => {
    const { access, scope, collection } = await open(request);
    const id = itemId(request.params.itemId, 'itemId');
    await scope.db.transaction((tx) => removeOne(tx, scope, collection, id));
    await audit(request, access, { action: 'item_removed', collection: collection.id, itemId: id });
    return {};
  });

  /** GET …/export?siteId=&filter=&sort= → text/csv of every matching item (at most 10 000). */
  app.get('/_admin/v1/collections/:id/export', { schema: S.exportCollection }, async (request, reply: FastifyReply) => {
    const { body, access, scope, collection } = await open(request);
    const filter = jsonParam(body.filter, 'filter') ?? {};
    const sort = jsonParam(body.sort, 'sort') ?? [];
    const items: JsonObject[] = [];
    for (let offset = 0; offset < EXPORT_MAX; offset += 1000) {
      const page = await queryItems(scope, collection, { query: { filter, sort, paging: { limit: 1000, offset } } });
      items.push(...page.dataItems.map((d) => d.data));
      if (!page.pagingMetadata.hasNext) break;
    }
    await audit(request, access, { action: 'items_exported', collection: collection.id, count: items.length });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${collection.id.replace(/[^A-Za-z0-9_-]/g, '_')}.csv"`)
      .header('cache-control', 'no-store')
      .send(itemsToCsv(collection, items));
  });

  /** {csv}: each row saved (by `_id` when given) in its own transaction; the answer reports every row. */
  app.post('/_admin/v1/collections/:id/import', { schema: S.importCollection }, async (request) => {
    const { body, access, scope, collection } = await open(request);
    if (typeof body.csv !== 'string' || body.csv.trim() === '')
      throw invalidField('csv', 'must be the text of a CSV file with a header row', 'REQUIRED');
    const { rows, errors } = csvToRows(collection, body.csv);
    if (errors.length > 0) throw invalidField('csv', `cannot be read: ${errors[0]}`);
    if (rows.length > IMPORT_MAX)
      throw invalidField('csv', `has ${rows.length} rows; import at most ${IMPORT_MAX} at a time`);
    const report: { row: number; id: string | null; outcome: 'inserted' | 'updated' | 'failed'; error?: string }[] = [];
    for (const row of rows) {
      if (row.error) {
        report.push({ row: row.row, id: row.id ?? null, outcome: 'failed', error: row.error });
        continue;
      }
      try {
        const item = itemOf({ ...row.data, ...(row.id ? { _id: row.id } : {}) });
        const saved = await scope.db.transaction((tx) => saveOne(tx, scope, collection, item));
        report.push({
          row: row.row,
          id: String(saved.data._id),
          outcome: saved.action === 'INSERTED' ? 'inserted' : 'updated',
        });
      } catch (error) {
        // A client mistake (type, permission, duplicate) is this row's report; anything else is a real fault.
        if (!(error instanceof ApiError)) throw error;
        report.push({ row: row.row, id: row.id ?? null, outcome: 'failed', error: error.message });
      }
    }
    const count = (outcome: string) => report.filter((r) => r.outcome === outcome).length;
    const summary = { inserted: count('inserted'), updated: count('updated'), failed: count('failed') };
    await audit(request, access, { action: 'items_imported', collection: collection.id, ...summary });
    return { ...summary, rows: report };
  });
};
