/**
 * Whole list answers kept under the catalog's version (catalog-pages.ts, migration 102) and the current cart's kept
 * products (catalog/kept-products.ts), on two instances of the server on one database (PostgreSQL with
 * VITRINE_TEST_DATABASE_URL, else one shared PGlite): a repeated list is answered from the kept page, and every kind
 * of catalog write — a price, stock taken by an order, a translation, a deleted product — shows at once in the next
 * answer of both instances, in catalog v1, v3 and the cart, however it was written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTwoInstances, type SecondInstance } from '../../../test-support/instances.js';
import type { TestServer } from '../../../test-support/server.js';
import { deleteProduct, saveProduct, type ProductInput } from '../catalog/store.js';
import { catalogPages } from './catalog-pages.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking JSON answers
type Answer = Record<string, any>;

let pair: Awaited<ReturnType<typeof startTwoInstances>>;
let server: TestServer;
let second: SecondInstance;
let kit: CommerceKit;
let shopper: string;
let productId: string;
let lamp: ProductInput;

const V1 = '/stores-reader/v1/products/query-platformized';
const V3 = '/stores/v3/products/query';

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: shopper, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(200);
  return { text: await response.text(), type: response.headers.get('content-type') };
}

const v1Text = async (base: string, headers?: Record<string, string>) =>
  (await call(base, 'POST', V1, { query: { paging: { limit: 100 } } }, headers)).text;
const v1 = async (base: string, headers?: Record<string, string>): Promise<Answer | undefined> =>
  JSON.parse(await v1Text(base, headers)).products.find((p: Answer) => p.id === productId);
const v3 = async (base: string): Promise<Answer | undefined> =>
  JSON.parse((await call(base, 'POST', V3, { query: { cursorPaging: { limit: 100 } } })).text).products.find(
    (p: Answer) => p.id === productId,
  );
const cartLine = async (base: string): Promise<Answer> =>
  JSON.parse((await call(base, 'GET', '/ecom/v1/carts/current')).text).cart.lineItems[0];
const bases = () => [server.url, second.url];

/** Every answer on both instances, so each has kept pages and products to be proved stale. */
async function warm(): Promise<void> {
  for (const base of bases()) {
    await v1(base);
    await v1(base, { 'accept-language': 'fr' });
    await v3(base);
    await cartLine(base);
  }
}

const save = (input: ProductInput) =>
  server.ctx.db.transaction((tx) => saveProduct(tx, server.siteId, input, Date.now()));

beforeAll(async () => {
  pair = await startTwoInstances((c) => c);
  ({ server, second } = pair);
  kit = new CommerceKit(server);
  lamp = { slug: 'kept-lamp', name: 'Kept Lamp', variants: [{ price: 1000, stock: 10 }] };
  productId = await kit.product(lamp);
  lamp = { ...lamp, id: productId };
  shopper = await kit.visitor();
  const added = await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token: shopper,
    body: { lineItems: [{ catalogReference: { catalogItemId: productId }, quantity: 1 }] },
  });
  expect(added.status).toBe(200);
});
afterAll(() => pair?.close());

describe('kept catalog answers', () => {
  it('answers a repeated list from the kept page, byte for byte, as JSON', async () => {
    const first = await call(server.url, 'POST', V1, { query: { paging: { limit: 100 } } });
    const before = catalogPages(server.ctx).stats();
    const again = await call(server.url, 'POST', V1, { query: { paging: { limit: 100 } } });
    expect(again.text).toBe(first.text);
    expect(again.type).toBe('application/json; charset=utf-8');
    expect(catalogPages(server.ctx).stats()).toMatchObject({ entries: before.entries, hits: before.hits + 1 });
  });

  it('shows a new price at once on both instances (v1, v3 and the cart)', async () => {
    await warm();
    await save({ ...lamp, variants: [{ price: 1500 }] });
    for (const base of bases()) {
      expect((await v1(base))?.priceData.price).toBe(15);
      expect((await v3(base))?.actualPriceRange.minValue.amount).toBe('15.00');
      expect((await cartLine(base)).price.amount).toBe('15.00');
    }
  });

  it('shows stock taken by an order at once on both instances', async () => {
    await warm();
    expect((await v1(second.url))?.stock.quantity).toBe(10);
    await kit.order(await kit.visitor(), productId, 3, { email: 'kept-buyer@example.com' });
    for (const base of bases()) {
      expect((await v1(base))?.stock.quantity).toBe(7);
      expect((await cartLine(base)).availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 7 });
    }
  });

  it('shows a new translation at once on both instances', async () => {
    await warm();
    expect((await v1(second.url, { 'accept-language': 'fr' }))?.name).toBe('Kept Lamp');
    await save({ ...lamp, variants: [{ price: 1500 }], translations: { fr: { name: 'Lampe gardée' } } });
    for (const base of bases()) {
      expect((await v1(base, { 'accept-language': 'fr' }))?.name).toBe('Lampe gardée');
      expect((await v1(base))?.name).toBe('Kept Lamp');
    }
  });

  it('drops a deleted product at once on both instances', async () => {
    await warm();
    await server.ctx.db.transaction((tx) => deleteProduct(tx, server.siteId, productId));
    for (const base of bases()) {
      expect(await v1(base)).toBeUndefined();
      expect(await v3(base)).toBeUndefined();
      expect((await cartLine(base)).availability).toEqual({ status: 'NOT_FOUND' });
    }
  });
});
