/**
 * `Stores/Products` through the unmodified @wix/sdk + @wix/data `items` client (issue #50): the commerce module's
 * catalog read as Wix exposes its Stores app's products to data code — query with filters, sorts, paging and a
 * language, get by id, count — in the fields of Wix's "Products" collection; every write refused with WDE0027, the
 * admin key included, as Wix refuses writes to its apps' collections. Assertions are on what the client returns.
 */
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

const API_KEY = 'stores-products-compat-key-0123456789';
const STORES_PRODUCTS = 'Stores/Products';
let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;
const visitor = () => createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId }) });
const owner = () =>
  createClient({ modules: { items }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: server.siteId }) });

interface StoresProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  plainDescription: string;
  price: number;
  discountedPrice: number;
  formattedPrice: string;
  formattedDiscountedPrice: string;
  currency: string;
  mainMedia: string;
  mediaItems: { src: string; type: string }[];
  inStock: boolean;
  trackInventory: boolean;
  quantityInStock?: number;
  manageVariants: boolean;
  productOptions: Record<
    string,
    { name: string; optionType: string; choices: { value: string; description: string }[] }
  >;
  collections: string[];
  productPageUrl: string;
  ribbon: string;
  _createdDate: Date;
}

async function rejection(promise: Promise<unknown>): Promise<{ message: string; code: unknown }> {
  try {
    await promise;
  } catch (e) {
    const err = e as Error & { details?: { applicationError?: { code?: string } }; code?: unknown };
    return { message: err.message, code: err.details?.applicationError?.code ?? err.code };
  }
  throw new Error('expected the call to be rejected');
}

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({ ...s, apiKeys: [...(s.apiKeys ?? []), { name: 'compat', key: API_KEY }] }),
  });
  routing = routeWixToLocal(server.url);
}, 120_000);
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

const products = async (q: Promise<{ items: unknown[] }>) => (await q).items as StoresProduct[];

describe('unmodified @wix/data items on Stores/Products', () => {
  it('queries the catalog in the fields of Wix’s Products collection', async () => {
    const all = await products(visitor().items.query(STORES_PRODUCTS).find());
    expect(all).toHaveLength(12);
    const mug = all.find((p) => p.slug === 'stoneware-mug')!;
    expect(mug).toMatchObject({
      name: 'Stoneware Mug',
      currency: 'USD',
      price: 18,
      discountedPrice: 18,
      formattedPrice: '$18.00',
      inStock: true,
      trackInventory: true,
      manageVariants: true,
      productPageUrl: '/products/stoneware-mug',
    });
    expect(mug.mainMedia).toBe(`${server.url}/assets/products/stoneware-mug.svg`);
    expect(mug.mediaItems[0]).toMatchObject({ type: 'image', src: mug.mainMedia });
    expect(mug.plainDescription).toBe('A hand-glazed 350 ml mug that keeps coffee warm and sits well in the hand.');
    expect(mug._createdDate).toBeInstanceOf(Date);
    // On sale: Wix's price is the original one, discountedPrice what is paid.
    const vase = all.find((p) => p.slug === 'ceramic-vase')!;
    expect(vase).toMatchObject({ price: 45, discountedPrice: 36, formattedDiscountedPrice: '$36.00', ribbon: 'Sale' });
    const throw_ = all.find((p) => p.slug === 'wool-throw')!;
    expect(Object.keys(throw_.productOptions)).toEqual(['Size', 'Colour']);
    expect(throw_.productOptions.Size!.choices.map((c) => c.value)).toEqual(['Throw', 'Blanket']);
    const pen = all.find((p) => p.slug === 'brass-pen')!;
    expect(pen).toMatchObject({ manageVariants: false, quantityInStock: 10 });
  });

  it('filters, sorts and pages as any collection: eq, hasSome on collections, lt, ascending, limit and next', async () => {
    const c = visitor();
    const vase = await products(c.items.query(STORES_PRODUCTS).eq('slug', 'ceramic-vase').find());
    expect(vase.map((p) => p.name)).toEqual(['Ribbed Ceramic Vase']);
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `select id from commerce_collections where site_id = $1 and slug = 'kitchen'`,
      [server.siteId],
    );
    const kitchen = await products(c.items.query(STORES_PRODUCTS).hasSome('collections', [rows[0]!.id]).find());
    expect(kitchen.map((p) => p.slug).sort()).toEqual([
      'linen-tea-towels',
      'olive-wood-board',
      'pour-over-kettle',
      'stoneware-mug',
    ]);
    const cheap = await products(c.items.query(STORES_PRODUCTS).lt('discountedPrice', 16).ascending('price').find());
    expect(cheap.map((p) => [p.slug, p.discountedPrice])).toEqual([
      ['enamel-camp-mug', 12],
      ['dot-grid-notebook', 14],
    ]);
    const first = await c.items.query(STORES_PRODUCTS).ascending('name').limit(5).find();
    expect(first.items).toHaveLength(5);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    const names = [...first.items, ...second.items].map((p) => (p as StoresProduct).name);
    expect(new Set(names).size).toBe(10);
    expect(names).toEqual([...names].sort());
    expect(await c.items.query(STORES_PRODUCTS).eq('inStock', false).count()).toBe(1);
  });

  it('gets a product by id, in a language, and answers null for an unknown id', async () => {
    const c = visitor();
    const [kettle] = await products(c.items.query(STORES_PRODUCTS).eq('slug', 'pour-over-kettle').find());
    const got = (await c.items.get(STORES_PRODUCTS, kettle!._id)) as StoresProduct;
    expect(got).toMatchObject({ _id: kettle!._id, name: 'Pour-Over Kettle', price: 64 });
    const fr = (await c.items.get(STORES_PRODUCTS, kettle!._id, { language: 'fr' })) as StoresProduct;
    expect(fr.name).toBe('Bouilloire à col de cygne');
    expect(await c.items.get(STORES_PRODUCTS, 'no-such-product')).toBeNull();
  });

  it('shows hidden products to the site’s API key only', async () => {
    await server.ctx.db.query(
      `update commerce_products set visible = false where site_id = $1 and slug = 'desk-tray'`,
      [server.siteId],
    );
    try {
      expect(await visitor().items.query(STORES_PRODUCTS).count()).toBe(11);
      expect(await owner().items.query(STORES_PRODUCTS).count()).toBe(12);
    } finally {
      await server.ctx.db.query(
        `update commerce_products set visible = true where site_id = $1 and slug = 'desk-tray'`,
        [server.siteId],
      );
    }
  });

  it('refuses every write with WDE0027, the site’s API key included, and pages over 100', async () => {
    for (const c of [visitor(), owner()]) {
      const inserted = await rejection(c.items.insert(STORES_PRODUCTS, { name: 'Nope' }));
      expect(inserted.code).toBe('WDE0027');
      expect(inserted.message).toMatch(/permissions/);
      const [any] = await products(c.items.query(STORES_PRODUCTS).limit(1).find());
      expect((await rejection(c.items.update(STORES_PRODUCTS, { ...any!, name: 'Renamed' }))).code).toBe('WDE0027');
      expect((await rejection(c.items.remove(STORES_PRODUCTS, any!._id))).code).toBe('WDE0027');
    }
    expect((await rejection(owner().items.truncate(STORES_PRODUCTS))).code).toBe('WDE0027');
    expect(await visitor().items.query(STORES_PRODUCTS).count()).toBe(12);
    const tooMany = await rejection(visitor().items.query(STORES_PRODUCTS).limit(101).find());
    expect(tooMany.message).toMatch(/at most 100/);
  });
});
