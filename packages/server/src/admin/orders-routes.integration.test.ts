import Papa from 'papaparse';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateValue, type JsonObject, buildData, insertRow } from '../data/index.js';
import { api } from '../../test-support/identity-server.js';
import { signedIn, type ConsoleClient } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startTestSmtp, waitFor } from '../../test-support/smtp.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';
import { listShopOrders } from '../shop/admin-orders.js';
import { salesOverview } from '../shop/sales-overview.js';
import type { Queryable } from '../store/types.js';

/**
 * Orders in the console, end to end on a real server: orders placed through the shop API, statuses changed
 * by owners of each role, mails through a real SMTP server, events to a real receiver verified with the
 * reference `standardwebhooks` package, and the overview's numbers.
 */
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let receiver: Receiver;
let secret: string;
let owner: ConsoleClient;
let editor: ConsoleClient;
let support: ConsoleClient;
let call: ReturnType<typeof api>;
let seq = 0;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({ ...c, smtpUrl: smtp.url, webhooks: { allowPrivateNetworks: true, pollMs: 50 } }),
    // No delivery methods: these orders are about statuses, and their totals are their lines'.
    site: (s) => ({
      ...s,
      shipping: undefined,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  const hook = await call('POST', '/_admin/v1/webhooks', {
    headers: { authorization: `Bearer ${server.adminKey}` },
    body: { siteId: server.siteId, url: receiver.url, events: ['order.*'] },
  });
  expect(hook.status).toBe(201);
  secret = hook.body.secret;
  [owner, editor, support] = await Promise.all([
    signedIn(server, 'orders-owner@example.com', 'owner'),
    signedIn(server, 'orders-editor@example.com', 'editor'),
    signedIn(server, 'orders-support@example.com', 'support'),
  ]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await receiver?.close();
});

async function product(stock: number, price = 10): Promise<string> {
  const id = `order-test-${++seq}-${Date.now()}`;
  const now = Date.now();
  const data = buildData(
    { title: `Lamp ${seq}`, slug: id, price, stock, image: `/img/${id}.png` },
    id,
    undefined,
    dateValue(now),
    dateValue(now),
  );
  await insertRow(server.ctx.db, server.siteId, 'Products', data, undefined, now);
  return id;
}

const stockOf = async (id: string) =>
  (
    await server.ctx.db.query<{ s: number }>(
      `select (data ->> 'stock')::int as s from data_items where site_id = $1 and collection_id = 'Products' and id = $2`,
      [server.siteId, id],
    )
  ).rows[0]!.s;

/** A registered member (profile language `language`) who orders `quantity` of each product through the shop API. */
async function placeOrder(
  items: [string, number][],
  language = 'en',
): Promise<{ id: string; number: string; email: string }> {
  const visitor = await call('POST', '/oauth2/token', { body: { clientId: server.clientId, grantType: 'anonymous' } });
  const email = `shopper-${++seq}-${Date.now()}@example.com`;
  const registered = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor.body.access_token,
    body: { loginId: { email }, password: 'correct horse battery' },
  });
  const memberId = registered.body.identity.id as string;
  await server.ctx.db.query(`update members set profile = profile || $3::jsonb where site_id = $1 and id = $2`, [
    server.siteId,
    memberId,
    JSON.stringify({ language }),
  ]);
  const now = Date.now();
  for (const [productId, quantity] of items) {
    const id = `cart-${++seq}`;
    await insertRow(
      server.ctx.db,
      server.siteId,
      'Cart',
      buildData({ productId, quantity }, id, memberId, dateValue(now), dateValue(now)),
      memberId,
      now,
    );
  }
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  const placed = await call('POST', '/_api/vitrine/v1/checkout', {
    token: session.accessToken,
    body: { shippingAddress: { addressLine: '1 Main St', city: 'Paris', country: 'FR' } },
  });
  expect(placed.status).toBe(200);
  return { id: placed.body.order._id, number: placed.body.order.number, email };
}

/** An order of #29's guest checkout: no member, a `guestEmail` (written directly: that checkout is not here yet). */
async function guestOrder(
  guestEmail: string,
  total: number,
  createdMs: number,
  status = 'AWAITING_PAYMENT',
  lines: JsonObject[] = [],
) {
  const id = `guest-order-${++seq}-${Date.now()}`;
  const data = buildData(
    {
      number: `V-9${String(++seq).padStart(5, '0')}`,
      status,
      guestEmail,
      lines,
      itemCount: 1,
      subtotal: total,
      total,
      currency: 'USD',
      shippingAddress: null,
    },
    id,
    undefined,
    dateValue(createdMs),
    dateValue(createdMs),
  );
  await insertRow(server.ctx.db, server.siteId, 'Orders', data, undefined, createdMs);
  return { id, number: String(data.number) };
}

