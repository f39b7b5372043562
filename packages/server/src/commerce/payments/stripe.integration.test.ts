/**
 * The Stripe provider through the real `stripe` SDK, pointed at a local fake of Stripe's API
 * (test-support/stripe-fake.ts), with webhooks signed by the SDK's own `generateTestHeaderString`
 * (docs/payments.md → Stripe). The strict part proves that a bad signature, a stale or replayed event and a payment
 * of another amount or currency change nothing.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { placeGuestOrder, startPaymentAs, withPickup } from '../../../test-support/payment-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { failedIntent, startStripeFake, type StripeFake } from '../../../test-support/stripe-fake.js';
import { paymentProviders } from './registry.js';
import { closePaymentsOfCancelledOrders } from './sweep.js';

let server: TestServer;
let fake: StripeFake;
let kit: CommerceKit;
let mug: string;
const signer = new Stripe('sk_test_signer_only');

beforeAll(async () => {
  fake = await startStripeFake();
  server = await startTestServer({
    config: (c) => ({
      ...c,
      payments: { stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, api: fake.api } },
    }),
    site: (s) => ({
      ...s,
      ...withPickup(s),
      shop: { ...s.shop, currency: 'EUR', maxOpenUnpaidOrders: 100, guestOrdersPerHour: 1000 },
    }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1250, stock: 50 }] });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const admin = () => `Bearer ${server.adminKey}`;
const urls = () => ({ returnUrl: `${server.url}/thank-you`, cancelUrl: `${server.url}/checkout` });

const placed = (quantity = 2) => placeGuestOrder(kit, mug, quantity);

/** A placed order with its Stripe session started: the session id. */
async function started(quantity = 2) {
  const { token, orderId } = await placed(quantity);
  const answer = await startPaymentAs(kit, token, { orderId, provider: 'stripe', ...urls() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const sessionId = (answer.body.step.url as string).split('/').pop()!;
  return { token, orderId, sessionId, answer };
}

const order = async (id: string) =>
  (await kit.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`, { token: admin() })).body;

function deliver(event: unknown, options: { secret?: string; timestamp?: number; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? fake.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return fetch(`${server.url}/_api/vitrine/v1/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: options.body ?? payload,
  });
}

