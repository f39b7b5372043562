/**
 * HTTP surface of the data items API (docs/wire-format.md §9) under `/wix-data/v2` and `/_api/cloud-data/v2`.
 * Handlers are thin: resolve the caller and site, read the body (or `.r` on GET), call the service.
 * Every success is 200 with a JSON object holding the keys §9.1 lists.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { invalidField } from '../errors/wire.js';
import { refuseForbidden } from '../http/schemas/text-policy.js';
import type { Queryable } from '../store/types.js';
import { aggregate } from './aggregate.js';
import { bulkWrite, type BulkKind } from './bulk.js';
import { parseFieldPath, parseFilter } from './filter/parse.js';
import type { FilterNode } from './filter/ast.js';
import { getItem, insertOne, patchOne, removeOne, saveOne, truncate, updateOne } from './items-service.js';
import { isPlainObject } from './json.js';
import type { ModuleCollection } from './module-collections.js';
import { scopeResolver } from './request-scope.js';
import { parseModifications } from './patch.js';
import { countItems, distinctValues, queryItems } from './query.js';
import {
  includeReferences,
  isReferenced,
  parseIncludes,
  parseReferences,
  queryReferenced,
  replaceReferences,
  writeReferences,
} from './references.js';
import { asBody, collectionOf, itemId, stringList, type Body, type DataScope } from './scope.js';
import { inSearchTerms, searchAsQuery } from './search-request.js';
import { isWritePath } from './throttle.js';
import { envelope, parseDataItem, project } from './store.js';
import { DATA_GET_ITEM_SCHEMA, DATA_GET_QUERY_SCHEMA, dataPostSchema } from './schemas.js';
import { plainJsonSerializer } from '../http/schemas/common.js';

export const DATA_PREFIXES = ['/wix-data/v2', '/_api/cloud-data/v2'] as const;

/**
 * The query string of a GET item request. The client puts the id raw into the path, so an id holding `?`
 * (`/items/a?b=1?dataCollectionId=…`) moves the start of the query string; its own parameters are
 * URL-encoded (no raw `?`), so they are whatever follows the last `?`.
 */
function itemGetQuery(request: FastifyRequest): Body {
  const url = request.raw.url ?? '';
  if (url.indexOf('?') === url.lastIndexOf('?')) return asBody(request.query ?? {}, 'query string');
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(url.slice(url.lastIndexOf('?') + 1))) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** Decodes the `.r` query parameter: base64url of UTF-8 JSON, treated exactly like a POST body. */
export function decodeDotR(value: unknown): Body {
  if (typeof value !== 'string' || value.length === 0) throw invalidField('.r', 'must be base64url-encoded JSON');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalidField('.r', 'must be base64url-encoded JSON');
  }
  // Decoded here, after the schema saw only base64url: the same character floor as a POST body (audit S-6).
  refuseForbidden(parsed, 'any', '.r');
  return asBody(parsed, '.r');
}

function condition(body: Body): FilterNode | undefined {
  if (body.condition == null) return undefined;
  if (!isPlainObject(body.condition)) throw invalidField('condition', 'must be an object with a filter');
  return parseFilter(body.condition.filter, 'condition.filter');
}

/**
 * `modules`: collections modules serve read-only through this service (`Stores/Products` from commerce, plugged in
 * by app.ts; data/module-collections.ts).
 */
