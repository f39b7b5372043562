/**
 * `@wix/stores` catalog v3 (`productsV3`) on the Wix wire (docs/commerce.md#the-stores-wire):
 *   GET|POST /stores/v3/products/query      {query {filter, sort, cursorPaging}, fields} → {products, pagingMetadata}
 *   GET|POST /stores/v3/products/search     {search {search {expression, mode}, filter, sort, cursorPaging}, fields}
 *   GET      /stores/v3/products/:id         ?fields → {product}
 *   GET      /stores/v3/products/slug/:slug  ?fields → {product}
 * The same products and ids as catalog v1. Callers as in stores-v1.ts: shoppers see visible products, an API key
 * all of them. Search matches words in the name, description and choices through the product search index
 * (stemmed in the caller's language, each word also as a prefix; docs/commerce.md → Search); each search still
 * counts as a heavy read against the caller's address, as the data API counts its heavy queries.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { dataThrottleOf } from '../../data/index.js';
import { plainJsonSerializer } from '../../http/schemas/common.js';
import { unsupported } from '../catalog/filter.js';
import { findProductRows } from '../catalog/query.js';
import { V3_PRODUCT_FIELDS, V3_PRODUCT_SORTS } from '../catalog/query-fields.js';
import { productIdBySlug } from '../catalog/store.js';
import { notFound } from './not-found.js';
import { catalogReader, readerContext, readInput, type Body, type CatalogReader } from './reader.js';
import { productAnswers } from './product-answers.js';
import { catalogPages, JSON_TYPE, keptAnswer, pageKey } from './catalog-pages.js';
import { siteLanguages } from '../../i18n/index.js';
import { ensureSearchLanguage, searchConfig } from '../search/languages.js';
import { cursorMetadata, readQuery } from './query-input.js';
import { readableProduct } from './stores-v1.js';
import { parseFields, productV3 } from './v3-shapes.js';
import * as S from './schemas.js';

const PREFIX = '/stores/v3/products';
const json = { serializerCompiler: plainJsonSerializer };

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The caller's text search configuration, with the site's products indexed in its language (search/languages.ts). */
async function indexedSearch(reader: CatalogReader & { ctx: AppContext }): Promise<string> {
  const base = siteLanguages(reader.site)[0]!;
  await ensureSearchLanguage(reader.ctx.db, reader.site.id, base);
  return searchConfig(reader.language ?? base);
}

export const storesV3Routes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const throttle = dataThrottleOf(ctx);
  const kept = catalogPages(ctx);

  async function list(request: FastifyRequest, reply: FastifyReply, kind: 'query' | 'search') {
    const reader = { ...(await catalogReader(request, ctx)), ctx };
    const input = readInput(request);
    const fields = parseFields(input.fields);
    const body = input[kind];
    if (kind === 'search') {
      if (isObject(body) && Array.isArray(body.aggregations) && body.aggregations.length > 0)
        throw unsupported('Search aggregations are not supported', { field: 'search.aggregations' });
      await throttle.heavyRead(request, reader.caller);
    }
    // The whole answer, when this query was answered at the catalog's version now (catalog-pages.ts).
    const context = `v3|${[...fields].sort().join(',')}|${readerContext(reader)}`;
    const key = pageKey(reader.site.id, `${kind}|${context}`, input);
    const answered = key && (await keptAnswer(kept, reader, key));
    if (answered) return reply.type(JSON_TYPE).send(answered);
    const read = readQuery(body, kind, {
      fields: V3_PRODUCT_FIELDS,
      sorts: V3_PRODUCT_SORTS,
      currency: reader.currency,
      visibleOnly: reader.shopper,
      offsetPaging: false,
    });
    if (kind === 'query' && read.query.search)
      throw unsupported('Query takes no free text; call search', { field: 'query.search' });
    const page = await findProductRows(
      reader.db,
      reader.site.id,
      { ...read.query, ...(read.query.search ? { searchConfig: await indexedSearch(reader) } : {}) },
      { withVersion: !!key },
    );
    const products = productAnswers(page.rows, context, (p) => productV3(p, reader, fields));
    const pagingMetadata = cursorMetadata(read, page.rows.length, page.hasNext);
    // The text JSON.stringify would write of {products, pagingMetadata}, each product's part kept.
    const answer = `{"products":[${products.join(',')}],"pagingMetadata":${JSON.stringify(pagingMetadata)}}`;
    return reply.type(JSON_TYPE).send(key ? kept.keep(key, page.version, answer) : answer);
  }

  app.get(`${PREFIX}/query`, { schema: S.v3Query, ...json }, (request, reply) => list(request, reply, 'query'));
  app.post(`${PREFIX}/query`, { schema: S.v3QueryPost, ...json }, (request, reply) => list(request, reply, 'query'));
  app.get(`${PREFIX}/search`, { schema: S.v3Search, ...json }, (request, reply) => list(request, reply, 'search'));
  app.post(`${PREFIX}/search`, { schema: S.v3SearchPost, ...json }, (request, reply) => list(request, reply, 'search'));

  app.get(`${PREFIX}/slug/:slug`, { schema: S.v3BySlug, ...json }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const { slug } = request.params;
    const fields = parseFields(request.query.fields);
    const id = await productIdBySlug(reader.db, reader.site.id, slug);
    if (!id) throw notFound('PRODUCT_NOT_FOUND', `Product with slug ${slug.slice(0, 100)} not found`);
    return { product: productV3(await readableProduct(reader, id), reader, fields) };
  });

  app.get(`${PREFIX}/:id`, { schema: S.v3Get, ...json }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const fields = parseFields(request.query.fields);
    return { product: productV3(await readableProduct(reader, request.params.id), reader, fields) };
  });
};