const setStatus = (client: ConsoleClient, id: string, body: Record<string, unknown>) =>
  client.call('POST', `/_admin/v1/orders/${id}/status`, { siteId: server.siteId, ...body });

function verifiedEvent(type: string, orderId: string, status: string) {
  const hit = receiver.received.find(
    (r) =>
      r.json.type === type &&
      (r.json.data as { id?: string }).id === orderId &&
      (r.json.data as { data: { status: string } }).data.status === status,
  );
  expect(hit, `${type} ${status} delivered`).toBeDefined();
  expect(new Webhook(secret).verify(hit!.body, hit!.headers)).toEqual(hit!.json);
  return hit!.json;
}

describe('order statuses', () => {
  it('goes awaiting payment → paid → shipped → delivered: history, mails in the shopper language, verified webhooks, audit', async () => {
    const lamp = await product(5);
    const order = await placeOrder([[lamp, 2]], 'fr');
    expect((await setStatus(editor, order.id, { status: 'PAID' })).status).toBe(200);
    const shipped = await setStatus(owner, order.id, {
      status: 'SHIPPED',
      carrier: 'Colissimo',
      trackingNumber: '6A123456789FR',
      note: 'Merci !',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.order).toMatchObject({
      status: 'SHIPPED',
      carrier: 'Colissimo',
      trackingNumber: '6A123456789FR',
    });
    expect(shipped.body.nextStatuses).toEqual(['DELIVERED']);
    const delivered = await setStatus(owner, order.id, { status: 'DELIVERED' });
    expect(
      delivered.body.history.map((h: { fromStatus: string; toStatus: string; actor: string }) => [
        h.fromStatus,
        h.toStatus,
        h.actor,
      ]),
    ).toEqual([
      ['AWAITING_PAYMENT', 'PAID', 'orders-editor@example.com'],
      ['PAID', 'SHIPPED', 'orders-owner@example.com'],
      ['SHIPPED', 'DELIVERED', 'orders-owner@example.com'],
    ]);

    // The shopper's mails, in French, the shipment's with carrier and tracking number (the order's
    // confirmation from checkout comes too, in its own time: wait for the shipment's, not for a count).
    const shipMail = await waitFor(() =>
      smtp.received.find((r) => r.to.includes(order.email) && r.raw.includes('6A123456789FR')),
    );
    expect(shipMail.raw).toMatch(/Content-Language: fr/i);
    expect(shipMail.raw).toContain('Colissimo');
    expect(shipMail.raw).toMatch(/exp=C3=A9di|expédiée/);

    // The storefront's order page reads carrier and tracking from the shop API.
    await receiver.waitFor((all) =>
      all.some(
        (r) =>
          r.json.type === 'order.updated' && (r.json.data as { data: { status: string } }).data.status === 'DELIVERED',
      ),
    );
    const event = verifiedEvent('order.updated', order.id, 'SHIPPED');
    expect(event.identity).toMatchObject({ identityType: 'WIX_USER' });
    expect(event.data).toMatchObject({ previousStatus: 'PAID', data: { trackingNumber: '6A123456789FR' } });

    await server.ctx.authEvents.flush();
    const audit = await owner.call('GET', `/_admin/v1/auth-events?siteId=${server.siteId}&type=owner_action&limit=100`);
    expect(
      audit.body.events
        .filter(
          (e: { detail: { action?: string; orderId?: string } }) =>
            e.detail.action === 'order_status_changed' && e.detail.orderId === order.id,
        )
        .map((e: { detail: { to: string } }) => e.detail.to)
        .sort(),
    ).toEqual(['DELIVERED', 'PAID', 'SHIPPED']);
  });

  it('refuses invalid transitions and incomplete shipments with clear errors, changing nothing', async () => {
    const order = await placeOrder([[await product(3), 1]]);
    const skip = await setStatus(owner, order.id, { status: 'SHIPPED', carrier: 'DHL', trackingNumber: '1' });
    expect(skip.status).toBe(409);
    expect(skip.body.details.applicationError).toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      description: 'An order that is awaiting payment cannot become shipped; it can become paid or cancelled',
    });
    await setStatus(owner, order.id, { status: 'PAID' });
    const noTracking = await setStatus(owner, order.id, { status: 'SHIPPED', carrier: 'DHL' });
    expect(noTracking.status).toBe(400);
    expect(noTracking.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'trackingNumber' });
    expect((await setStatus(owner, order.id, { status: 'LOST' })).status).toBe(400);
    expect((await setStatus(owner, order.id, { status: 'PAID' })).body.details.applicationError.description).toBe(
      'The order is already paid',
    );
    expect((await setStatus(owner, 'no-such-order', { status: 'PAID' })).status).toBe(404);
    const read = await support.call('GET', `/_admin/v1/orders/${order.id}?siteId=${server.siteId}`);
    expect(read.body.history).toHaveLength(1);
    expect(read.body.status).toBe('PAID');
  });

  it('cancelling returns the stock in the same transaction, and is sent as order.cancelled', async () => {
    const [a, b] = [await product(10), await product(4)];
    const order = await placeOrder([
      [a, 3],
      [b, 4],
    ]);
    expect([await stockOf(a), await stockOf(b)]).toEqual([7, 0]);

    // A failure late in the transaction (the history write) must leave the stock taken and the order as it was.
    await server.ctx.db.query(
      `create function refuse_history() returns trigger language plpgsql as $$ begin raise exception 'history refused'; end $$`,
    );
    await server.ctx.db.query(
      `create trigger refuse_history before insert on shop_order_history for each row execute function refuse_history()`,
    );
    try {
      expect((await setStatus(owner, order.id, { status: 'CANCELED' })).status).toBe(500);
    } finally {
      await server.ctx.db.query('drop trigger refuse_history on shop_order_history');
      await server.ctx.db.query('drop function refuse_history()');
    }
    expect([await stockOf(a), await stockOf(b)]).toEqual([7, 0]);

    const cancelled = await setStatus(owner, order.id, { status: 'CANCELED', note: 'Out of reach' });
    expect(cancelled.body.order).toMatchObject({ status: 'CANCELED', stockReturned: true });
    expect([await stockOf(a), await stockOf(b)]).toEqual([10, 4]);
    expect((await setStatus(owner, order.id, { status: 'PAID' })).status).toBe(409);
    await receiver.waitFor((all) =>
      all.some((r) => r.json.type === 'order.cancelled' && (r.json.data as { id: string }).id === order.id),
    );
    expect(verifiedEvent('order.cancelled', order.id, 'CANCELED').data).toMatchObject({
      previousStatus: 'AWAITING_PAYMENT',
    });
  });

  it('support reads orders but cannot change them; a guest order mails the guest', async () => {
    const guest = await guestOrder(`guest-${Date.now()}@example.com`, 12, Date.now());
    const refused = await setStatus(support, guest.id, { status: 'PAID' });
    expect(refused.status).toBe(403);
    expect(refused.body.details.applicationError.code).toBe('OWNER_ROLE_REFUSED');
    const read = await support.call('GET', `/_admin/v1/orders/${guest.id}?siteId=${server.siteId}`);
    expect(read.body).toMatchObject({
      status: 'AWAITING_PAYMENT',
      customer: { memberId: null, guest: true },
      history: [],
    });
    expect((await editor.call('GET', `/_admin/v1/orders?siteId=${server.siteId}`)).status).toBe(200);
    expect((await setStatus(editor, guest.id, { status: 'PAID' })).status).toBe(200);
    await waitFor(() => smtp.received.find((m) => m.to.includes(read.body.customer.email)));
  });
});

