/**
 * Payments end to end on a real server (docs/payments.md): the shopper's start (only their own order, return URLs
 * under the client's origins), the dev provider's page (Pay, Decline, authentication), the order moving through the
 * state machine once, stock taken once and given back on a decline, concurrent deliveries of one event applied
 * once, offline methods. Runs on PGlite, and on PostgreSQL with VITRINE_TEST_DATABASE_URL. Refunds:
 * refunds.integration.test.ts; limits and production: payments-guards.integration.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { placeGuestOrder, startPaymentAs, payingShop } from '../../../test-support/payment-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { startReceiver, type Received, type Receiver } from '../../../test-support/webhook-receiver.js';
import { applyPaymentEvent } from './service.js';

let server: TestServer;
let receiver: Receiver;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 50 } }),
    site: payingShop,
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1250, stock: 50 }] });
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

const isEvent = (r: Received, type: string, orderId: string) =>
  r.json.type === type && (r.json.data.order as { id: string }).id === orderId;
const admin = () => `Bearer ${server.adminKey}`;
const urls = () => ({ returnUrl: `${server.url}/thank-you?x=1`, cancelUrl: `${server.url}/checkout?cancelled=1` });

const placed = (quantity = 2) => placeGuestOrder(kit, mug, quantity);
const start = (token: string, body: Record<string, unknown>) => startPaymentAs(kit, token, body);
const order = async (id: string) =>
  (await kit.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`, { token: admin() })).body;
const payments = async (id: string) =>
  (await kit.call('GET', `/_admin/v1/commerce/orders/${id}/payments?siteId=${server.siteId}`, { token: admin() })).body;
/** The newest mail of `kind` about order `number` (the outbox keeps every mail). */
const mailOf = async (kind: string, number: string) => {
  const { rows } = await server.ctx.db.query<{ text_body: string }>(
    `select text_body from mail_outbox where kind = $1 and text_body like $2 order by created_at desc limit 1`,
    [kind, `%${number}%`],
  );
  return rows[0]?.text_body ?? '';
};
const post = (url: string, action: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });

