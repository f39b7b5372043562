import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateValue, type JsonObject, buildData, insertRow, readItem } from '../data/index.js';
import { listMail } from '../mail/index.js';
import { api } from '../../test-support/identity-server.js';
import { getVisitorToken, startTestServer, type TestServer } from '../../test-support/server.js';
import { DEFAULT_SHOP_LIMITS } from './limits.js';
import { EXPIRY_ACTOR, expireUnpaidOrders } from './order-expiry.js';
import { orderHistory } from './order-status.js';

/**
 * Audit V5-4: checkout's limits with the defaults (shop/limits.ts) on a real server whose clock the test drives:
 * caps per product, per order and on the products of an order; orders awaiting payment per buyer; orders per
 * member per hour; and unpaid orders cancelled after `unpaidOrderHours`, their stock back once even when two
 * sweeps run at the same time. Every guest here comes from 127.0.0.1, so guest orders share one address.
 */
let server: TestServer;
let call: ReturnType<typeof api>;
let clock = Date.now();
let seq = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ now: () => clock, site: (s) => ({ ...s, shipping: undefined }) });
  call = api(server.url);
});
afterAll(() => server?.close());

const subjectOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub as string;
const codeOf = (body: { details?: { applicationError?: { code?: string } } }) => body.details?.applicationError?.code;
const errorOf = (body: { details?: { applicationError?: unknown } }) => body.details?.applicationError;

async function put(collection: string, data: JsonObject, owner?: string): Promise<string> {
  const id = `lim-${collection}-${++seq}`;
  await insertRow(
    server.ctx.db,
    server.siteId,
    collection,
    buildData(data, id, owner, dateValue(clock), dateValue(clock)),
    owner,
    clock,
  );
  return id;
}

const product = (stock: number) => put('Products', { title: `Jar ${seq}`, slug: `jar-${seq}`, price: 3, stock });
const stockOf = async (id: string) => (await readItem(server.ctx.db, server.siteId, 'Products', id))!.data.stock;

async function guest(lines: [string, number][]): Promise<string> {
  const token = (await getVisitorToken(server.url, server.clientId)).access_token;
  for (const [productId, quantity] of lines) await put('Cart', { productId, quantity }, subjectOf(token));
  return token;
}

async function member(lines: [string, number][] = [], memberId = `lim-member-${++seq}`) {
  for (const [productId, quantity] of lines) await put('Cart', { productId, quantity }, memberId);
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  return { memberId, token: session.accessToken };
}

const address = { addressLine: '1 Main St', city: 'Paris', country: 'FR' };
const checkout = (token: string, email?: string) =>
  call('POST', '/_api/vitrine/v1/checkout', { token, body: { shippingAddress: address, ...(email ? { email } : {}) } });

describe('caps on one order', () => {
  it('the audit’s reproduction: a guest cart holding 99 of every product is refused, and no stock moves', async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => product(99)));
    const token = await guest(products.map((p) => [p, 99]));
    const res = await checkout(token, 'nobody@example.com');
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'INVALID_CART',
      data: { limit: 'maxUnitsPerProduct', max: DEFAULT_SHOP_LIMITS.maxUnitsPerProduct, productId: products[0] },
    });
    expect(res.body.message).toMatch(/At most 10 of one product per order/);
    expect(await Promise.all(products.map(stockOf))).toEqual(products.map(() => 99));
  });

  it('per product (cart lines add up), units in all and products per order; the review step says so too', async () => {
    const a = await product(50);
    const split = await member([
      [a, 6],
      [a, 5],
    ]);
    const quote = await call('POST', '/_api/vitrine/v1/checkout/quote', { token: split.token, body: {} });
    expect(errorOf(quote.body)).toMatchObject({ code: 'INVALID_CART', data: { limit: 'maxUnitsPerProduct' } });
    expect(errorOf((await checkout(split.token)).body)).toMatchObject({ data: { limit: 'maxUnitsPerProduct' } });

    const six = await Promise.all(Array.from({ length: 6 }, () => product(50)));
    const many = await member(six.map((p) => [p, 10])); // 60 units, 10 of each
    const units = await checkout(many.token);
    expect(units.status).toBe(409);
    expect(errorOf(units.body)).toMatchObject({ code: 'INVALID_CART', data: { limit: 'maxUnitsPerOrder', max: 50 } });

    const wide = await Promise.all(Array.from({ length: 31 }, () => product(50)));
    const lines = await member(wide.map((p) => [p, 1]));
    const products = await checkout(lines.token);
    expect(errorOf(products.body)).toMatchObject({
      code: 'INVALID_CART',
      data: { limit: 'maxLinesPerOrder', max: 30 },
    });
    expect(await Promise.all([a, ...six, ...wide].map(stockOf))).toEqual([a, ...six, ...wide].map(() => 50));

    const fits = await member([
      [a, 10],
      [six[0]!, 10],
    ]);
    expect((await checkout(fits.token)).status).toBe(200);
    expect(await stockOf(a)).toBe(40);
  });
});

