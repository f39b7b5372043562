/**
 * Refunds through the admin API (docs/payments.md → Refunds): part, then the rest, never more than was paid, the
 * same idempotency key refunded once, the history, the shopper's mail and `order.refunded`; owners only among
 * console roles. Runs on PGlite, and on PostgreSQL with VITRINE_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { placeGuestOrder, startPaymentAs, payingShop } from '../../../test-support/payment-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { startReceiver, type Received, type Receiver } from '../../../test-support/webhook-receiver.js';

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
const post = (url: string, action: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `action=${action}`,
    redirect: 'manual',
  });

describe('refunds', () => {
  it('refunds part, then the rest, never more than paid; the same key twice refunds once', async () => {
    const { token, orderId } = await placed(2);
    const { url } = (await start(token, { orderId, provider: 'dev', ...urls() })).body.step;
    await post(url, 'pay');
    const refund = (body: Record<string, unknown>) =>
      kit.call('POST', `/_admin/v1/commerce/orders/${orderId}/refunds`, {
        token: admin(),
        body: { siteId: server.siteId, ...body },
      });
    const part = await refund({ amount: 700, reason: 'Chipped mug', idempotencyKey: 'r-1' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.refund).toMatchObject({
      amount: 700,
      currency: 'EUR',
      status: 'succeeded',
      reason: 'Chipped mug',
    });
    expect(part.body.paymentStatus).toBe('PARTIALLY_REFUNDED');
    const same = await refund({ amount: 700, idempotencyKey: 'r-1' });
    expect(same.body.refund.id).toBe(part.body.refund.id);
    expect(same.body.refunds).toHaveLength(1);
    const tooMuch = await refund({ amount: 1801 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.details.applicationError).toMatchObject({
      code: 'REFUND_EXCEEDS_PAID',
      data: { refundable: 1800 },
    });
    const bad = await refund({ amount: -5 });
    expect(bad.status).toBe(400);
    const rest = await refund({});
    expect(rest.body.refund.amount).toBe(1800);
    expect(rest.body.paymentStatus).toBe('FULLY_REFUNDED');
    expect(rest.body.payments[0].refundedAmount).toBe(2500);
    expect((await refund({ amount: 1 })).body.details.applicationError.code).toBe('NOTHING_TO_REFUND');
    const { order: o, history } = await order(orderId);
    expect(history.filter((h: { note: string | null }) => h.note?.startsWith('Refunded'))).toHaveLength(2);
    const mail = await kit.call('GET', '/_dev/mail.json?to=ada@example.com');
    const refundMails = mail.body.messages.filter((m: { subject: string }) =>
      m.subject.includes(`refund for order ${o.number}`),
    );
    expect(refundMails).toHaveLength(2);
    expect(refundMails.map((m: { text: string }) => m.text).join('\n')).toContain('We have refunded €7.00');
    expect(refundMails.map((m: { text: string }) => m.text).join('\n')).toContain('Chipped mug');
    await receiver.waitFor((all) => all.filter((r) => isEvent(r, 'order.refunded', orderId)).length === 2);
  });

  it('is for owners only among console roles', async () => {
    const { token, orderId } = await placed(1);
    await post((await start(token, { orderId, provider: 'dev', ...urls() })).body.step.url, 'pay');
    const editor = await signedIn(server, 'editor-refunds@example.com', 'editor');
    const path = `/_admin/v1/commerce/orders/${orderId}/refunds`;
    expect((await editor.call('POST', path, { siteId: server.siteId, amount: 100 })).status).toBe(403);
    expect(
      (await editor.call('GET', `/_admin/v1/commerce/orders/${orderId}/payments?siteId=${server.siteId}`)).status,
    ).toBe(200);
    const owner = await signedIn(server, 'owner-refunds@example.com', 'owner');
    const done = await owner.call('POST', path, { siteId: server.siteId, amount: 100 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refunds[0].actor).toMatch(/^owner:/);
    // The audit log names the order by its number and the amount with its currency (the console shows €1.00).
    await server.ctx.authEvents.flush();
    const audited = await server.ctx.db.query<{ detail: Record<string, unknown> }>(
      `select detail from auth_events where type = 'owner_action' and detail->>'action' = 'commerce_order_refund'
       and detail->>'orderId' = $1`,
      [orderId],
    );
    expect(audited.rows[0]!.detail).toMatchObject({
      orderNumber: (await order(orderId)).order.number,
      amount: 100,
      currency: 'EUR',
    });
  });

  it('answers a key sent again for another order or amount with 409 REFUND_KEY_REUSED, refunding nothing', async () => {
    const paid = async () => {
      const { token, orderId } = await placed(1);
      await post((await start(token, { orderId, provider: 'dev', ...urls() })).body.step.url, 'pay');
      return orderId;
    };
    const [a, b] = [await paid(), await paid()];
    const owner = await signedIn(server, 'owner-refund-keys@example.com', 'owner');
    const refund = (orderId: string, amount: number) =>
      owner.call('POST', `/_admin/v1/commerce/orders/${orderId}/refunds`, {
        siteId: server.siteId,
        amount,
        idempotencyKey: 'k1',
      });
    const first = await refund(a, 300);
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const otherOrder = await refund(b, 300);
    expect(otherOrder.status, JSON.stringify(otherOrder.body)).toBe(409);
    expect(otherOrder.body.details.applicationError).toMatchObject({
      code: 'REFUND_KEY_REUSED',
      data: { idempotencyKey: 'k1' },
    });
    const otherAmount = await refund(a, 400);
    expect(otherAmount.body.details.applicationError.code).toBe('REFUND_KEY_REUSED');
    const retry = await refund(a, 300);
    expect([retry.status, retry.body.refund.id]).toEqual([200, first.body.refund.id]);

    // B is untouched: no refund, still paid, and the audit log records no refund of it.
    const untouched = await kit.call('GET', `/_admin/v1/commerce/orders/${b}/payments?siteId=${server.siteId}`, {
      token: admin(),
    });
    expect(untouched.body).toMatchObject({ paymentStatus: 'PAID', refunds: [] });
    expect(untouched.body.payments[0].refundedAmount).toBe(0);
    expect((await order(a)).order.paymentStatus).toBe('PARTIALLY_REFUNDED');
    await server.ctx.authEvents.flush();
    const audited = (await server.ctx.authEvents.list(server.siteId, { type: 'owner_action' }))
      .filter((e) => e.detail.action === 'commerce_order_refund')
      .map((e) => e.detail.orderId);
    expect(audited).toContain(a);
    expect(audited).not.toContain(b);
  });
});
