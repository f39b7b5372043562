/**
 * `@wix/stores` catalog v1 (`products`) and collections (`collections`) on the Wix wire
 * (docs/commerce.md#the-stores-wire):
 *   GET|POST /stores-reader/v1/products/query-platformized        {query} (GET: `.r`) → {products, metadata, totalResults}
 *   GET      /stores-reader/v1/products/:id                        → {product}
 *   POST     /stores-reader/v1/products/:id/variants/query         {choices?, variantIds?, paging?} → {variants, …}
 *   POST     /stores-reader/v1/products/:id/productOptionsAvailability {options} → {selectedVariant?, productOptions, …}
 *   GET      /stores-reader/v1/variants/:id                        ({productId}-{variantId}) → {variant}
 *   GET|POST /v2/collections/query, GET /v2/collections/slug/:slug, GET /v2/collections/:id (collections-v2.ts)
 * Callers: any visitor or member token of the site (visible catalog), a site API key or the admin key (hidden
 * products too when the query says `includeHiddenProducts`); none is a 401 (reader.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { invalidField } from '../../errors/wire.js';
import { plainJsonSerializer } from '../../http/schemas/common.js';
import { choicesFromWire } from '../catalog/choices.js';
import { findProductRows, pageLimit, pageOffset } from '../catalog/query.js';
import { V1_PRODUCT_FIELDS, V1_PRODUCT_SORTS } from '../catalog/query-fields.js';
import { loadProduct, loadProducts } from '../catalog/store.js';
import { variantInStock, type Product } from '../catalog/types.js';
import { named } from '../../http/named-plugin.js';
import { collectionsV2Routes } from './collections-v2.js';
import { notFound } from './not-found.js';
import { catalogReader, readerContext, readInput, type Body, type CatalogReader } from './reader.js';
import { productAnswers } from './product-answers.js';
import { catalogPages, JSON_TYPE, keptAnswer, pageKey } from './catalog-pages.js';
import { cursorMetadata, readQuery } from './query-input.js';
import { choiceState, productView } from './product-view.js';
import { mediaV1, priceData, productV1, storeVariantV1, variantV1 } from './v1-shapes.js';
import * as S from './schemas.js';

const PREFIX = '/stores-reader/v1';
const json = { serializerCompiler: plainJsonSerializer };

/** The product a reader may see, or the bare 404 Wix answers. */
export async function readableProduct(reader: CatalogReader, id: string): Promise<Product> {
  const product = await loadProduct(reader.db, reader.site.id, id);
  if (!product || (reader.shopper && !product.visible))
    throw notFound('PRODUCT_NOT_FOUND', `Product ${id.slice(0, 100)} not found`);
  return product;
}

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);

function wireChoicesInput(raw: unknown, path: string): Body | undefined {
  if (raw == null) return undefined;
  if (!isObject(raw) || Object.keys(raw).length > 6) throw invalidField(path, 'must be an object of at most 6 options');
  return raw;
}