describe('Stripe Checkout', () => {
  it('opens a session of the order’s total with an idempotency key, once per order', async () => {
    const { token, orderId, answer } = await started(2);
    expect(answer.body.step.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const creates = fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    const create = creates.at(-1)!;
    expect(create.idempotencyKey).toBe(`vitrine-payment-${answer.body.payment.id}`);
    expect(create.body).toMatchObject({
      mode: 'payment',
      success_url: urls().returnUrl,
      cancel_url: urls().cancelUrl,
      client_reference_id: orderId,
      customer_email: 'ada@example.com',
      metadata: { vitrinePaymentId: answer.body.payment.id, vitrineSiteId: server.siteId },
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '2500' } }],
    });
    const again = await kit.call('POST', '/_api/vitrine/v1/payments/start', {
      token,
      body: { orderId, provider: 'stripe', ...urls() },
    });
    expect(again.body.step.url).toBe(answer.body.step.url);
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST')).toHaveLength(
      creates.length,
    );
  });

  it('marks the order paid on checkout.session.completed, once for concurrent and replayed deliveries', async () => {
    const before = await kit.stock(mug);
    const { orderId, sessionId } = await started(2);
    const event = fake.event('checkout.session.completed', fake.complete(sessionId));
    const [a, b] = await Promise.all([deliver(event), deliver(event)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await deliver(event)).status).toBe(200);
    const { order: o, history } = await order(orderId);
    expect(o).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(history.filter((h: { toStatus: string }) => h.toStatus === 'PAID')).toHaveLength(1);
    expect(await kit.stock(mug)).toBe(before - 2);
  });

  it('waits on a delayed payment method, then pays on async_payment_succeeded', async () => {
    const { orderId, sessionId } = await started(1);
    const session = fake.complete(sessionId, { paymentStatus: 'unpaid' });
    expect((await deliver(fake.event('checkout.session.completed', session))).status).toBe(200);
    expect((await order(orderId)).order).toMatchObject({ status: 'AWAITING_PAYMENT', paymentStatus: 'PENDING' });
    const paid = fake.event('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' });
    expect((await deliver(paid)).status).toBe(200);
    expect((await order(orderId)).order).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
  });

  it('notes a declined card, then cancels the order and frees its stock when the session expires', async () => {
    const before = await kit.stock(mug);
    const { orderId, sessionId } = await started(3);
    const session = fake.sessions.get(sessionId)!;
    expect((await deliver(fake.event('payment_intent.payment_failed', failedIntent(session)))).status).toBe(200);
    const afterDecline = await order(orderId);
    expect(afterDecline.order.status).toBe('AWAITING_PAYMENT');
    expect(afterDecline.history.at(-1).note).toContain('insufficient_funds');
    session.status = 'expired';
    expect((await deliver(fake.event('checkout.session.expired', session))).status).toBe(200);
    expect((await order(orderId)).order).toMatchObject({ status: 'CANCELED', paymentStatus: 'DECLINED' });
    expect(await kit.stock(mug)).toBe(before);
  });

  it('ends the Stripe session when the shopper picks another way to pay', async () => {
    const { token, orderId, sessionId } = await started(1);
    const offline = await kit.call('POST', '/_api/vitrine/v1/payments/start', {
      token,
      body: { orderId, provider: 'dev', ...urls() },
    });
    expect(offline.status).toBe(200);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });

  it('refunds through Stripe with an idempotency key, and records refunds made in Stripe’s dashboard', async () => {
    const { orderId, sessionId } = await started(2);
    const session = fake.complete(sessionId);
    await deliver(fake.event('checkout.session.completed', session));
    const refund = (body: Record<string, unknown>) =>
      kit.call('POST', `/_admin/v1/commerce/orders/${orderId}/refunds`, {
        token: admin(),
        body: { siteId: server.siteId, ...body },
      });
    const part = await refund({ amount: 1000, reason: 'Late delivery' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const call = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(call.idempotencyKey).toBe(`vitrine-refund-${part.body.refund.id}`);
    expect(call.body).toMatchObject({ payment_intent: session.payment_intent, amount: '1000' });
    expect(part.body.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds').length;
    expect((await refund({ amount: 1501 })).status).toBe(409);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').length).toBe(calls);

    // The owner refunds the rest in Stripe's dashboard: Stripe reports the charge refunded in full.
    const charge = { id: 'ch_test_1', object: 'charge', payment_intent: session.payment_intent, amount: 2500 };
    const refunded = fake.event('charge.refunded', { ...charge, amount_refunded: 2500, refunded: true });
    expect((await deliver(refunded)).status).toBe(200);
    expect((await deliver(refunded)).status).toBe(200);
    const record = (
      await kit.call('GET', `/_admin/v1/commerce/orders/${orderId}/payments?siteId=${server.siteId}`, {
        token: admin(),
      })
    ).body;
    expect(record.paymentStatus).toBe('FULLY_REFUNDED');
    expect(record.refunds.map((r: { amount: number }) => r.amount)).toEqual([1000, 1500]);
  });

  it('closes the Stripe session of an order cancelled meanwhile, so it can no longer be paid', async () => {
    const { orderId, sessionId } = await started(1);
    const cancel = await kit.call('POST', `/_admin/v1/commerce/orders/${orderId}/status`, {
      token: admin(),
      body: { siteId: server.siteId, status: 'CANCELED' },
    });
    expect(cancel.status).toBe(200);
    expect(await closePaymentsOfCancelledOrders(server.ctx, paymentProviders(server.ctx))).toBeGreaterThanOrEqual(1);
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    const record = (
      await kit.call('GET', `/_admin/v1/commerce/orders/${orderId}/payments?siteId=${server.siteId}`, {
        token: admin(),
      })
    ).body;
    expect(record.payments[0]).toMatchObject({ status: 'failed', failure: { code: 'order_cancelled' } });
    // Stripe's own expiry event that follows changes nothing more.
    const expired = fake.event('checkout.session.expired', fake.sessions.get(sessionId)!);
    expect((await deliver(expired)).status).toBe(200);
    expect((await order(orderId)).order).toMatchObject({ status: 'CANCELED' });
  });
});

describe('Stripe webhooks, strictly', () => {
  it('refuses a bad signature, a changed body, a stale timestamp and a missing header, changing nothing', async () => {
    const { orderId, sessionId } = await started(1);
    const event = fake.event('checkout.session.completed', fake.complete(sessionId));
    expect((await deliver(event, { secret: 'whsec_not_the_secret' })).status).toBe(400);
    const changed = JSON.stringify({ ...event, id: 'evt_forged' });
    expect((await deliver(event, { body: changed })).status).toBe(400);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect((await deliver(event, { timestamp: stale })).status).toBe(400);
    const bare = await fetch(`${server.url}/_api/vitrine/v1/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(bare.status).toBe(400);
    expect((await bare.json()).details.applicationError.code).toBe('PAYMENT_EVENT_REFUSED');
    expect((await order(orderId)).order).toMatchObject({ status: 'AWAITING_PAYMENT', paymentStatus: 'NOT_PAID' });
  });

  it('refuses a payment of another amount or currency, even signed, and changes nothing', async () => {
    const { orderId, sessionId } = await started(2);
    const session = fake.complete(sessionId);
    const less = await deliver(fake.event('checkout.session.completed', { ...session, amount_total: 100 }));
    expect(less.status).toBe(400);
    const usd = await deliver(fake.event('checkout.session.completed', { ...session, currency: 'usd' }));
    expect(usd.status).toBe(400);
    expect((await order(orderId)).order).toMatchObject({ status: 'AWAITING_PAYMENT', paymentStatus: 'NOT_PAID' });
  });

  it('refuses bodies larger than its limit', async () => {
    const big = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(300 * 1024) });
    const response = await fetch(`${server.url}/_api/vitrine/v1/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: big,
    });
    expect(response.status).toBe(413);
  });
});
