/**
 * Checkouts placed as orders through the eCom wire, and what follows (docs/commerce.md → Checkouts, Orders):
 * the order in one transaction (stock, code use, number, history, cart gone, mail), the shopper's own orders,
 * the admin API's reads and status moves, cancellation and expiry giving stock and the code's use back once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { startReceiver, type Receiver } from '../../../test-support/webhook-receiver.js';
import { expireUnpaidOrders } from './expiry.js';

let server: TestServer;
let receiver: Receiver;
let kit: CommerceKit;
let clock = Date.now();
let mug: string;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    now: () => clock,
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 50 } }),
    site: (s) => ({
      ...s,
      shop: {
        ...s.shop,
        currency: 'EUR',
        pricesIncludeTax: true,
        maxOpenUnpaidOrders: 100,
        unpaidOrderHours: 48,
        taxRates: [{ country: 'FR', rate: 20, name: 'TVA' }],
      },
    }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1200, stock: 20, sku: 'MUG' }] });
  const hook = await kit.call('POST', '/_admin/v1/webhooks', {
    token: `Bearer ${server.adminKey}`,
    body: { siteId: server.siteId, url: receiver.url, events: ['order.*'] },
  });
  expect(hook.status).toBe(201);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const admin = () => `Bearer ${server.adminKey}`;
const add = (token: string, catalogItemId: string, quantity = 1, options?: Record<string, unknown>) =>
  kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ catalogReference: { catalogItemId, ...(options ? { options } : {}) }, quantity }] },
  });
const checkoutOf = async (token: string) =>
  (await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: { channelType: 'WEB' } })).body
    .checkoutId as string;
const fill = (token: string, id: string, extra: Record<string, unknown> = {}) =>
  kit.call('PATCH', `/ecom/v1/checkouts/${id}`, {
    token,
    body: {
      checkout: {
        buyerInfo: { email: 'ada@example.com' },
        shippingInfo: {
          shippingDestination: {
            address: { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' },
            contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
          },
          selectedCarrierServiceOption: { code: 'standard' },
        },
      },
      ...extra,
    },
  });
const place = (token: string, id: string) =>
  kit.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} });

/** A visitor's order of `quantity` mugs, placed; its id. */
async function order(token: string, quantity = 1, extra: Record<string, unknown> = {}): Promise<string> {
  await add(token, mug, quantity);
  const id = await checkoutOf(token);
  expect((await fill(token, id, extra)).status).toBe(200);
  const placed = await place(token, id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.orderId as string;
}

describe('placing a checkout', () => {
  it('prices the checkout, places it once, takes the stock and the code use, and empties the cart', async () => {
    await kit.discount({ code: 'TENOFF', kind: 'amount', value: 1000, usageLimit: 5 });
    const token = await kit.visitor();
    await add(token, mug, 3);
    const id = await checkoutOf(token);
    const before = await kit.stock(mug);
    const patched = await fill(token, id, { couponCode: 'tenoff' });
    const { checkout } = patched.body;
    // Prices include 20 % TVA: 3 × 12.00 = 36.00, 10.00 off, 26.00 with 4.33 of tax in it; 7.50 of delivery.
    expect(checkout.priceSummary.subtotal.amount).toBe('36.00');
    expect(checkout.priceSummary.discount.amount).toBe('10.00');
    expect(checkout.priceSummary.tax.amount).toBe('4.33');
    expect(checkout.priceSummary.total.amount).toBe('33.50');
    expect(checkout.buyerInfo.email).toBe('ada@example.com');
    expect(checkout.shippingInfo.shippingDestination.address).toMatchObject({
      country: 'FR',
      city: 'Paris',
      addressLine: '1 rue de Rivoli',
    });
    expect(checkout.shippingInfo.selectedCarrierServiceOption.code).toBe('standard');
    expect(checkout.completed).toBe(false);
    expect(checkout.taxIncludedInPrice).toBe(true);

    const url = await kit.call('GET', `/ecom/v1/checkouts/${id}/checkout-url`, { token });
    // The hosted checkout page of this checkout (commerce/hosted-checkout/).
    expect(url.status).toBe(200);
    expect(url.body.checkoutUrl).toMatch(/\/ecom-checkout\/[0-9a-f-]{36}$/);

    const placed = await place(token, id);
    expect(placed.status).toBe(200);
    const orderId = placed.body.orderId as string;
    const again = await place(token, id);
    expect([again.status, again.body.details.applicationError.code]).toEqual([409, 'CHECKOUT_IS_COMPLETE']);
    expect(await kit.stock(mug)).toBe(before - 3);
    expect((await kit.call('GET', '/ecom/v1/carts/current', { token })).status).toBe(404);
    expect((await kit.call('GET', `/ecom/v1/checkouts/${id}`, { token })).body.checkout.completed).toBe(true);

    const { order } = (await kit.call('GET', `/ecom/v1/orders/${orderId}`, { token })).body;
    expect(order.number).toMatch(/^V-1\d{5}$/);
    expect([order.status, order.paymentStatus, order.fulfillmentStatus]).toEqual([
      'APPROVED',
      'NOT_PAID',
      'NOT_FULFILLED',
    ]);
    expect(order.priceSummary.total.formattedAmount).toBe('€33.50');
    expect(order.lineItems[0]).toMatchObject({
      quantity: 3,
      productName: { original: 'Mug' },
      physicalProperties: { sku: 'MUG' },
    });
    expect(order.appliedDiscounts[0].coupon.code).toBe('TENOFF');

    const { rows: mails } = await server.ctx.db.query<{ to_address: string; text_body: string }>(
      `select to_address, text_body from mail_outbox where kind = 'order-confirmation' and text_body like $1`,
      [`%${order.number}%`],
    );
    expect(mails[0]!.to_address).toBe('ada@example.com');
    expect(mails[0]!.text_body).toContain('Discount (TENOFF): −€10.00');
    expect(mails[0]!.text_body).toContain('Including TVA (20%): €4.33');
    await receiver.waitFor((all) =>
      all.some((r) => r.json.data.order && (r.json.data.order as { id: string }).id === orderId),
    );
    const event = receiver.received.find((r) => (r.json.data.order as { id?: string } | undefined)?.id === orderId)!;
    expect(event.json.type).toBe('order.created');
    expect(event.json.identity.identityType).toBe('ANONYMOUS_VISITOR');
    expect(event.json.data.order).toMatchObject({ number: order.number, total: 3350, taxTotal: 433, currency: 'EUR' });
    const { rows: uses } = await server.ctx.db.query<{ used: number }>(
      `select used from commerce_discounts where code = 'TENOFF'`,
    );
    expect(uses[0]!.used).toBe(1);
  });

  it('needs a guest’s email, and refuses an unknown delivery method', async () => {
    const token = await kit.visitor();
    await add(token, mug);
    const id = await checkoutOf(token);
    const noEmail = await place(token, id);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details.validationError.fieldViolations[0].field).toBe('checkout.buyerInfo.email');
    const drone = await kit.call('PATCH', `/ecom/v1/checkouts/${id}`, {
      token,
      body: { checkout: { shippingInfo: { selectedCarrierServiceOption: { code: 'drone' } } } },
    });
    expect(drone.body.details.applicationError.code).toBe('SHIPPING_METHOD_UNKNOWN');
  });

  it('shows each shopper their own orders, and an API key every order of the site', async () => {
    const ada = await kit.visitor();
    const bob = await kit.visitor();
    const adaOrder = await order(ada);
    expect((await kit.call('GET', `/ecom/v1/orders/${adaOrder}`, { token: bob })).status).toBe(404);
    expect((await kit.call('GET', `/ecom/v1/orders/${adaOrder}`, { token: admin() })).status).toBe(200);
    // A visitor reads the orders it placed by id (a thank-you page); searching is a member's.
    expect((await kit.call('POST', '/ecom/v1/orders/search', { token: ada, body: {} })).status).toBe(401);

    const member = await kit.member();
    await add(member.token, mug);
    const id = await checkoutOf(member.token);
    await fill(member.token, id);
    const placed = await place(member.token, id);
    const { order: theirs } = (await kit.call('GET', `/ecom/v1/orders/${placed.body.orderId}`, { token: member.token }))
      .body;
    expect(theirs.buyerInfo).toEqual({ memberId: member.memberId, email: member.email });
    const mine = await kit.call('POST', '/ecom/v1/orders/search', {
      token: member.token,
      body: { search: { cursorPaging: { limit: 10 } } },
    });
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([placed.body.orderId]);
    const stranger = (await kit.member()).token;
    expect((await kit.call('POST', '/ecom/v1/orders/search', { token: stranger, body: {} })).body.orders).toEqual([]);
    const filtered = await kit.call('POST', '/ecom/v1/orders/search', {
      token: member.token,
      body: { search: { filter: { status: 'APPROVED' } } },
    });
    expect(filtered.status).toBe(400);
    const all = await kit.call('POST', '/ecom/v1/orders/search', {
      token: admin(),
      body: { search: { cursorPaging: { limit: 1 } } },
    });
    expect(all.body.orders).toHaveLength(1);
    expect(all.body.metadata.hasNext).toBe(true);
    const next = await kit.call('POST', '/ecom/v1/orders/search', {
      token: admin(),
      body: { search: { cursorPaging: { limit: 1, cursor: all.body.metadata.cursors.next } } },
    });
    expect(next.body.orders[0].id).not.toBe(all.body.orders[0].id);
  });

  it('gives the last use of a limited code to one order', async () => {
    await kit.discount({ code: 'ONCE', kind: 'percentage', value: 50, usageLimit: 1 });
    const first = await kit.visitor();
    const second = await kit.visitor();
    await add(second, mug);
    const id = await checkoutOf(second);
    await fill(second, id, { couponCode: 'ONCE' });
    await order(first, 1, { couponCode: 'ONCE' });
    const late = await place(second, id);
    expect(late.body.details.applicationError.code).toBe('ERROR_COUPON_USAGE_EXCEEDED');
  });
});