describe('orders list, export and overview', () => {
  it('searches by number or email, filters by status and date, newest first; exports CSV with formula escaping', async () => {
    const old = await guestOrder('=cmd|calc@evil.example', 5, Date.now() - 3 * DAY);
    const order = await placeOrder([[await product(2), 1]]);
    const list = (query: string) =>
      owner.call('GET', `/_admin/v1/orders?siteId=${server.siteId}&${query}`).then((r) => r.body);
    expect((await list(`search=${order.number}`)).orders.map((o: { _id: string }) => o._id)).toEqual([order.id]);
    expect((await list(`search=${order.number.slice(2)}`)).orders.map((o: { _id: string }) => o._id)).toEqual([
      order.id,
    ]);
    expect((await list(`search=${encodeURIComponent(order.email.toUpperCase())}`)).orders[0]).toMatchObject({
      _id: order.id,
      email: order.email,
      guest: false,
    });
    const all = await list('limit=100');
    const dates = all.orders.map((o: { createdDate: string }) => o.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const day = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
    expect((await list(`from=${day}&to=${day}`)).orders.map((o: { _id: string }) => o._id)).toEqual([old.id]);
    expect((await list('status=DELIVERED')).orders.every((o: { status: string }) => o.status === 'DELIVERED')).toBe(
      true,
    );
    expect((await owner.call('GET', `/_admin/v1/orders?siteId=${server.siteId}&from=yesterday`)).status).toBe(400);

    // Support may export (read); the file comes with the session cookie like the console's download link.
    const response = await fetch(
      `${server.url}/_admin/v1/orders/export?siteId=${server.siteId}&search=calc%40evil.example`,
      {
        headers: { cookie: support.cookie! },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true }).data;
    expect(rows).toEqual([
      expect.objectContaining({ number: old.number, email: "'=cmd|calc@evil.example", customer: 'guest', total: '5' }),
    ]);
  });

  it('sums revenue, orders and average order value per day, top products and orders awaiting action', async () => {
    const overview = () => owner.call('GET', `/_admin/v1/orders/overview?siteId=${server.siteId}`).then((r) => r.body);
    const before = await overview();
    const yesterday = before.days[28].day as string;
    const at = Date.parse(`${yesterday}T12:00:00Z`);
    const [star, runner] = [`star-${Date.now()}`, `runner-${Date.now()}`];
    const line = (quantity: number, lineTotal: number, productId = star) => ({
      productId,
      title: productId === star ? 'Star lamp' : 'Runner',
      quantity,
      unitPrice: lineTotal / quantity,
      lineTotal,
    });
    await guestOrder('a@example.com', 130, at, 'PAID', [line(900, 30), line(1000, 100, runner)]);
    await guestOrder('b@example.com', 15.5, at, 'SHIPPED', [line(100, 15.5)]);
    await guestOrder('c@example.com', 1000, at, 'CANCELED', [line(5000, 1000)]);
    await guestOrder('d@example.com', 70, Date.now() - 45 * DAY, 'AWAITING_PAYMENT');
    const after = await overview();
    const dayOf = (o: { days: { day: string; orders: number; revenue: number }[] }) =>
      o.days.find((d) => d.day === yesterday)!;
    expect(after.days).toHaveLength(30);
    expect(dayOf(after).orders - dayOf(before).orders).toBe(2);
    expect(dayOf(after).revenue - dayOf(before).revenue).toBeCloseTo(145.5);
    expect(after.totals.orders - before.totals.orders).toBe(2);
    // As many units of each: the larger revenue first (100 before 45.5, compared as numbers).
    expect(after.topProducts.slice(0, 2)).toEqual([
      { productId: runner, title: 'Runner', image: null, quantity: 1000, revenue: 100 },
      { productId: star, title: 'Star lamp', image: null, quantity: 1000, revenue: 45.5 },
    ]);
    expect(after.awaitingAction.toShip - before.awaitingAction.toShip).toBe(1);
    expect(after.awaitingAction.awaitingPayment - before.awaitingAction.awaitingPayment).toBe(1);
    expect(after.awaitingAction.oldest[0].email).toBe('d@example.com');
  });

  it('every query of the overview and the list is served by an index (EXPLAIN, sequential scans off)', async () => {
    const plans: { sql: string; plan: string }[] = [];
    await server.ctx.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      // Each query is explained instead of run (the flows then see no rows).
      const explaining: Queryable = {
        query: async (sql, params) => {
          const result = await tx.query<Record<string, string>>(`explain ${sql}`, params);
          plans.push({ sql, plan: result.rows.map((r) => Object.values(r)[0]).join('\n') });
          return { rows: [], rowCount: 0 } as never;
        },
        exec: (sql) => tx.exec(sql),
      };
      await salesOverview(explaining, server.siteId, 'Orders', Date.now());
      await listShopOrders(explaining, server.siteId, 'Orders', { search: 'V-1000' }, { limit: 25, offset: 0 });
    });
    // With sequential scans off the planner still takes one when no index can serve a query.
    expect(plans.length).toBeGreaterThanOrEqual(7);
    expect(plans.filter((p) => p.plan.includes('Seq Scan on data_items')).map((p) => p.sql)).toEqual([]);
    expect(plans.find((p) => p.sql.includes("in ('AWAITING_PAYMENT', 'PAID') group by"))!.plan).toContain(
      'data_items_order_status',
    );
  });
});
