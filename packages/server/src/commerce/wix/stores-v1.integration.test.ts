/**
 * Catalog v1 and collections on the Wix wire, through a real server with the demo shop: the shapes the clients
 * read, the filters and sorts they send (as `.r` GETs and their POST twins), who may read, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '../../../test-support/index.js';
import { ALL_PRODUCTS_COLLECTION_ID } from '../catalog/ids.js';
import { demoCollectionId, demoProductId } from '../catalog/demo-shop.js';

let server: TestServer;
let token: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking JSON answers
type Answer = Record<string, any>;

const dotR = (body: unknown) => `.r=${Buffer.from(JSON.stringify(body)).toString('base64url')}`;

async function call(
  path: string,
  init: { method?: string; body?: unknown; auth?: string | null; language?: string } = {},
) {
  const auth = init.auth === undefined ? token : init.auth;
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(init.language ? { 'accept-language': init.language } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const query = (q: unknown, extra: Record<string, unknown> = {}) =>
  call(`/stores-reader/v1/products/query-platformized?${dotR({ query: q, ...extra })}`);
const slugs = (body: Answer) => (body.products as { slug: string }[]).map((p) => p.slug);

beforeAll(async () => {
  server = await startTestServer();
  token = (await getVisitorToken(server.url, server.clientId)).access_token;
});
afterAll(() => server?.close());

describe('catalog v1 products', () => {
  it('lists the demo shop in its catalog order with the total', async () => {
    const { status, body } = await query({ filter: {}, paging: { offset: 0, limit: 50 } });
    expect(status).toBe(200);
    expect(body.totalResults).toBe(12);
    expect(body.metadata).toMatchObject({ items: 50, offset: 0, total: 12, count: 12 });
    expect(slugs(body).slice(0, 3)).toEqual(['stoneware-mug', 'pour-over-kettle', 'olive-wood-board']);
    expect(body.products[0].id).toBe(demoProductId('demo', 'stoneware-mug'));
  });

  it("names and describes products in the shopper's language (Accept-Language among the site's), else the default", async () => {
    const path = `/stores-reader/v1/products/query-platformized?${dotR({ query: { filter: { slug: 'stoneware-mug' } } })}`;
    const french = (await call(path, { language: 'fr-FR,fr;q=0.9' })).body.products[0];
    expect(french.name).toBe('Mug en grès');
    expect(french.description).not.toBe((await call(path)).body.products[0].description);
    expect((await call(path)).body.products[0].name).toBe('Stoneware Mug');
    // A language the site does not offer reads in its default language.
    expect((await call(path, { language: 'ja' })).body.products[0].name).toBe('Stoneware Mug');
  });

  it('answers a product with two options whose variants are priced differently', async () => {
    const { body } = await query({ filter: { slug: 'wool-throw' } });
    const throw_ = body.products[0];
    expect(throw_).toMatchObject({
      name: 'Merino Wool Throw',
      manageVariants: true,
      productType: 'physical',
      visible: true,
      stock: { trackInventory: true, quantity: 8, inStock: true, inventoryStatus: 'PARTIALLY_OUT_OF_STOCK' },
      priceData: { currency: 'USD', price: 120, discountedPrice: 120, formatted: { discountedPrice: '$120.00' } },
      convertedPriceData: { formatted: { price: '$120.00', discountedPrice: '$120.00' } },
      priceRange: { minValue: 120, maxValue: 160 },
      productPageUrl: { base: server.url, path: '/products/wool-throw' },
    });
    expect(throw_.productOptions).toEqual([
      expect.objectContaining({ optionType: 'drop_down', name: 'Size' }),
      expect.objectContaining({ optionType: 'color', name: 'Colour' }),
    ]);
    const sage = throw_.productOptions[1].choices.find((c: { description: string }) => c.description === 'Sage');
    expect(sage).toMatchObject({ value: '#9aab8a', inStock: true, visible: true });
    expect(throw_.variants).toHaveLength(6);
    const blanketOat = throw_.variants.find(
      (v: { choices: Record<string, string> }) => v.choices.Size === 'Blanket' && v.choices.Colour === 'Oat',
    );
    expect(blanketOat).toMatchObject({
      variant: {
        priceData: { price: 160, formatted: { price: '$160.00' } },
        sku: 'WOOL-THROW-BLANKET-D9CCB4',
        visible: true,
      },
      stock: { trackQuantity: true, quantity: 2, inStock: true },
    });
    expect(throw_.media.mainMedia.image).toEqual({
      url: `${server.url}/assets/products/wool-throw.svg`,
      width: 400,
      height: 400,
      altText: 'Merino Wool Throw',
    });
    expect(throw_.collectionIds).toEqual(
      expect.arrayContaining([ALL_PRODUCTS_COLLECTION_ID, demoCollectionId('demo', 'home')]),
    );
    expect(Date.parse(throw_.lastUpdated)).toBeGreaterThan(0);
    expect(throw_.numericId).toMatch(/^\d+000$/);
  });

  it('answers a product without options with its one default variant, and a sale price', async () => {
    const { body } = await query({ filter: { slug: { $in: ['brass-pen', 'ceramic-vase', 'enamel-camp-mug'] } } });
    const [vase, pen, camp] = ['ceramic-vase', 'brass-pen', 'enamel-camp-mug'].map((s) =>
      body.products.find((p: { slug: string }) => p.slug === s),
    );
    expect(pen).toMatchObject({ manageVariants: false, productOptions: [], sku: 'BRASS-PEN' });
    expect(pen.variants).toEqual([
      expect.objectContaining({ id: '00000000-0000-0000-0000-000000000000', choices: {} }),
    ]);
    expect(vase).toMatchObject({
      ribbon: 'Sale',
      priceData: { price: 45, discountedPrice: 36, formatted: { price: '$45.00', discountedPrice: '$36.00' } },
      discount: { type: 'AMOUNT', value: 9 },
    });
    expect(camp.stock).toMatchObject({ inStock: false, inventoryStatus: 'OUT_OF_STOCK', quantity: 0 });
  });

  it('filters and sorts as the templates ask', async () => {
    const featured = demoCollectionId('demo', 'hidden-homepage-featured-items');
    const byCollection = await query({
      filter: { collectionIds: { $hasSome: [featured] } },
      sort: [{ fieldName: 'name', order: 'ASC' }],
    });
    expect(slugs(byCollection.body)).toEqual(['wool-throw', 'pour-over-kettle', 'stoneware-mug']);
    const named = await query({ filter: { $and: [{ name: { $startsWith: 'ol' } }] } });
    expect(slugs(named.body)).toEqual(['olive-wood-board']);
    const ids = [demoProductId('demo', 'brass-pen'), demoProductId('demo', 'desk-tray')];
    const byIds = await query({ filter: { id: { $in: ids } } });
    expect(slugs(byIds.body).sort()).toEqual(['brass-pen', 'desk-tray']);
    const cheap = await query({ filter: { price: { $lt: 16 } }, sort: [{ fieldName: 'price', order: 'DESC' }] });
    expect(slugs(cheap.body)).toEqual(['dot-grid-notebook', 'enamel-camp-mug']);
    const newest = await query({ sort: [{ fieldName: 'lastUpdated', order: 'DESC' }], paging: { limit: 2 } });
    expect(slugs(newest.body)).toEqual(['enamel-camp-mug', 'canvas-tote']);
    const page = await query({ paging: { limit: 5, offset: 10 } });
    expect(page.body.totalResults).toBe(12);
    expect(slugs(page.body)).toEqual(['canvas-tote', 'enamel-camp-mug']);
    const inStock = await query({ filter: { inStock: false } });
    expect(slugs(inStock.body)).toEqual(['enamel-camp-mug']);
  });

  it('answers the POST form of a long query like its GET', async () => {
    const q = { filter: { name: { $contains: 'mug' } }, sort: [{ fieldName: 'name' }] };
    const viaGet = await query(q);
    const viaPost = await call('/stores-reader/v1/products/query-platformized', { body: { query: q } });
    expect(viaPost.status).toBe(200);
    expect(slugs(viaPost.body)).toEqual(slugs(viaGet.body));
    expect(slugs(viaGet.body)).toEqual(['enamel-camp-mug', 'stoneware-mug']);
  });

  it('gets one product, its variants by choice, a store variant and option availability', async () => {
    const id = demoProductId('demo', 'wool-throw');
    const one = await call(`/stores-reader/v1/products/${id}?id=${id}`);
    expect(one.body.product.slug).toBe('wool-throw');
    const blankets = await call(`/stores-reader/v1/products/${id}/variants/query`, {
      body: { id, choices: { Size: 'Blanket' } },
    });
    expect(blankets.body.totalResults).toBe(3);
    const oat = await call(`/stores-reader/v1/products/${id}/variants/query`, { body: { choices: { Colour: 'Oat' } } });
    expect(oat.body.variants.map((v: { choices: Record<string, string> }) => v.choices.Size)).toEqual([
      'Throw',
      'Blanket',
    ]);
    const variantId = oat.body.variants[0].id;
    const storeVariant = await call(`/stores-reader/v1/variants/${id}-${variantId}`);
    expect(storeVariant.body.variant).toMatchObject({
      id: `${id}-${variantId}`,
      productId: id,
      variantId,
      productName: 'Merino Wool Throw',
      choices: { Size: 'Throw', Colour: 'Oat' },
      stock: { trackQuantity: true, quantity: 3, inStock: true },
    });
    const pen = demoProductId('demo', 'brass-pen');
    const penVariant = await call(`/stores-reader/v1/variants/${pen}-00000000-0000-0000-0000-000000000000`);
    expect(penVariant.body.variant).toMatchObject({ productId: pen, managedVariant: false });
    const available = await call(`/stores-reader/v1/products/${id}/productOptionsAvailability`, {
      body: { options: { Size: 'Blanket' } },
    });
    const colours = available.body.productOptions[1].choices;
    expect(colours.map((c: { inStock: boolean }) => c.inStock)).toEqual([true, false, false]);
    expect(available.body.availableForPurchase).toBe(false);
    const chosen = await call(`/stores-reader/v1/products/${id}/productOptionsAvailability`, {
      body: { options: { Size: 'Blanket', Colour: 'Oat' } },
    });
    expect(chosen.body).toMatchObject({
      availableForPurchase: true,
      selectedVariant: { quantity: 2, price: { price: 160 } },
    });
  });
});

describe('collections', () => {
  it('queries collections and finds them by slug and id', async () => {
    const all = await call(`/v2/collections/query?${dotR({ query: { paging: { limit: 50 } } })}`);
    expect(all.status).toBe(200);
    expect(all.body.totalResults).toBe(7);
    const slugsOf = all.body.collections.map((c: { slug: string }) => c.slug);
    expect(slugsOf).toEqual(
      expect.arrayContaining(['all-products', 'hidden-homepage-featured-items', 'hidden-homepage-carousel', 'kitchen']),
    );
    const bySlug = await call('/v2/collections/slug/all-products?slug=all-products');
    expect(bySlug.body.collection).toMatchObject({
      id: ALL_PRODUCTS_COLLECTION_ID,
      name: 'All Products',
      numberOfProducts: 12,
    });
    const kitchen = demoCollectionId('demo', 'kitchen');
    const byId = await call(`/v2/collections/${kitchen}?id=${kitchen}`);
    expect(byId.body.collection).toMatchObject({ slug: 'kitchen', numberOfProducts: 4 });
  });

  it("names and describes collections in the shopper's language, else the default", async () => {
    const path = `/v2/collections/query?${dotR({ query: { filter: { slug: 'kitchen' } } })}`;
    const french = (await call(path, { language: 'fr-FR,fr;q=0.9' })).body.collections[0];
    expect(french).toMatchObject({ slug: 'kitchen', name: 'Cuisine' });
    expect(french.description).toMatch(/^Mugs, bouilloires/);
    expect((await call('/v2/collections/slug/kitchen?slug=kitchen', { language: 'de' })).body.collection.name).toBe(
      'Küche',
    );
    const all = await call('/v2/collections/slug/all-products?slug=all-products', { language: 'ar' });
    expect(all.body.collection.name).toBe('كل المنتجات');
    expect((await call(path)).body.collections[0].name).toBe('Kitchen');
    expect((await call(path, { language: 'ja' })).body.collections[0].name).toBe('Kitchen');
  });

  it('answers an unknown slug with the bare 404 the templates read as code 404', async () => {
    const { status, body } = await call('/v2/collections/slug/no-such-thing?slug=no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({
      message: 'Collection with slug no-such-thing not found',
      details: {},
      code: 'STORE_COLLECTION_NOT_FOUND',
    });
    expect((await call('/stores-reader/v1/products/nope')).body).toMatchObject({
      details: {},
      code: 'PRODUCT_NOT_FOUND',
    });
  });
});

describe('who reads what', () => {
  it('refuses a request without a token with 401, and a forged token', async () => {
    const none = await call(`/stores-reader/v1/products/query-platformized?${dotR({ query: {} })}`, { auth: null });
    expect(none.status).toBe(401);
    expect(none.body.details.applicationError.code).toBe('UNAUTHORIZED');
    expect((await call('/v2/collections/slug/all-products', { auth: 'a.b.c' })).status).toBe(401);
  });

  it('hides hidden products from shoppers; a site key sees them when it asks', async () => {
    await server.ctx.db.query(
      `update commerce_products set visible = false where site_id = $1 and slug = 'desk-tray'`,
      [server.siteId],
    );
    try {
      expect(slugs((await query({})).body)).not.toContain('desk-tray');
      const id = demoProductId('demo', 'desk-tray');
      expect((await call(`/stores-reader/v1/products/${id}`)).status).toBe(404);
      const admin = `Bearer ${server.adminKey}`;
      const asKey = await call(
        `/stores-reader/v1/products/query-platformized?${dotR({ query: {}, includeHiddenProducts: true })}`,
        {
          auth: admin,
        },
      );
      expect(slugs(asKey.body)).toContain('desk-tray');
      expect((await call(`/stores-reader/v1/products/${id}`, { auth: admin })).status).toBe(200);
    } finally {
      await server.ctx.db.query(`update commerce_products set visible = true where site_id = $1`, [server.siteId]);
    }
  });

  it('refuses unsupported filters and oversized pages in the Wix envelopes', async () => {
    const field = await query({ filter: { weight: { $gt: 1 } } });
    expect(field.status).toBe(400);
    expect(field.body.details.applicationError).toMatchObject({ code: 'UNSUPPORTED_QUERY', data: { field: 'weight' } });
    const limit = await query({ paging: { limit: 101 } });
    expect(limit.status).toBe(400);
    expect(limit.body.details.validationError.fieldViolations[0].field).toBe('query.paging.limit');
    const badR = await call('/stores-reader/v1/products/query-platformized?.r=%25%25');
    expect(badR.status).toBe(400);
  });
});
