/**
 * The console's reports over the module's orders (report-routes.ts): the CSV export with the list's filters and
 * formula escaping, and the sales overview of the last 30 days in minor units; the roles of the order routes.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { signedIn, type ConsoleClient } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import type { Queryable } from '../../store/types.js';
import { salesOverview } from './sales-overview.js';
import { listOrders } from './search.js';

const DAY = 86_400_000;
let server: TestServer;
let kit: CommerceKit;
let clock = Date.now();
let owner: ConsoleClient;
let support: ConsoleClient;
let lamp: string;
let runner: string;

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    site: (s) => ({ ...s, shop: { ...s.shop, currency: 'EUR', maxOpenUnpaidOrders: 100, guestOrdersPerHour: 100 } }),
  });
  kit = new CommerceKit(server);
  lamp = await kit.product({ name: 'Star lamp', variants: [{ price: 2500, stock: 100, sku: 'LAMP' }] });
  runner = await kit.product({ name: 'Runner', variants: [{ price: 1000, stock: 100 }] });
  [owner, support] = await Promise.all([
    signedIn(server, 'reports-owner@example.com', 'owner'),
    signedIn(server, 'reports-support@example.com', 'support'),
  ]);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A guest's order placed at `at` (the server's clock), then moved to `status` by the owner. */
async function orderAt(at: number, email: string, productId: string, quantity: number, status?: string) {
  const saved = clock;
  clock = at;
  try {
    const id = await kit.order(await kit.visitor(), productId, quantity, { email });
    if (status) {
      const path = `/_admin/v1/commerce/orders/${id}/status`;
      const steps = status === 'FULFILLED' ? ['PAID', 'FULFILLED'] : [status];
      for (const step of steps)
        expect((await owner.call('POST', path, { siteId: server.siteId, status: step })).status).toBe(200);
    }
    return id;
  } finally {
    clock = saved;
  }
}

