/**
 * The product lists' kept answers (product-answers.ts) on a real server with the demo shop: a second list is the
 * first one byte for byte, and whatever changes a product in the database shows at once in the next list, whether
 * or not the write stamps the product (an order taking stock, a collection gaining it, a raw SQL change), in
 * catalog v1 and v3, and in each reader's own shape (language, hidden products for a site key).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '../../../test-support/index.js';
import { demoProductId } from '../catalog/demo-shop.js';
import { productAnswerStats } from './product-answers.js';

let server: TestServer;
let token: string;

const V1 = '/stores-reader/v1/products/query-platformized';
const V3 = '/stores/v3/products/query';

async function list(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return response.text();
}
const v1 = (headers?: Record<string, string>) => list(V1, { query: { paging: { limit: 50 } } }, headers);
const v3 = () => list(V3, { query: { cursorPaging: { limit: 50 } }, fields: ['CURRENCY'] });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking JSON answers
const productOf = (text: string, slug: string): any => JSON.parse(text).products.find((p: any) => p.slug === slug);

beforeAll(async () => {
  server = await startTestServer();
  token = (await getVisitorToken(server.url, server.clientId)).access_token;
});
afterAll(() => server?.close());

describe('product lists keep each product answer by what it is made of', () => {
  it('answers a repeated list byte for byte, from kept answers', async () => {
    const first = await v1();
    const kept = productAnswerStats().entries;
    expect(kept).toBeGreaterThanOrEqual(12);
    expect(await v1()).toBe(first);
    expect(productAnswerStats().entries).toBe(kept);
    expect(JSON.parse(first).products).toHaveLength(12);
  });

  it('shows a stock change that does not stamp the product, in v1 and v3', async () => {
    const id = demoProductId(server.siteId, 'brass-pen');
    const before = productOf(await v1(), 'brass-pen');
    const beforeV3 = productOf(await v3(), 'brass-pen');
    expect(before.stock.quantity).not.toBe(0);
    // As an order or a reservation takes stock: the variant's row only.
    await server.ctx.db.query(`update commerce_variants set stock = 0 where site_id = $1 and product_id = $2`, [
      server.siteId,
      id,
    ]);
    const after = productOf(await v1(), 'brass-pen');
    expect(after.stock).toMatchObject({ quantity: 0, inStock: false, inventoryStatus: 'OUT_OF_STOCK' });
    expect(after.lastUpdated).toBe(before.lastUpdated);
    expect(productOf(await v3(), 'brass-pen').inventory.availabilityStatus).toBe('OUT_OF_STOCK');
    expect(beforeV3.inventory.availabilityStatus).not.toBe('OUT_OF_STOCK');
  });

  it('shows a new collection link and a new price at once', async () => {
    const id = demoProductId(server.siteId, 'stoneware-mug');
    const before = productOf(await v1(), 'stoneware-mug');
    await server.ctx.db.query(
      `insert into commerce_collections (site_id, id, slug, name, created_at) values ($1, 'kept-test', 'kept-test', 'Kept', now())`,
      [server.siteId],
    );
    await server.ctx.db.query(
      `insert into commerce_collection_products (site_id, collection_id, product_id) values ($1, 'kept-test', $2)`,
      [server.siteId, id],
    );
    await server.ctx.db.query(
      `update commerce_variants set price = price + 100 where site_id = $1 and product_id = $2`,
      [server.siteId, id],
    );
    const after = productOf(await v1(), 'stoneware-mug');
    expect(after.collectionIds).toHaveLength(before.collectionIds.length + 1);
    expect(after.collectionIds).toEqual(expect.arrayContaining([...before.collectionIds, 'kept-test']));
    expect(after.priceData.price).toBe(before.priceData.price + 1);
  });

  it("keeps each reader's shape apart: the shopper's language, and a site key's hidden products", async () => {
    const english = productOf(await v1(), 'stoneware-mug');
    const french = productOf(await v1({ 'accept-language': 'fr' }), 'stoneware-mug');
    expect(french.name).toBe('Mug en grès');
    expect(english.name).toBe('Stoneware Mug');
    const id = demoProductId(server.siteId, 'wool-throw');
    await server.ctx.db.query(`update commerce_variants set visible = false where site_id = $1 and product_id = $2`, [
      server.siteId,
      id,
    ]);
    const shopper = productOf(await v1(), 'wool-throw');
    const admin = { authorization: server.adminKey, 'x-vitrine-site-id': server.siteId };
    const owner = productOf(
      await list(V1, { query: { paging: { limit: 50 } }, includeHiddenProducts: true }, admin),
      'wool-throw',
    );
    expect(owner.variants.length).toBeGreaterThan(shopper.variants.length);
  });
});