describe('orders after they are placed', () => {
  it('are read and moved through the state machine over the admin API, cancelling giving stock back once', async () => {
    await kit.discount({ code: 'BACK', kind: 'amount', value: 100, usageLimit: 10 });
    const before = await kit.stock(mug);
    const id = await order(await kit.visitor(), 2, { couponCode: 'BACK' });
    expect(await kit.stock(mug)).toBe(before - 2);
    const editor = await signedIn(server, `editor-${Date.now()}@example.com`, 'editor');
    const support = await signedIn(server, `support-${Date.now()}@example.com`, 'support');
    const read = await support.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`);
    expect(read.status).toBe(200);
    expect(read.body.order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      nextStatuses: ['PAID', 'CANCELED'],
      couponCode: 'BACK',
    });
    expect(read.body.order.lines[0]).toMatchObject({ variantId: expect.any(String), quantity: 2, taxRate: 20 });
    expect(read.body.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'AWAITING_PAYMENT', actor: 'shopper' }),
    ]);
    const refused = await support.call('POST', `/_admin/v1/commerce/orders/${id}/status`, {
      siteId: server.siteId,
      status: 'PAID',
    });
    expect(refused.status).toBe(403);
    const paid = await editor.call('POST', `/_admin/v1/commerce/orders/${id}/status`, {
      siteId: server.siteId,
      status: 'PAID',
    });
    expect(paid.body.order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID', expiresDate: null });
    const fulfilled = await editor.call('POST', `/_admin/v1/commerce/orders/${id}/status`, {
      siteId: server.siteId,
      status: 'FULFILLED',
    });
    expect(fulfilled.body.order.status).toBe('FULFILLED');
    const late = await editor.call('POST', `/_admin/v1/commerce/orders/${id}/status`, {
      siteId: server.siteId,
      status: 'CANCELED',
    });
    expect(late.body.details.applicationError.code).toBe('ORDER_TRANSITION_REFUSED');

    const other = await order(await kit.visitor(), 1, { couponCode: 'BACK' });
    const stock = await kit.stock(mug);
    const list = await kit.call('GET', `/_admin/v1/commerce/orders?siteId=${server.siteId}&status=AWAITING_PAYMENT`, {
      token: admin(),
    });
    expect(list.body.orders.some((o: { id: string }) => o.id === other)).toBe(true);
    const cancelled = await kit.call('POST', `/_admin/v1/commerce/orders/${other}/status`, {
      token: admin(),
      body: { siteId: server.siteId, status: 'CANCELED', note: 'Out of glaze' },
    });
    expect(cancelled.body.order.status).toBe('CANCELED');
    expect(cancelled.body.history.at(-1)).toMatchObject({
      toStatus: 'CANCELED',
      actor: 'admin-key',
      note: 'Out of glaze',
    });
    expect(await kit.stock(mug)).toBe(stock + 1);
    await receiver.waitFor((all) =>
      all.some((r) => r.json.type === 'order.cancelled' && (r.json.data.order as { id: string }).id === other),
    );
    const { rows } = await server.ctx.db.query<{ used: number }>(
      `select used from commerce_discounts where code = 'BACK'`,
    );
    expect(rows[0]!.used).toBe(1);
  });

  it('cancel themselves when unpaid for too long, giving their stock back once', async () => {
    const id = await order(await kit.visitor(), 4);
    const stock = await kit.stock(mug);
    clock += 47 * 3_600_000;
    await expireUnpaidOrders(server.ctx);
    const kept = await kit.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`, { token: admin() });
    expect(kept.body.order.status).toBe('AWAITING_PAYMENT');
    clock += 2 * 3_600_000;
    expect(await expireUnpaidOrders(server.ctx)).toBeGreaterThanOrEqual(1);
    expect(await expireUnpaidOrders(server.ctx)).toBe(0);
    const gone = await kit.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`, { token: admin() });
    expect(gone.body.order.status).toBe('CANCELED');
    expect(gone.body.history.at(-1)).toMatchObject({ actor: 'system', note: 'Not paid within 48 hours' });
    expect(await kit.stock(mug)).toBeGreaterThanOrEqual(stock + 4);
  });
});
