import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateValue, type JsonObject, buildData, insertRow, readItem } from '../data/index.js';
import { installHttpConventions } from '../http/install.js';
import { ajvOptions } from '../http/schemas/ajv.js';
import { installTextPolicy } from '../http/schemas/text-policy.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { shopRoutes } from './routes.js';

/**
 * The shop API against a real database and real tokens: the test server provides the context
 * (migrated store, sites, token service); the routes are mounted on their own Fastify instance so
 * these tests do not depend on how the app wires its modules.
 */
let server: TestServer;
let app: FastifyInstance;
let siteId: string;
let clientId: string;
let seq = 0;

beforeAll(async () => {
  // A shop without delivery methods: checkout asks for no delivery choice (guest-checkout.integration.test.ts
  // covers the demo site's methods).
  server = await startTestServer({ site: (s) => ({ ...s, shipping: undefined }) });
  siteId = server.siteId;
  clientId = server.clientId;
  // The app's Ajv and character policy, which the route schemas are written for (`x-text`).
  app = Fastify({ ajv: ajvOptions });
  installHttpConventions(app, { sites: server.ctx.sites, https: false });
  installTextPolicy(app);
  await app.register(shopRoutes, { ctx: server.ctx });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await server?.close();
});

async function member(): Promise<{ memberId: string; token: string }> {
  const memberId = `member-${++seq}-${Date.now()}`;
  const tokens = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId, clientId, memberId }),
  );
  return { memberId, token: tokens.accessToken };
}

async function put(collection: string, data: JsonObject, owner?: string): Promise<string> {
  const id = String(data._id ?? `${collection}-${++seq}`);
  const now = Date.now();
  await insertRow(
    server.ctx.db,
    siteId,
    collection,
    buildData(data, id, owner, dateValue(now), dateValue(now)),
    owner,
    now,
  );
  return id;
}

const product = (slug: string, price: number, stock?: number) =>
  put('Products', {
    _id: `t-${slug}-${++seq}`,
    title: `Test ${slug}`,
    slug: `t-${slug}-${seq}`,
    price,
    category: 'Test',
    ...(stock === undefined ? {} : { stock }),
  });

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function cartCount(memberId: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: string }>(
    "select count(*) as n from data_items where site_id = $1 and collection_id = 'Cart' and owner_id = $2",
    [siteId, memberId],
  );
  return Number(rows[0]!.n);
}

const stockOf = async (id: string) => (await readItem(server.ctx.db, siteId, 'Products', id))!.data.stock;

describe('shop API', () => {
  it('requires a member', async () => {
    const anonymous = await call('POST', '/_api/vitrine/v1/checkout', undefined, {});
    expect(anonymous.statusCode).toBe(401);
    const visitor = server.ctx.tokens.issueVisitor(
      server.ctx.sites.get(siteId)!,
      server.ctx.sites.findClient(clientId)!.client,
    );
    const res = await call('GET', '/_api/vitrine/v1/orders', visitor.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().details.applicationError.code).toBe('UNAUTHORIZED');
  });

  it('places an order from catalog prices, takes stock and empties the cart', async () => {
    const { memberId, token } = await member();
    const mug = await product('mug', 18, 5);
    const pen = await product('pen', 0.1);
    // A price or title written into the cart by the browser is ignored.
    await put('Cart', { productId: mug, quantity: 2, price: 0.01 }, memberId);
    await put('Cart', { productId: pen, quantity: 3 }, memberId);
    await put('Cart', { productId: mug, quantity: 1 }, memberId);

    const res = await call('POST', '/_api/vitrine/v1/checkout', token, {
      shippingAddress: { addressLine: '1 Main St', city: 'Springfield', country: 'US' },
    });
    expect(res.statusCode).toBe(200);
    const { order } = res.json();
    expect(order.number).toMatch(/^V-1\d{5}$/);
    expect(order.total).toBe(54.3);
    expect(order.itemCount).toBe(6);
    expect(order.lines).toEqual([
      expect.objectContaining({ productId: mug, quantity: 3, unitPrice: 18, lineTotal: 54 }),
      expect.objectContaining({ productId: pen, quantity: 3, unitPrice: 0.1, lineTotal: 0.3 }),
    ]);
    expect(order.shippingAddress).toEqual({ addressLine: '1 Main St', city: 'Springfield', country: 'US' });
    expect(await stockOf(mug)).toBe(2);
    expect(await stockOf(pen)).toBeUndefined();
    expect(await cartCount(memberId)).toBe(0);

    const list = await call('GET', '/_api/vitrine/v1/orders', token);
    expect(list.json().orders.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    const one = await call('GET', `/_api/vitrine/v1/orders/${order._id}`, token);
    expect(one.json().order.number).toBe(order.number);

    // Another member sees neither the order nor its existence.
    const other = await member();
    expect((await call('GET', `/_api/vitrine/v1/orders/${order._id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', '/_api/vitrine/v1/orders', other.token)).json().orders).toEqual([]);
  });

  it('gives consecutive order numbers', async () => {
    const { memberId, token } = await member();
    const item = await product('candle', 4, 10);
    await put('Cart', { productId: item, quantity: 1 }, memberId);
    const first = (await call('POST', '/_api/vitrine/v1/checkout', token, {})).json().order.number as string;
    await put('Cart', { productId: item, quantity: 1 }, memberId);
    const second = (await call('POST', '/_api/vitrine/v1/checkout', token, {})).json().order.number as string;
    expect(Number(second.slice(2))).toBe(Number(first.slice(2)) + 1);
  });

  it('changes nothing when stock is short', async () => {
    const { memberId, token } = await member();
    const ok = await product('ok', 5, 10);
    const rare = await product('rare', 5, 1);
    await put('Cart', { productId: ok, quantity: 2 }, memberId);
    await put('Cart', { productId: rare, quantity: 2 }, memberId);
    const res = await call('POST', '/_api/vitrine/v1/checkout', token, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().details.applicationError).toMatchObject({
      code: 'OUT_OF_STOCK',
      data: { productId: rare, available: 1, requested: 2 },
    });
    expect(await stockOf(ok)).toBe(10);
    expect(await stockOf(rare)).toBe(1);
    expect(await cartCount(memberId)).toBe(2);
    expect((await call('GET', '/_api/vitrine/v1/orders', token)).json().orders).toEqual([]);
  });

  it('refuses an empty cart and a malformed address', async () => {
    const { memberId, token } = await member();
    const empty = await call('POST', '/_api/vitrine/v1/checkout', token, {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json().details.applicationError.code).toBe('CART_EMPTY');
    await put('Cart', { productId: await product('x', 1), quantity: 1 }, memberId);
    const bad = await call('POST', '/_api/vitrine/v1/checkout', token, { shippingAddress: { city: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(await cartCount(memberId)).toBe(1);
  });

  it('sells the last unit once when two members check out at the same time', async () => {
    const last = await product('last', 30, 1);
    const a = await member();
    const b = await member();
    await put('Cart', { productId: last, quantity: 1 }, a.memberId);
    await put('Cart', { productId: last, quantity: 1 }, b.memberId);
    const results = await Promise.all([a, b].map((m) => call('POST', '/_api/vitrine/v1/checkout', m.token, {})));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(last)).toBe(0);
  });
});
