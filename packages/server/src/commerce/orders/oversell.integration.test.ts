/**
 * Stock cannot be oversold (issue #50, docs/commerce.md → Stock reservations): twenty shoppers place their
 * checkouts at the same moment for the last five units, and exactly five orders exist afterwards, with the
 * variant's stock at 0 and the other fifteen refused OUT_OF_STOCK. The buyers are members, so no per-buyer lock
 * puts their orders in a line: only the conditional stock update decides. On PGlite (one connection) the
 * transactions take turns; with VITRINE_TEST_DATABASE_URL the test server runs on PostgreSQL, where they race
 * (CI's PostgreSQL pass runs this file: `npx vitest run --project integration`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

const SHOPPERS = 20;
const UNITS = 5;

let server: TestServer;
let kit: CommerceKit;

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, shipping: undefined }) });
  kit = new CommerceKit(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the last units', () => {
  it(`go to exactly ${UNITS} of ${SHOPPERS} concurrent checkouts, and the stock ends at 0`, async () => {
    const lamp = await kit.product({ name: 'Lamp', variants: [{ price: 4500, stock: UNITS }] });
    const checkouts = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const { token } = await kit.member();
      const added = await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: { lineItems: [{ catalogReference: { catalogItemId: lamp }, quantity: 1 }] },
      });
      expect(added.status).toBe(200);
      const made = await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} });
      checkouts.push({ token, id: made.body.checkoutId as string });
    }

    const results = await Promise.all(
      checkouts.map(({ token, id }) => kit.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} })),
    );

    const placed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(UNITS);
    expect(refused.map((r) => [r.status, r.body.details.applicationError.code])).toEqual(
      Array.from({ length: SHOPPERS - UNITS }, () => [409, 'OUT_OF_STOCK']),
    );
    expect(await kit.stock(lamp)).toBe(0);
    const { rows } = await server.ctx.db.query<{ orders: number; reserved: number }>(
      `select (select count(*)::int from commerce_orders o
                where o.site_id = $1 and o.lines @> jsonb_build_array(jsonb_build_object('productId', $2::text))) as orders,
              (select coalesce(sum(quantity), 0)::int from commerce_reservations r
                where r.site_id = $1 and r.product_id = $2) as reserved`,
      [server.siteId, lamp],
    );
    expect(rows[0]).toEqual({ orders: UNITS, reserved: UNITS });
  });
});
