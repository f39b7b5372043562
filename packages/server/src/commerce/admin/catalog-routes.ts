/**
 * The catalog's admin API for the console (docs/commerce.md#the-admin-api). Every role reads it
 * (CONSOLE_ROLES.catalog); owners and editors change it (CONSOLE_ROLES.catalogChange); a key of the site or the
 * server's admin key may do both. Money is in minor units of the site's currency.
 *   GET    /_admin/v1/commerce/products?siteId&search&collectionId&limit&offset → {products, total, currency}
 *   GET    /_admin/v1/commerce/products/:id?siteId               → {product, currency}
 *   POST   /_admin/v1/commerce/products {siteId, product}        → {product, currency}
 *   PUT    /_admin/v1/commerce/products/:id {siteId, product}    → {product, currency}
 *   DELETE /_admin/v1/commerce/products/:id?siteId               → {}
 *   POST   /_admin/v1/commerce/products/variant-grid {siteId, options, price, stock?, existing?} → {variants}
 *   GET    /_admin/v1/commerce/collections?siteId                → {collections}
 *   POST   /_admin/v1/commerce/collections {siteId, collection}  → {collection}
 *   PUT    /_admin/v1/commerce/collections/:id {siteId, collection} → {collection}
 *   PUT    /_admin/v1/commerce/collections/:id/products {siteId, productIds} → {collection}
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import type { SiteConfig } from '../../config/types.js';
import { CONSOLE_ROLES } from '../../owners/access.js';
import { adminAccess, recordOwnerAction, type AdminAccess, type OwnerActionDetail } from '../../owners/admin-access.js';
import type { OwnerRole } from '../../owners/store.js';
import type { Queryable } from '../../store/types.js';
import { commerceSettings } from '../settings.js';
import { readCollection } from '../catalog/collection-query.js';
import { ALL_PRODUCTS_COLLECTION_ID } from '../catalog/ids.js';
import { findProductIds, pageLimit, pageOffset } from '../catalog/query.js';
import { V1_PRODUCT_FIELDS, V1_PRODUCT_SORTS } from '../catalog/query-fields.js';
import type { Condition } from '../catalog/filter.js';
import { deleteProduct, loadProduct, loadProducts, saveProduct } from '../catalog/store.js';
import { listCollections, saveCollection, setCollectionProducts } from '../catalog/collection-store.js';
import { inventoryStatus, type Product } from '../catalog/types.js';
import { variantGridKeeping } from './variant-grid.js';
import * as S from './catalog-schemas.js';
import { isUniqueViolation } from '../../store/unique-indexes.js';

const PREFIX = '/_admin/v1/commerce';

const productAnswer = (p: Product) => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  description: p.description,
  visible: p.visible,
  productType: p.productType,
  options: p.options,
  media: p.media,
  ribbon: p.ribbon,
  brand: p.brand,
  translations: p.translations,
  collectionIds: p.collectionIds,
  variants: p.variants.map(({ productId: _, ...v }) => v),
  createdDate: p.createdAt.toISOString(),
  updatedDate: p.updatedAt.toISOString(),
});

function productRow(p: Product) {
  const prices = p.variants.map((v) => v.price);
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    visible: p.visible,
    minPrice: prices.length ? Math.min(...prices) : 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    stock: p.variants.filter((v) => v.trackStock).reduce((sum, v) => sum + v.stock, 0),
    variantCount: p.variants.length,
    inventoryStatus: inventoryStatus(p),
    image: p.media[0]?.url ?? null,
    collectionIds: p.collectionIds,
    updatedDate: p.updatedAt.toISOString(),
  };
}

/** A write that may repeat a slug: another product's or collection's slug is a 409, even in a race. */
async function claimingSlug<T>(write: () => Promise<T>, taken: 'PRODUCT_SLUG_TAKEN' | 'COLLECTION_SLUG_TAKEN') {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw appError(taken);
    throw error;
  }
}

async function slugTaken(db: Queryable, table: 'products' | 'collections', siteId: string, slug: string, id?: string) {
  const { rows } = await db.query(
    `select 1 from commerce_${table} where site_id = $1 and slug = $2 and id is distinct from $3`,
    [siteId, slug, id ?? null],
  );
  return rows.length > 0;
}