describe('the dev provider', () => {
  it('shows the shop, the amount and the currency, and Pay makes the order paid once', async () => {
    const before = await kit.stock(mug);
    const { token, orderId } = await placed(2);
    expect(await kit.stock(mug)).toBe(before - 2);
    const started = await start(token, { orderId, provider: 'dev', ...urls() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.payment).toMatchObject({ provider: 'dev', status: 'pending', amount: 2500, currency: 'EUR' });
    const url = started.body.step.url as string;
    expect(started.body.step.type).toBe('redirect');
    expect(url.startsWith(`${server.url}/_dev/pay/devpay_`)).toBe(true);

    const page = await fetch(url);
    const body = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${server.url}`);
    expect(body).toContain('Demo Store');
    expect(body).toContain('€25.00');
    expect(body).toContain('(EUR)');
    expect(body).toMatch(/<button[^>]*value="pay">Pay €25.00<\/button>/);
    expect(body).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
    expect(body).not.toContain('<script');

    // Starting again answers the same session: a reload never opens a second one.
    const again = await start(token, { orderId, provider: 'dev', ...urls() });
    expect(again.body.step.url).toBe(url);

    const paid = await post(url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(urls().returnUrl);
    const twice = await post(url, 'pay');
    expect(twice.headers.get('location')).toBe(urls().returnUrl);

    const { order: o, history } = await order(orderId);
    expect(o).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    // The confirmation mail said how to pay (the payment page that follows, and the offline method's words); the
    // paid mail says what was paid, without the history's note (English, with the payment's id).
    const confirmation = await mailOf('order-confirmation', o.number);
    expect(confirmation).toContain('To pay: €25.00.');
    expect(confirmation).toContain('You pay on the secure payment page that follows your order');
    expect(confirmation).toContain('To pay by Bank transfer:\nIBAN FR76 0000 <b>');
    const paidMail = await mailOf('order-status', o.number);
    expect(paidMail).toContain(`the payment for your order ${o.number} has been received`);
    expect(paidMail).toContain('Paid: €25.00.');
    expect(paidMail).not.toContain(started.body.payment.id);
    expect(history.filter((h: { toStatus: string }) => h.toStatus === 'PAID')).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'AWAITING_PAYMENT', toStatus: 'PAID', actor: 'payment:dev' });
    expect(await kit.stock(mug)).toBe(before - 2);
    const record = await payments(orderId);
    expect(record.payments).toHaveLength(1);
    expect(record.payments[0]).toMatchObject({ status: 'succeeded', amount: 2500, currency: 'EUR' });
    await receiver.waitFor((all) => all.some((r) => isEvent(r, 'order.paid', orderId)));
    const paidEvents = receiver.received.filter((r) => isEvent(r, 'order.paid', orderId));
    expect(paidEvents).toHaveLength(1);
    // The order is paid: no second payment.
    expect((await start(token, { orderId, provider: 'dev', ...urls() })).body.details.applicationError.code).toBe(
      'ORDER_NOT_PAYABLE',
    );
  });

  it('Decline cancels the order, gives the stock back and sends the shopper to the cancel URL', async () => {
    const before = await kit.stock(mug);
    const { token, orderId } = await placed(3);
    const started = await start(token, { orderId, provider: 'dev', ...urls() });
    const declined = await post(started.body.step.url, 'decline');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(urls().cancelUrl);
    const { order: o, history } = await order(orderId);
    expect(o).toMatchObject({ status: 'CANCELED', paymentStatus: 'DECLINED' });
    expect(history.at(-1).note).toContain('declined');
    const cancelled = await mailOf('order-status', o.number);
    expect(cancelled).toContain('The payment was declined, so nothing was charged and the order was cancelled.');
    expect(cancelled).not.toContain('A note from the shop');
    expect(await kit.stock(mug)).toBe(before);
    // Paying after the decline changes nothing.
    await post(started.body.step.url, 'pay');
    expect((await order(orderId)).order.status).toBe('CANCELED');
    expect(await kit.stock(mug)).toBe(before);
  });

  it('asks for authentication: a failed one leaves the payment open, a passed one pays', async () => {
    const { token, orderId } = await placed(1);
    const { url } = (await start(token, { orderId, provider: 'dev', ...urls() })).body.step;
    const step = await post(url, 'authenticate');
    const stepPage = await step.text();
    expect(step.status).toBe(200);
    expect(stepPage).toContain('Authenticate the payment');
    expect(stepPage).toMatch(/value="auth-ok">Authenticate</);
    const failed = await post(url, 'auth-fail');
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('The authentication failed');
    expect((await order(orderId)).order.status).toBe('AWAITING_PAYMENT');
    const passed = await post(url, 'auth-ok');
    expect(passed.headers.get('location')).toBe(urls().returnUrl);
    expect((await order(orderId)).order.status).toBe('PAID');
    // Once paid, the page only says so: no button is left to press.
    const after = await post(url, 'authenticate');
    const text = await after.text();
    expect(text).toContain('This payment is succeeded');
    expect(text).not.toContain('<button');
  });
});

describe('starting a payment', () => {
  it('is for the order’s own shopper, to return URLs of the client’s origins, with a method the shop offers', async () => {
    const { token, orderId } = await placed(1);
    const stranger = await kit.visitor();
    const other = await start(stranger, { orderId, provider: 'dev', ...urls() });
    expect(other.status).toBe(404);
    expect(other.body.details.applicationError.code).toBe('ORDER_NOT_FOUND');
    const open = await start(token, {
      orderId,
      provider: 'dev',
      returnUrl: 'https://evil.example/x',
      cancelUrl: urls().cancelUrl,
    });
    expect(open.status).toBe(400);
    expect(JSON.stringify(open.body)).toContain('returnUrl');
    const stripe = await start(token, { orderId, provider: 'stripe', ...urls() });
    expect(stripe.status).toBe(400);
    expect(stripe.body.details.applicationError.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const noToken = await kit.call('POST', '/_api/vitrine/v1/payments/start', { body: { orderId, provider: 'dev' } });
    expect(noToken.status).toBe(401);
    const methods = await kit.call('GET', '/_api/vitrine/v1/payments/methods', { token });
    expect(methods.body).toEqual({
      providers: ['dev', 'offline'],
      offline: [{ id: 'bank-transfer', name: 'Bank transfer', instructions: 'IBAN FR76 0000 <b>' }],
    });
  });

  it('answers an offline method’s instructions and keeps the order awaiting payment', async () => {
    const { token, orderId } = await placed(1);
    const started = await start(token, { orderId, provider: 'offline', method: 'bank-transfer', ...urls() });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.step).toEqual({
      type: 'instructions',
      name: 'Bank transfer',
      instructions: 'IBAN FR76 0000 <b>',
    });
    expect((await order(orderId)).order).toMatchObject({ status: 'AWAITING_PAYMENT', paymentStatus: 'NOT_PAID' });
    // The confirmation page reads the instructions back; another visitor cannot.
    const view = await kit.call('GET', `/_api/vitrine/v1/payments/orders/${orderId}`, { token });
    expect(view.body).toMatchObject({
      paymentStatus: 'NOT_PAID',
      instructions: { type: 'instructions', name: 'Bank transfer', instructions: 'IBAN FR76 0000 <b>' },
    });
    expect(view.body.payments).toEqual([
      expect.objectContaining({ provider: 'offline', status: 'pending', amount: 1250 }),
    ]);
    const stranger = await kit.call('GET', `/_api/vitrine/v1/payments/orders/${orderId}`, {
      token: await kit.visitor(),
    });
    expect(stranger.status).toBe(404);
    const unknown = await start(token, { orderId, provider: 'offline', method: 'cash', ...urls() });
    expect(unknown.body.details.applicationError.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    // Choosing the dev provider instead ends the offline payment: one payment under way at a time.
    const dev = await start(token, { orderId, provider: 'dev', ...urls() });
    expect(dev.status).toBe(200);
    const record = await payments(orderId);
    expect(record.payments.map((p: { status: string }) => p.status)).toEqual(['failed', 'pending']);
  });
});

describe('offline methods in the site settings', () => {
  it('are the owners’ to set, with their instructions; editors may not', async () => {
    const change = {
      'shop.offlinePayments': [{ id: 'cash', name: 'Cash on delivery', instructions: 'Pay the courier.' }],
    };
    const editor = await signedIn(server, 'editor-settings@example.com', 'editor');
    const refused = await editor.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes: change });
    expect(refused.status).toBe(403);
    const owner = await signedIn(server, 'owner-settings@example.com', 'owner');
    const saved = await owner.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes: change });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { token, orderId } = await placed(1);
    const methods = await kit.call('GET', '/_api/vitrine/v1/payments/methods', { token });
    expect(methods.body.offline).toEqual([{ id: 'cash', name: 'Cash on delivery', instructions: 'Pay the courier.' }]);
    const started = await start(token, { orderId, provider: 'offline', method: 'cash', ...urls() });
    expect(started.body.step).toEqual({
      type: 'instructions',
      name: 'Cash on delivery',
      instructions: 'Pay the courier.',
    });
  });
});

describe('applying events', () => {
  it('applies two concurrent deliveries of one event once, and two success events for one payment once', async () => {
    const { token, orderId } = await placed(1);
    const started = await start(token, { orderId, provider: 'dev', ...urls() });
    const reference = (started.body.step.url as string).split('/').pop()!;
    const event = { provider: 'dev' as const, providerReference: reference, amount: 1250, currency: 'EUR' };
    const results = await Promise.all([
      applyPaymentEvent(server.ctx, { ...event, eventId: 'evt-same', kind: 'succeeded' }),
      applyPaymentEvent(server.ctx, { ...event, eventId: 'evt-same', kind: 'succeeded' }),
      applyPaymentEvent(server.ctx, { ...event, eventId: 'evt-other', kind: 'succeeded' }),
    ]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(
      results
        .filter((r) => !r.applied)
        .map((r) => !r.applied && r.reason)
        .sort(),
    ).toEqual(['duplicate', 'no-change']);
    const { history } = await order(orderId);
    expect(history.filter((h: { toStatus: string }) => h.toStatus === 'PAID')).toHaveLength(1);
    const record = await payments(orderId);
    expect(record.payments.filter((p: { status: string }) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('refuses an event for another amount or currency and changes nothing', async () => {
    const { token, orderId } = await placed(1);
    const started = await start(token, { orderId, provider: 'dev', ...urls() });
    const reference = (started.body.step.url as string).split('/').pop()!;
    const base = { provider: 'dev' as const, providerReference: reference, kind: 'succeeded' as const };
    await expect(
      applyPaymentEvent(server.ctx, { ...base, eventId: 'e-low', amount: 1, currency: 'EUR' }),
    ).rejects.toThrow(/amount or currency/);
    await expect(
      applyPaymentEvent(server.ctx, { ...base, eventId: 'e-usd', amount: 1250, currency: 'USD' }),
    ).rejects.toThrow(/amount or currency/);
    expect((await order(orderId)).order.status).toBe('AWAITING_PAYMENT');
    expect((await payments(orderId)).payments[0].status).toBe('pending');
  });
});
