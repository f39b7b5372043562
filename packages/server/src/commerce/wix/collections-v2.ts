/**
 * `@wix/stores` collections on the Wix wire (part of the catalog v1 family, registered by stores-v1.ts):
 *   GET|POST /v2/collections/query   {query {filter, sort, paging}} (GET: `.r`) → {collections, metadata, totalResults}
 *   GET      /v2/collections/slug/:slug → {collection}; 404 with empty details when unknown
 *   GET      /v2/collections/:id        → {collection}
 * Shoppers see visible collections; a collection's `numberOfProducts` counts the products they can see.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalidField } from '../../errors/wire.js';
import { parseFilter } from '../catalog/filter.js';
import { findCollections, readCollection } from '../catalog/collection-query.js';
import { pageLimit, pageOffset, parseSort } from '../catalog/query.js';
import { COLLECTION_FIELDS, COLLECTION_SORTS } from '../catalog/query-fields.js';
import { notFound } from './not-found.js';
import { catalogReader, readInput, type Body } from './reader.js';
import { collectionV1 } from './v1-shapes.js';
import * as S from './schemas.js';

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

export const collectionsV2Routes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function query(request: FastifyRequest) {
    const reader = await catalogReader(request, ctx);
    const input = readInput(request);
    if (input.query != null && !isObject(input.query)) throw invalidField('query', 'must be an object');
    const q: Body = isObject(input.query) ? input.query : {};
    if (q.paging != null && !isObject(q.paging)) throw invalidField('query.paging', 'must be an object');
    const paging: Body = isObject(q.paging) ? q.paging : {};
    const limit = pageLimit(paging.limit, 'query.paging.limit');
    const offset = pageOffset(paging.offset, 'query.paging.offset');
    const page = await findCollections(reader.db, reader.site.id, {
      filter: parseFilter(q.filter, 'query.filter', COLLECTION_FIELDS, reader.currency),
      sort: parseSort(q.sort, 'query.sort', COLLECTION_SORTS),
      limit,
      offset,
      visibleOnly: reader.shopper,
    });
    return {
      collections: page.collections.map((c) => collectionV1(c, reader)),
      metadata: { items: limit, offset, count: page.collections.length, total: page.total },
      totalResults: page.total,
    };
  }

  app.get('/v2/collections/query', { schema: S.collectionsQuery }, query);
  app.post('/v2/collections/query', { schema: S.collectionsQueryPost }, query);

  app.get('/v2/collections/slug/:slug', { schema: S.collectionBySlug }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const { slug } = request.params;
    const collection = await readCollection(reader.db, reader.site.id, { slug }, reader.shopper);
    if (!collection)
      throw notFound('STORE_COLLECTION_NOT_FOUND', `Collection with slug ${slug.slice(0, 100)} not found`);
    return { collection: collectionV1(collection, reader) };
  });

  app.get('/v2/collections/:id', { schema: S.collectionGet }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const { id } = request.params;
    const collection = await readCollection(reader.db, reader.site.id, { id }, reader.shopper);
    if (!collection) throw notFound('STORE_COLLECTION_NOT_FOUND', `Collection ${id.slice(0, 100)} not found`);
    return { collection: collectionV1(collection, reader) };
  });
};