export const catalogAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function open(request: FastifyRequest, siteId: unknown, roles: readonly OwnerRole[]) {
    const access = await adminAccess(ctx, request, siteId, roles);
    const site = ctx.sites.get(access.siteId)!;
    return { access, site, currency: commerceSettings(site).currency };
  }
  const audit = (request: FastifyRequest, access: AdminAccess, detail: OwnerActionDetail) =>
    recordOwnerAction(ctx, request, access, detail);

  async function product(site: SiteConfig, id: string) {
    const found = await loadProduct(ctx.db, site.id, id);
    if (!found) throw appError('PRODUCT_NOT_FOUND');
    return found;
  }

  app.get(`${PREFIX}/products`, { schema: S.listProducts }, async (request) => {
    const { siteId, search, collectionId } = request.query;
    const limit = request.query.limit === undefined ? 25 : pageLimit(Number(request.query.limit) || -1, 'limit');
    const offset = pageOffset(Number(request.query.offset ?? 0), 'offset');
    const { site, currency } = await open(request, siteId, CONSOLE_ROLES.catalog);
    const parts: Condition[] = [];
    if (search)
      parts.push({
        or: [
          { field: 'name', op: '$contains', value: search },
          { field: 'slug', op: '$contains', value: search },
        ],
      });
    if (collectionId) parts.push({ field: 'collectionIds', op: '$hasSome', value: [collectionId] });
    const page = await findProductIds(ctx.db, site.id, {
      filter: parts.length ? { and: parts } : undefined,
      sort: [],
      offset,
      limit,
      visibleOnly: false,
      fields: V1_PRODUCT_FIELDS,
      sorts: V1_PRODUCT_SORTS,
    });
    const products = await loadProducts(ctx.db, site.id, page.ids);
    return { products: products.map(productRow), total: page.total, currency };
  });

  app.get(`${PREFIX}/products/:id`, { schema: S.getProduct }, async (request) => {
    const { site, currency } = await open(request, request.query.siteId, CONSOLE_ROLES.catalog);
    return { product: productAnswer(await product(site, request.params.id)), currency };
  });

  app.post(`${PREFIX}/products`, { schema: S.createProduct }, async (request) => {
    const { access, site, currency } = await open(request, request.body.siteId, CONSOLE_ROLES.catalogChange);
    const input = request.body.product;
    if (await slugTaken(ctx.db, 'products', site.id, input.slug)) throw appError('PRODUCT_SLUG_TAKEN');
    const everything = await readCollection(ctx.db, site.id, { id: ALL_PRODUCTS_COLLECTION_ID }, false);
    const collectionIds = input.collectionIds ?? (everything ? [everything.id] : []);
    const id = await claimingSlug(
      () => ctx.db.transaction((tx) => saveProduct(tx, site.id, { ...input, collectionIds }, ctx.now())),
      'PRODUCT_SLUG_TAKEN',
    );
    await audit(request, access, { action: 'product_created', productId: id, slug: input.slug });
    return { product: productAnswer(await product(site, id)), currency };
  });

  app.put(`${PREFIX}/products/:id`, { schema: S.updateProduct }, async (request) => {
    const { access, site, currency } = await open(request, request.body.siteId, CONSOLE_ROLES.catalogChange);
    const { id } = request.params;
    const input = request.body.product;
    const existing = await product(site, id);
    if (await slugTaken(ctx.db, 'products', site.id, input.slug, id)) throw appError('PRODUCT_SLUG_TAKEN');
    await claimingSlug(
      () =>
        ctx.db.transaction((tx) =>
          saveProduct(
            tx,
            site.id,
            { ...input, id, collectionIds: input.collectionIds ?? existing.collectionIds },
            ctx.now(),
          ),
        ),
      'PRODUCT_SLUG_TAKEN',
    );
    await audit(request, access, { action: 'product_updated', productId: id, slug: input.slug });
    return { product: productAnswer(await product(site, id)), currency };
  });

  app.delete(`${PREFIX}/products/:id`, { schema: S.deleteProduct }, async (request) => {
    const { access, site } = await open(request, request.query.siteId, CONSOLE_ROLES.catalogChange);
    const deleted = await ctx.db.transaction((tx) => deleteProduct(tx, site.id, request.params.id));
    if (!deleted) throw appError('PRODUCT_NOT_FOUND');
    await audit(request, access, { action: 'product_deleted', productId: request.params.id });
    return {};
  });

  app.post(`${PREFIX}/products/variant-grid`, { schema: S.variantGrid }, async (request) => {
    const { siteId, options, price, stock, existing } = request.body;
    await open(request, siteId, CONSOLE_ROLES.catalogChange);
    return { variants: variantGridKeeping(options, { price, stock: stock ?? 0 }, existing ?? []) };
  });

  app.get(`${PREFIX}/collections`, { schema: S.listCollections }, async (request) => {
    const { site } = await open(request, request.query.siteId, CONSOLE_ROLES.catalog);
    return { collections: await listCollections(ctx.db, site.id) };
  });

  async function collection(site: SiteConfig, id: string) {
    const found = await readCollection(ctx.db, site.id, { id }, false);
    if (!found) throw appError('STORE_COLLECTION_NOT_FOUND');
    return found;
  }

  app.post(`${PREFIX}/collections`, { schema: S.createCollection }, async (request) => {
    const { access, site } = await open(request, request.body.siteId, CONSOLE_ROLES.catalogChange);
    const input = request.body.collection;
    if (await slugTaken(ctx.db, 'collections', site.id, input.slug)) throw appError('COLLECTION_SLUG_TAKEN');
    const id = await claimingSlug(
      () => ctx.db.transaction((tx) => saveCollection(tx, site.id, input, ctx.now())),
      'COLLECTION_SLUG_TAKEN',
    );
    await audit(request, access, { action: 'collection_created', collectionId: id, slug: input.slug });
    return { collection: await collection(site, id) };
  });

  app.put(`${PREFIX}/collections/:id`, { schema: S.updateCollection }, async (request) => {
    const { access, site } = await open(request, request.body.siteId, CONSOLE_ROLES.catalogChange);
    const { id } = request.params;
    const input = request.body.collection;
    await collection(site, id);
    if (await slugTaken(ctx.db, 'collections', site.id, input.slug, id)) throw appError('COLLECTION_SLUG_TAKEN');
    await claimingSlug(
      () => ctx.db.transaction((tx) => saveCollection(tx, site.id, { ...input, id }, ctx.now())),
      'COLLECTION_SLUG_TAKEN',
    );
    await audit(request, access, { action: 'collection_updated', collectionId: id, slug: input.slug });
    return { collection: await collection(site, id) };
  });

  app.put(`${PREFIX}/collections/:id/products`, { schema: S.setCollectionProducts }, async (request) => {
    const { access, site } = await open(request, request.body.siteId, CONSOLE_ROLES.catalogChange);
    const { id } = request.params;
    await collection(site, id);
    await ctx.db.transaction((tx) => setCollectionProducts(tx, site.id, id, request.body.productIds));
    const after = await collection(site, id);
    await audit(request, access, { action: 'collection_products_set', collectionId: id, count: after.productCount });
    return { collection: after };
  });
};