export const dataRoutes: FastifyPluginAsync<{ ctx: AppContext; modules?: readonly ModuleCollection[] }> = async (
  app,
  { ctx, modules },
) => {
  // The same caller, site and limits as GraphQL (request-scope.ts).
  const { scopeOf, throttle } = scopeResolver(ctx, modules);

  const tx = <T>(scope: DataScope, fn: (q: Queryable) => Promise<T>) => scope.db.transaction(fn);

  async function getHandler(scope: DataScope, input: Body, pathId: string | undefined) {
    const collection = collectionOf(scope, input);
    const id = itemId(input.dataItemId ?? pathId, 'dataItemId');
    const fields = stringList(input.fields, 'fields');
    fields.forEach((f, i) => parseFieldPath(f, `fields[${i}]`));
    const includes = parseIncludes(input.includeReferences, 'includeReferences');
    let data = await getItem(scope, collection, id, input.language);
    if (includes.length > 0) data = (await includeReferences(scope, collection, [data], includes, input.language))[0]!;
    return { dataItem: envelope(collection.id, project(data, fields)) };
  }

  const handlers: Record<string, (scope: DataScope, body: Body) => Promise<object>> = {
    '/items': async (scope, body) => {
      const collection = collectionOf(scope, body);
      const item = parseDataItem(body.dataItem, 'dataItem', itemId);
      return { dataItem: envelope(collection.id, await tx(scope, (q) => insertOne(q, scope, collection, item))) };
    },
    '/items/update': async (scope, body) => {
      const collection = collectionOf(scope, body);
      const item = parseDataItem(body.dataItem, 'dataItem', itemId);
      if (item.id === undefined) throw invalidField('dataItem.id', 'is required for an update', 'REQUIRED');
      const id = item.id;
      const cond = condition(body);
      return {
        dataItem: envelope(
          collection.id,
          await tx(scope, (q) => updateOne(q, scope, collection, { ...item, id }, cond)),
        ),
      };
    },
    '/items/save': async (scope, body) => {
      const collection = collectionOf(scope, body);
      const item = parseDataItem(body.dataItem, 'dataItem', itemId);
      const saved = await tx(scope, (q) => saveOne(q, scope, collection, item));
      return { action: saved.action, dataItem: envelope(collection.id, saved.data) };
    },
    '/items/patch': async (scope, body) => {
      const collection = collectionOf(scope, body);
      const patch = body.patch;
      if (!isPlainObject(patch))
        throw invalidField('patch', 'must be an object with dataItemId and fieldModifications', 'REQUIRED');
      const id = itemId(patch.dataItemId, 'patch.dataItemId');
      const mods = parseModifications(patch.fieldModifications, 'patch.fieldModifications');
      const cond = condition(body);
      return {
        dataItem: envelope(collection.id, await tx(scope, (q) => patchOne(q, scope, collection, id, mods, cond))),
      };
    },
    '/items/remove': async (scope, body) => {
      const collection = collectionOf(scope, body);
      const id = itemId(body.dataItemId, 'dataItemId');
      const cond = condition(body);
      return { dataItem: envelope(collection.id, await tx(scope, (q) => removeOne(q, scope, collection, id, cond))) };
    },
    '/items/truncate': async (scope, body) => {
      await truncate(scope, collectionOf(scope, body));
      return {};
    },
    '/items/query': (scope, body) => queryItems(scope, collectionOf(scope, body), body),
    '/items/search': async (scope, body) => {
      const query = searchAsQuery(body);
      return queryItems(scope, collectionOf(scope, query), query).catch((error: unknown) => {
        throw inSearchTerms(error);
      });
    },
    '/items/count': (scope, body) => countItems(scope, collectionOf(scope, body), body),
    '/items/query-distinct-values': (scope, body) => distinctValues(scope, collectionOf(scope, body), body),
    '/items/aggregate': (scope, body) => aggregate(scope, collectionOf(scope, body), body),
    '/items/query-referenced': (scope, body) => queryReferenced(scope, collectionOf(scope, body), body),
    '/items/is-referenced': (scope, body) => isReferenced(scope, collectionOf(scope, body), body),
    '/items/replace-references': (scope, body) => replaceReferences(scope, collectionOf(scope, body), body),
    '/bulk/items/insert-references': (scope, body) =>
      writeReferences(
        scope,
        collectionOf(scope, body),
        parseReferences(body.dataItemReferences, 'dataItemReferences'),
        false,
      ),
    '/bulk/items/remove-references': (scope, body) =>
      writeReferences(
        scope,
        collectionOf(scope, body),
        parseReferences(body.dataItemReferences, 'dataItemReferences'),
        true,
      ),
  };
  for (const kind of ['insert', 'save', 'update', 'remove', 'patch'] as BulkKind[]) {
    handlers[`/bulk/items/${kind}`] = (scope, body) => bulkWrite(scope, collectionOf(scope, body), body, kind);
  }

  for (const prefix of DATA_PREFIXES) {
    for (const [path, handler] of Object.entries(handlers)) {
      app.post(
        `${prefix}${path}`,
        { schema: dataPostSchema(path), serializerCompiler: plainJsonSerializer },
        async (request) => {
          const scope = await scopeOf(request);
          if (isWritePath(path)) await throttle.write(request, scope.caller);
          // The route's schema has checked that the body is an object (data/schemas.ts).
          return handler(scope, request.body as Body);
        },
      );
    }
    app.get(
      `${prefix}/items/query`,
      { schema: DATA_GET_QUERY_SCHEMA, serializerCompiler: plainJsonSerializer },
      async (request) => {
        const query = asBody(request.query ?? {}, 'query string');
        const scope = await scopeOf(request);
        if (query['.r'] !== undefined) {
          const body = decodeDotR(query['.r']);
          return queryItems(scope, collectionOf(scope, body), body);
        }
        // A GET of an item whose id is literally "query" lands here; its id travels in the query string.
        if (query.dataItemId !== undefined) return getHandler(scope, query, undefined);
        return queryItems(scope, collectionOf(scope, query), query);
      },
    );
    // The client inserts the id into the path raw (docs/wire-format.md §9.3), so an id with a `/` spans several
    // segments: match them all; the encoded `dataItemId` query parameter wins over the path anyway.
    app.get(
      `${prefix}/items/*`,
      { schema: DATA_GET_ITEM_SCHEMA, serializerCompiler: plainJsonSerializer },
      async (request) => {
        const query = itemGetQuery(request);
        const input = query['.r'] !== undefined ? decodeDotR(query['.r']) : query;
        const params = request.params as { '*'?: string };
        return getHandler(await scopeOf(request), input, params['*']);
      },
    );
  }
};