describe('GET /_admin/v1/commerce/orders/export', () => {
  it('answers the filtered orders as CSV, a formula-like cell escaped; support may export', async () => {
    const id = await orderAt(clock - 3 * DAY, '=cmd|calc@evil.example', lamp, 2);
    const day = new Date(clock - 3 * DAY).toISOString().slice(0, 10);
    // The session cookie comes with the download link, as the console's does.
    const response = await fetch(
      `${server.url}/_admin/v1/commerce/orders/export?siteId=${server.siteId}&search=calc%40evil.example&from=${day}&to=${day}`,
      { headers: { cookie: support.cookie! } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    const rows = Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true }).data;
    const { order } = (await owner.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`)).body;
    expect(rows).toEqual([
      expect.objectContaining({
        number: order.number,
        status: 'AWAITING_PAYMENT',
        email: "'=cmd|calc@evil.example",
        customer: 'guest',
        items: '2',
        products: '2 × Star lamp (LAMP)',
        subtotal: '50.00',
        total: order.amounts.total,
        currency: 'EUR',
      }),
    ]);
    const none = await fetch(
      `${server.url}/_admin/v1/commerce/orders/export?siteId=${server.siteId}&status=PAID&search=calc`,
      { headers: { cookie: support.cookie! } },
    );
    expect((await none.text()).trim().split('\r\n')).toHaveLength(1); // the header only
    const bad = await owner.call('GET', `/_admin/v1/commerce/orders/export?siteId=${server.siteId}&from=yesterday`);
    expect(bad.status).toBe(400);
    const anonymous = await fetch(`${server.url}/_admin/v1/commerce/orders/export?siteId=${server.siteId}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /_admin/v1/commerce/orders/overview', () => {
  it('sums revenue, orders and average order value per day in minor units, top products and orders awaiting action', async () => {
    const overview = async () => {
      const res = await support.call('GET', `/_admin/v1/commerce/orders/overview?siteId=${server.siteId}`);
      expect(res.status).toBe(200);
      return res.body;
    };
    const before = await overview();
    expect(before.currency).toBe('EUR');
    expect(before.days).toHaveLength(30);
    const yesterday = before.days[28].day as string;
    const at = Date.parse(`${yesterday}T12:00:00Z`);
    const a = await orderAt(at, 'a@example.com', runner, 3, 'PAID'); // 30.00 + delivery
    await orderAt(at, 'b@example.com', lamp, 1, 'FULFILLED'); // 25.00 + delivery
    await orderAt(at, 'c@example.com', lamp, 9, 'CANCELED'); // counts nowhere
    await orderAt(clock - 45 * DAY, 'd@example.com', lamp, 1); // out of the 30 days, still awaiting payment
    const after = await overview();
    const { order: first } = (await owner.call('GET', `/_admin/v1/commerce/orders/${a}?siteId=${server.siteId}`)).body;
    const dayOf = (o: { days: { day: string; orders: number; revenue: number }[] }) =>
      o.days.find((d) => d.day === yesterday)!;
    expect(dayOf(after).orders - dayOf(before).orders).toBe(2);
    // Integers: the two orders' totals in cents (goods, delivery and tax as placed).
    expect(Number.isInteger(dayOf(after).revenue)).toBe(true);
    expect(dayOf(after).revenue - dayOf(before).revenue).toBeGreaterThanOrEqual(5500);
    expect(dayOf(after).revenue - dayOf(before).revenue).toBeLessThan(5500 + 2 * 2000);
    expect(after.totals.orders - before.totals.orders).toBe(2);
    expect(after.totals.averageOrderValue).toBe(Math.round(after.totals.revenue / after.totals.orders));
    const runnerRow = after.topProducts.find((p: { productId: string }) => p.productId === runner);
    expect(runnerRow).toMatchObject({ title: 'Runner', quantity: 3, revenue: first.lines[0].total });
    expect(after.awaitingAction.toShip - before.awaitingAction.toShip).toBe(1);
    expect(after.awaitingAction.awaitingPayment - before.awaitingAction.awaitingPayment).toBe(1);
    expect(after.awaitingAction.oldest[0]).toMatchObject({
      email: 'd@example.com',
      status: 'AWAITING_PAYMENT',
      guest: true,
    });
    expect(after.awaitingAction.oldest[0]._id).toBe(after.awaitingAction.oldest[0].id);
  });

  it('names a top product as the catalog does now, never in a shopper’s language; a deleted one by its first line', async () => {
    const mug = await kit.product({
      name: 'Stoneware mug',
      translations: { ar: { name: 'كوب من الخزف الحجري' } },
      variants: [{ price: 1200, stock: 100 }],
    });
    const gone = await kit.product({ name: 'Old vase', variants: [{ price: 900, stock: 100 }] });
    for (const language of ['ar', 'en'])
      await kit.order(await kit.visitor(), mug, 1, { email: `${language}-mug@example.com`, language });
    await kit.order(await kit.visitor(), gone, 1, { email: 'vase@example.com', language: 'ar' });
    const titles = async () => {
      const res = await owner.call('GET', `/_admin/v1/commerce/orders/overview?siteId=${server.siteId}`);
      return Object.fromEntries(
        (res.body.topProducts as { productId: string; title: string }[]).map((p) => [p.productId, p.title]),
      );
    };
    expect((await titles())[mug]).toBe('Stoneware mug');
    await server.ctx.db.query(`update commerce_products set name = 'Stoneware mug, large' where id = $1`, [mug]);
    await server.ctx.db.query(`update commerce_products set name = 'Tall vase' where id = $1`, [gone]);
    await server.ctx.db.query(`delete from commerce_products where id = $1`, [gone]);
    const after = await titles();
    expect(after[mug]).toBe('Stoneware mug, large');
    expect(after[gone]).toBe('Old vase');
  });

  it('every query of the overview and the export reads commerce_orders through an index', async () => {
    const plans: { sql: string; plan: string }[] = [];
    await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      const explaining: Queryable = {
        query: async (sql, params) => {
          const result = await tx.query<Record<string, string>>(`explain ${sql}`, params);
          plans.push({ sql, plan: result.rows.map((r) => Object.values(r)[0]).join('\n') });
          return { rows: [], rowCount: 0 } as never;
        },
        exec: (sql) => tx.exec(sql),
      };
      await salesOverview(explaining, server.siteId, 'EUR', Date.now());
      await listOrders(explaining, server.siteId, { search: 'V-1000' }, { limit: 25, offset: 0 });
    });
    expect(plans.length).toBeGreaterThanOrEqual(6);
    expect(plans.filter((p) => p.plan.includes('Seq Scan on commerce_orders')).map((p) => p.sql)).toEqual([]);
  });
});