describe('orders per member per hour', () => {
  it('are limited like a guest’s, with Retry-After, and free again an hour later', async () => {
    const { memberId } = await member();
    let { token } = await member([], memberId);
    for (let i = 0; i < DEFAULT_SHOP_LIMITS.memberOrdersPerHour; i++)
      expect(codeOf((await checkout(token)).body)).toBe('CART_EMPTY'); // refused after it was counted
    const refused = await checkout(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not held back by this one.
    expect(codeOf((await checkout((await member()).token)).body)).toBe('CART_EMPTY');
    clock += HOUR + 1000;
    ({ token } = await member([], memberId));
    expect(codeOf((await checkout(token)).body)).toBe('CART_EMPTY');
  });
});

describe('orders awaiting payment per buyer, and their expiry', () => {
  it('a member may have 3; the 4th waits until one is paid or cancelled', async () => {
    const p = await product(20);
    const m = await member();
    for (let i = 0; i < 3; i++) {
      await put('Cart', { productId: p, quantity: 1 }, m.memberId);
      expect((await checkout(m.token)).status).toBe(200);
    }
    await put('Cart', { productId: p, quantity: 1 }, m.memberId);
    const fourth = await checkout(m.token);
    expect(fourth.status).toBe(409);
    expect(errorOf(fourth.body)).toMatchObject({
      code: 'TOO_MANY_OPEN_ORDERS',
      data: { limit: 'maxOpenUnpaidOrders', max: 3, by: 'member' },
    });
    expect(await stockOf(p)).toBe(17);
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `select id from data_items where site_id = $1 and collection_id = 'Orders' and owner_id = $2 limit 1`,
      [server.siteId, m.memberId],
    );
    const paid = await call('POST', `/_admin/v1/orders/${rows[0]!.id}/status`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
      body: { siteId: server.siteId, status: 'PAID' },
    });
    expect(paid.status).toBe(200);
    expect((await checkout(m.token)).status).toBe(200);
  });

  it('guests from one address may have 3; after unpaidOrderHours they are cancelled and their stock comes back once', async () => {
    const p = await product(10);
    const placed: string[] = [];
    const emails = [0, 1, 2, 3, 4].map((i) => `open-${i}-${seq}@example.com`);
    for (const email of emails.slice(0, 3)) {
      const res = await checkout(await guest([[p, 2]]), email);
      expect(res.status).toBe(200);
      placed.push(res.body.order._id);
    }
    expect(await stockOf(p)).toBe(4);
    const fourth = await checkout(await guest([[p, 1]]), emails[3]);
    expect(errorOf(fourth.body)).toMatchObject({ code: 'TOO_MANY_OPEN_ORDERS', data: { by: 'address' } });
    expect(await stockOf(p)).toBe(4);

    clock += (DEFAULT_SHOP_LIMITS.unpaidOrderHours - 1) * HOUR;
    await expireUnpaidOrders(server.ctx); // the older orders of the tests above may go; these stay
    expect(await stockOf(p)).toBe(4);

    clock += 2 * HOUR;
    // Two instances sweeping at once: each order is cancelled, and its stock returned, once.
    const swept = await Promise.all([expireUnpaidOrders(server.ctx), expireUnpaidOrders(server.ctx)]);
    expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(placed.length); // with the unpaid orders of the tests above
    for (const id of placed)
      expect((await readItem(server.ctx.db, server.siteId, 'Orders', id))!.data).toMatchObject({ status: 'CANCELED' });
    expect(await stockOf(p)).toBe(10);
    expect(await expireUnpaidOrders(server.ctx)).toBe(0);
    expect(await stockOf(p)).toBe(10);

    const history = await orderHistory(server.ctx.db, server.siteId, placed[0]!);
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: 'AWAITING_PAYMENT', toStatus: 'CANCELED', actor: EXPIRY_ACTOR }),
    ]);
    // The guest hears of it as of an owner's cancel.
    const mails = await listMail(server.ctx.db, { to: emails[0] });
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-status']);

    const again = await checkout(await guest([[p, 1]]), emails[4]);
    expect(again.status).toBe(200);
  });
});