export const storesV1Routes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const kept = catalogPages(ctx);

  async function query(request: FastifyRequest, reply: FastifyReply) {
    const reader = await catalogReader(request, ctx);
    const input = readInput(request);
    // The whole answer, when this query was answered at the catalog's version now (catalog-pages.ts).
    const key = pageKey(reader.site.id, `v1|${readerContext(reader)}`, input);
    const answered = key && (await keptAnswer(kept, reader, key));
    if (answered) return reply.type(JSON_TYPE).send(answered);
    const hidden = input.includeHiddenProducts === true && !reader.shopper;
    const read = readQuery(input.query, 'query', {
      fields: V1_PRODUCT_FIELDS,
      sorts: V1_PRODUCT_SORTS,
      currency: reader.currency,
      visibleOnly: !hidden,
      offsetPaging: true,
    });
    const page = await findProductRows(reader.db, reader.site.id, read.query, { withVersion: !!key });
    const count = page.rows.length;
    const products = productAnswers(page.rows, `v1|${readerContext(reader)}`, (p) => productV1(p, reader));
    const cursored = isObject(input.query) && isObject(input.query.cursorPaging);
    const metadata = cursored
      ? cursorMetadata(read, count, page.hasNext)
      : { items: read.query.limit, offset: read.query.offset, count, total: page.total };
    // The text JSON.stringify would write of {products, metadata, totalResults}, each product's part kept.
    const answer = `{"products":[${products.join(',')}],"metadata":${JSON.stringify(metadata)},"totalResults":${page.total}}`;
    return reply.type(JSON_TYPE).send(key ? kept.keep(key, page.version, answer) : answer);
  }

  app.get(`${PREFIX}/products/query-platformized`, { schema: S.v1Query, ...json }, query);
  app.post(`${PREFIX}/products/query-platformized`, { schema: S.v1QueryPost, ...json }, query);

  app.get(`${PREFIX}/products/:id`, { schema: S.v1Get, ...json }, async (request) => {
    const reader = await catalogReader(request, ctx);
    return { product: productV1(await readableProduct(reader, request.params.id), reader) };
  });

  app.post(`${PREFIX}/products/:id/variants/query`, { schema: S.v1Variants, ...json }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const product = await readableProduct(reader, request.params.id);
    let variants = productView(product, reader).variants;
    const body = request.body;
    const wanted = wireChoicesInput(body.choices, 'choices');
    if (wanted) {
      const stored = choicesFromWire(product.options, wanted, { partial: true });
      variants = stored ? variants.filter((v) => Object.entries(stored).every(([k, c]) => v.choices[k] === c)) : [];
    }
    if (body.variantIds != null) {
      const ids = body.variantIds;
      if (!Array.isArray(ids) || ids.length > 300 || ids.some((i) => typeof i !== 'string'))
        throw invalidField('variantIds', 'must be an array of at most 300 ids');
      variants = variants.filter((v) => ids.includes(v.id));
    }
    const paging = isObject(body.paging) ? body.paging : {};
    const limit = pageLimit(paging.limit, 'paging.limit');
    const offset = pageOffset(paging.offset, 'paging.offset');
    return {
      variants: variants.slice(offset, offset + limit).map((v) => variantV1(product, v, reader.currency)),
      metadata: { items: limit, offset },
      totalResults: variants.length,
    };
  });

  app.post(
    `${PREFIX}/products/:id/productOptionsAvailability`,
    { schema: S.v1Availability, ...json },
    async (request) => {
      const reader = await catalogReader(request, ctx);
      const product = await readableProduct(reader, request.params.id);
      const view = productView(product, reader);
      const given = wireChoicesInput(request.body.options, 'options') ?? {};
      const chosen = choicesFromWire(product.options, given, { partial: true }) ?? {};
      // Each option's choices are judged against the choices made in the other options.
      const productOptions = product.options.map((o) => {
        const others = Object.entries(chosen).filter(([name]) => name !== o.name);
        const narrowed = {
          ...view,
          variants: view.variants.filter((v) => others.every(([k, c]) => v.choices[k] === c)),
        };
        return {
          optionType: o.optionType,
          name: o.name,
          choices: o.choices.map((c) => ({
            value: c.value,
            description: c.description,
            ...choiceState(narrowed, o.name, c.value),
          })),
        };
      });
      const complete = product.options.every((o) => chosen[o.name] !== undefined);
      const match = complete
        ? view.variants.find((v) => product.options.every((o) => v.choices[o.name] === chosen[o.name]))
        : undefined;
      const price = match ? priceData(match, reader.currency) : undefined;
      return {
        ...(match && price
          ? {
              selectedVariant: {
                price,
                convertedPriceData: price,
                weight: match.weight,
                sku: match.sku ?? '',
                ...(match.trackStock ? { quantity: match.stock } : {}),
                inStock: variantInStock(match),
                visible: match.visible,
              },
            }
          : {}),
        media: mediaV1(view.media),
        productOptions,
        availableForPurchase: !!match && match.visible && variantInStock(match),
      };
    },
  );

  app.get(`${PREFIX}/variants/:id`, { schema: S.v1StoreVariant, ...json }, async (request) => {
    const reader = await catalogReader(request, ctx);
    const storeId = request.params.id;
    // `{productId}-{variantId}`, and both ids hold hyphens: try the product id ending at each hyphen.
    const cuts = [...storeId.matchAll(/-/g)].map((m) => m.index).slice(0, 40);
    const candidates = cuts.map((i) => storeId.slice(0, i));
    const products = await loadProducts(reader.db, reader.site.id, candidates);
    for (const product of products) {
      if (reader.shopper && !product.visible) continue;
      const variantId = storeId.slice(product.id.length + 1);
      const variant = productView(product, reader).variants.find((v) => v.id === variantId);
      if (variant) return { variant: storeVariantV1(product, variant, reader) };
    }
    throw notFound('VARIANT_NOT_FOUND', `Variant ${storeId.slice(0, 100)} not found`);
  });

  await fastify.register(named(collectionsV2Routes), { ctx });
};
