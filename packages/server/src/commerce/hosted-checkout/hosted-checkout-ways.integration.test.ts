/**
 * The hosted checkout page's other ways (docs/payments.md → The hosted checkout): a signed-in member (their own
 * email, no email field), an offline method (its instructions on the page, the order awaiting payment), and a
 * payment left on the provider's page (back with "not completed", the same order paid on a second try).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { payingShop } from '../../../test-support/payment-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { pruneCheckoutPages } from './store.js';

let server: TestServer;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  server = await startTestServer({
    site: payingShop,
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1000, stock: 50 }] });
});

afterAll(async () => server?.close());

const address = { name: 'Ada Lovelace', street: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' };

/** A checkout page of `token`'s new checkout, opened in a browser with cookies; its address and a form poster. */
async function openPage(token: string) {
  await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ catalogReference: { catalogItemId: mug }, quantity: 1 }] },
  });
  const checkoutId = (await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body
    .checkoutId;
  const made = await kit.call('POST', '/_api/redirects-api/v1/redirect-session', {
    token,
    body: { ecomCheckout: { checkoutId } },
  });
  expect(made.status, made.text).toBe(200);
  const url = made.body.redirectSession.fullUrl as string;
  let cookie = '';
  let last = '';
  const send = async (target: string, init: RequestInit = {}) => {
    const res = await fetch(target, { ...init, headers: { cookie, ...init.headers }, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) cookie = [cookie, c.split(';')[0]].filter(Boolean).join('; ');
    last = await res.text();
    return { status: res.status, body: last, location: res.headers.get('location') ?? '' };
  };
  const get = (target = url) => send(target);
  const post = (fields: Record<string, string>, target = url) =>
    send(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: /name="csrf" value="([^"]+)"/.exec(last)?.[1] ?? '', ...fields }).toString(),
    });
  return { url, get, post };
}

const orderOf = async (id: string) =>
  (
    await kit.call('GET', `/_admin/v1/commerce/orders/${id}?siteId=${server.siteId}`, {
      token: `Bearer ${server.adminKey}`,
    })
  ).body.order as { status: string; paymentStatus: string; buyerEmail?: string };

describe('the hosted checkout page', () => {
  it('a member checks out with their own email, and pays by bank transfer: the instructions, the order awaiting', async () => {
    const member = await kit.member('grace@example.com');
    const p = await openPage(member.token);
    const first = await p.get();
    expect(first.body).toContain('Signed in as grace@example.com');
    expect(first.body).not.toContain('name="email"');
    expect(first.body).toContain('value="offline:bank-transfer"');
    expect(first.body).toContain('value="dev"');
    const paying = await p.post({ action: 'pay', ...address, method: 'pickup', payWith: 'offline:bank-transfer' });
    expect(paying.status, paying.body).toBe(303);
    const shown = await p.get(paying.location);
    expect(shown.body).toContain('waits for its payment');
    expect(shown.body).toContain('Bank transfer');
    expect(shown.body).toContain('IBAN FR76 0000 &#60;b&#62;'); // the owner's text, escaped
    const orders = await kit.call('POST', '/ecom/v1/orders/search', { token: member.token, body: {} });
    const orderId = orders.body.orders[0].id as string;
    expect(await orderOf(orderId)).toMatchObject({ status: 'AWAITING_PAYMENT', paymentStatus: 'NOT_PAID' });

    // The owner cancels it: the page brings the cart back as a new checkout, and says so.
    const cancel = await kit.call('POST', `/_admin/v1/commerce/orders/${orderId}/status`, {
      token: `Bearer ${server.adminKey}`,
      body: { siteId: server.siteId, status: 'CANCELED' },
    });
    expect(cancel.status, cancel.text).toBe(200);
    const reopened = await p.get();
    expect(reopened.body).toContain('This order was cancelled and nothing was charged.');
    expect(reopened.body).toContain('>Pay €10.00</button>');
  });

  it('a payment left on the provider’s page comes back as not completed, and the same order is paid on a second try', async () => {
    const p = await openPage(await kit.visitor());
    await p.get();
    const first = await p.post({
      action: 'pay',
      email: 'ada@example.com',
      ...address,
      method: 'pickup',
      payWith: 'dev',
    });
    expect(first.status, first.body).toBe(303);
    const back = await p.get(`${p.url}?payment=cancelled`);
    expect(back.body).toContain('The payment was not completed and nothing was charged.');
    expect(back.body).toContain('>Pay €10.00</button>');
    const again = await p.post({ action: 'pay', payWith: 'dev' });
    expect(again.location).toBe(first.location); // the same open payment, not a second one
    await p.get(again.location);
    const paid = await p.post({ action: 'pay' }, again.location);
    expect(paid.location).toBe(p.url); // no callbacks: back on the page
    expect((await p.get()).body).toContain('is paid (€10.00)');
    // 24 hours later the sweep removes the page: its address is unknown.
    expect(await pruneCheckoutPages(server.ctx.db, Date.now() + 25 * 3600_000)).toBeGreaterThan(0);
    expect((await p.get()).status).toBe(404);
  });
});
