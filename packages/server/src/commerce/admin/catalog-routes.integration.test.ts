/**
 * The catalog's admin API through a real server: products with options and variants (the variant grid, create,
 * update keeping stock, delete), collections (create, update, set products), who may read and change, and what
 * shoppers see of the result on the Wix wire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, signedIn, startTestServer, type TestServer } from '../../../test-support/index.js';
import { ALL_PRODUCTS_COLLECTION_ID } from '../catalog/ids.js';

let server: TestServer;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking JSON answers
type Answer = Record<string, any>;

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/_admin/v1/commerce${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const SIZES = {
  name: 'Size',
  optionType: 'drop_down',
  choices: ['S', 'M', 'L'].map((v) => ({ value: v, description: v })),
};

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('products', () => {
  let id: string;

  it('lists the catalog a page at a time, with amounts in minor units', async () => {
    const { status, body } = await admin('GET', `/products?siteId=${server.siteId}&search=mug&limit=10`);
    expect(status).toBe(200);
    expect(body.currency).toBe('USD');
    expect(body.total).toBe(2);
    expect(body.products.find((p: Answer) => p.slug === 'stoneware-mug')).toMatchObject({
      minPrice: 1800,
      maxPrice: 1800,
      stock: 40,
      variantCount: 2,
      inventoryStatus: 'IN_STOCK',
    });
  });

  it('generates the variant grid and creates a product from it, in the all-products collection', async () => {
    const grid = await admin('POST', '/products/variant-grid', {
      siteId: server.siteId,
      options: [SIZES],
      price: 2500,
      stock: 5,
    });
    expect(grid.status).toBe(200);
    expect(grid.body.variants).toEqual([
      { price: 2500, stock: 5, choices: { Size: 'S' } },
      { price: 2500, stock: 5, choices: { Size: 'M' } },
      { price: 2500, stock: 5, choices: { Size: 'L' } },
    ]);
    const variants = grid.body.variants.map((v: Answer) => (v.choices.Size === 'L' ? { ...v, price: 2900 } : v));
    const created = await admin('POST', '/products', {
      siteId: server.siteId,
      product: { slug: 'linen-shirt', name: 'Linen Shirt', description: '<p>Cool.</p>', options: [SIZES], variants },
    });
    expect(created.status).toBe(200);
    id = created.body.product.id;
    expect(created.body.product).toMatchObject({ slug: 'linen-shirt', collectionIds: [ALL_PRODUCTS_COLLECTION_ID] });
    expect(created.body.product.variants.map((v: Answer) => [v.choices.Size, v.price, v.stock])).toEqual([
      ['S', 2500, 5],
      ['M', 2500, 5],
      ['L', 2900, 5],
    ]);
    // Shoppers see it on the wire at once.
    const token = (await getVisitorToken(server.url, server.clientId)).access_token;
    const wire = await fetch(`${server.url}/stores-reader/v1/products/${id}`, { headers: { authorization: token } });
    expect(((await wire.json()) as Answer).product.priceRange).toEqual({ minValue: 25, maxValue: 29 });
  });

  it('refuses a taken slug and variants that do not fit the options', async () => {
    const taken = await admin('POST', '/products', {
      siteId: server.siteId,
      product: { slug: 'wool-throw', name: 'Again', variants: [{ price: 1 }] },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.details.applicationError.code).toBe('PRODUCT_SLUG_TAKEN');
    const misfit = await admin('POST', '/products', {
      siteId: server.siteId,
      product: { slug: 'misfit', name: 'Misfit', options: [SIZES], variants: [{ price: 1, choices: { Size: 'XL' } }] },
    });
    expect(misfit.status).toBe(400);
    expect(misfit.body.details.applicationError.code).toBe('INVALID_PRODUCT');
    const twice = await admin('POST', '/products', {
      siteId: server.siteId,
      product: {
        slug: 'twice',
        name: 'Twice',
        options: [SIZES],
        variants: [
          { id: 'v1', price: 1, choices: { Size: 'S' } },
          { id: 'v1', price: 1, choices: { Size: 'M' } },
        ],
      },
    });
    expect(twice.body.details.applicationError).toMatchObject({
      code: 'INVALID_PRODUCT',
      description: 'Two variants have one id',
    });
    const negative = await admin('POST', '/products', {
      siteId: server.siteId,
      product: { slug: 'neg', name: 'Neg', variants: [{ price: -1 }] },
    });
    expect(negative.status).toBe(400);
  });

  it('updates a product: variants matched by id keep their stock unless one is given', async () => {
    const before = (await admin('GET', `/products/${id}?siteId=${server.siteId}`)).body.product;
    const variants = before.variants.map((v: Answer) =>
      v.choices.Size === 'S' ? { id: v.id, choices: v.choices, price: 2000 } : { ...v, stock: 1 },
    );
    const updated = await admin('PUT', `/products/${id}`, {
      siteId: server.siteId,
      product: { slug: 'linen-shirt', name: 'Linen Shirt', options: [SIZES], variants, visible: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.product.variants.map((v: Answer) => [v.choices.Size, v.price, v.stock])).toEqual([
      ['S', 2000, 5],
      ['M', 2500, 1],
      ['L', 2900, 1],
    ]);
    expect(updated.body.product.collectionIds).toEqual([ALL_PRODUCTS_COLLECTION_ID]);
    expect((await admin('PUT', '/products/nope', { siteId: server.siteId, product: before })).status).toBe(404);
  });

  it('deletes a product', async () => {
    expect((await admin('DELETE', `/products/${id}?siteId=${server.siteId}`)).status).toBe(200);
    expect((await admin('GET', `/products/${id}?siteId=${server.siteId}`)).status).toBe(404);
    expect((await admin('DELETE', `/products/${id}?siteId=${server.siteId}`)).body.details.applicationError.code).toBe(
      'PRODUCT_NOT_FOUND',
    );
  });
});

describe('collections', () => {
  it('creates, renames and fills a collection in order', async () => {
    const created = await admin('POST', '/collections', {
      siteId: server.siteId,
      collection: { slug: 'gifts', name: 'Gifts' },
    });
    expect(created.status).toBe(200);
    const cid = created.body.collection.id;
    expect(created.body.collection).toMatchObject({ slug: 'gifts', productCount: 0, visible: true });
    const again = await admin('POST', '/collections', {
      siteId: server.siteId,
      collection: { slug: 'gifts', name: 'X' },
    });
    expect(again.body.details.applicationError.code).toBe('COLLECTION_SLUG_TAKEN');
    const renamed = await admin('PUT', `/collections/${cid}`, {
      siteId: server.siteId,
      collection: { slug: 'gift-ideas', name: 'Gift ideas', description: 'For others.' },
    });
    expect(renamed.body.collection).toMatchObject({ slug: 'gift-ideas', name: 'Gift ideas' });
    const products = (await admin('GET', `/products?siteId=${server.siteId}&limit=3`)).body.products as Answer[];
    const ids = products.map((p) => p.id).reverse();
    const filled = await admin('PUT', `/collections/${cid}/products`, {
      siteId: server.siteId,
      productIds: [...ids, 'no-such-product'],
    });
    expect(filled.body.collection.productCount).toBe(3);
    const inIt = await admin('GET', `/products?siteId=${server.siteId}&collectionId=${cid}`);
    expect(inIt.body.total).toBe(3);
    const fewer = await admin('PUT', `/collections/${cid}/products`, { siteId: server.siteId, productIds: [ids[0]] });
    expect(fewer.body.collection.productCount).toBe(1);
    const list = await admin('GET', `/collections?siteId=${server.siteId}`);
    expect(list.body.collections.map((c: Answer) => c.slug)).toContain('gift-ideas');
    expect((await admin('PUT', '/collections/nope/products', { siteId: server.siteId, productIds: [] })).status).toBe(
      404,
    );
  });

  it('keeps translations of a collection: given on create, kept when an update leaves them out, replaced when given', async () => {
    const fr = { name: 'Cadeaux', description: 'Pour les autres.' };
    const created = await admin('POST', '/collections', {
      siteId: server.siteId,
      collection: { slug: 'presents', name: 'Presents', translations: { fr, de: { name: 'Geschenke' } } },
    });
    expect(created.status).toBe(200);
    const cid = created.body.collection.id;
    expect(created.body.collection.translations).toEqual({ fr, de: { name: 'Geschenke' } });
    const renamed = await admin('PUT', `/collections/${cid}`, {
      siteId: server.siteId,
      collection: { slug: 'presents', name: 'Gifts for others' },
    });
    expect(renamed.body.collection).toMatchObject({ name: 'Gifts for others', translations: { fr } });
    const replaced = await admin('PUT', `/collections/${cid}`, {
      siteId: server.siteId,
      collection: { slug: 'presents', name: 'Gifts for others', translations: { es: { name: 'Regalos' } } },
    });
    expect(replaced.body.collection.translations).toEqual({ es: { name: 'Regalos' } });
    const listed = (await admin('GET', `/collections?siteId=${server.siteId}`)).body.collections as Answer[];
    expect(listed.find((c) => c.id == cid)?.translations).toEqual({ es: { name: 'Regalos' } });
    const tooLong = await admin('PUT', `/collections/${cid}`, {
      siteId: server.siteId,
      collection: { slug: 'presents', name: 'Gifts', translations: { fr: { name: 'x'.repeat(51) } } },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('who may', () => {
  it('lets every console role read and only owners and editors change; nobody else', async () => {
    const none = await fetch(`${server.url}/_admin/v1/commerce/products?siteId=${server.siteId}`);
    expect(none.status).toBe(401);
    const support = await signedIn(server, 'support@example.com', 'support');
    expect((await support.call('GET', `/_admin/v1/commerce/products?siteId=${server.siteId}`)).status).toBe(200);
    const refused = await support.call('POST', '/_admin/v1/commerce/collections', {
      siteId: server.siteId,
      collection: { slug: 'nope', name: 'Nope' },
    });
    expect(refused.status).toBe(403);
    const editor = await signedIn(server, 'editor@example.com', 'editor');
    const made = await editor.call('POST', '/_admin/v1/commerce/collections', {
      siteId: server.siteId,
      collection: { slug: 'editors-pick', name: "Editor's pick" },
    });
    expect(made.status).toBe(200);
  });
});
