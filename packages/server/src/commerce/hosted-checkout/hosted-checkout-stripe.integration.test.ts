/**
 * The hosted checkout page with Stripe configured (docs/payments.md → The hosted checkout): the real `stripe` SDK
 * pointed at a local fake of Stripe's API. The page offers the card, allows Stripe Checkout in its form-action, and
 * Pay sends the shopper to the Checkout Session's page, created for the order's total with the thank-you URL (and the
 * order id) as its success URL and the page as its cancel URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { withPickup } from '../../../test-support/payment-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { startStripeFake, type StripeFake } from '../../../test-support/stripe-fake.js';

let server: TestServer;
let fake: StripeFake;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  fake = await startStripeFake();
  server = await startTestServer({
    config: (c) => ({
      ...c,
      payments: { stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, api: fake.api } },
    }),
    site: (s) => ({ ...withPickup(s), shop: { ...s.shop, currency: 'EUR', guestOrdersPerHour: 1000 } }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1250, stock: 50 }] });
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('the hosted checkout page with Stripe', () => {
  it('offers the card and sends Pay to the Checkout Session of the order’s total', async () => {
    const token = await kit.visitor();
    await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: mug }, quantity: 2 }] },
    });
    const checkoutId = (await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body
      .checkoutId;
    const made = await kit.call('POST', '/_api/redirects-api/v1/redirect-session', {
      token,
      body: { ecomCheckout: { checkoutId }, callbacks: { thankYouPageUrl: `${server.url}/thanks` } },
    });
    const url = made.body.redirectSession.fullUrl as string;
    const page = await fetch(url);
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const body = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com");
    expect(body).toContain('value="stripe" checked>Card</label>');
    const csrf = /name="csrf" value="([^"]+)"/.exec(body)![1]!;
    const fields = { csrf, action: 'pay', payWith: 'stripe', email: 'ada@example.com', name: 'Ada Lovelace' };
    const address = { street: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR', method: 'pickup' };
    const paying = await fetch(url, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...address }).toString(),
      redirect: 'manual',
    });
    expect(paying.status, await paying.text()).toBe(303);
    const sessionId = paying.headers.get('location')!.split('/').pop()!;
    const session = fake.sessions.get(sessionId) as Record<string, unknown>;
    expect(session).toMatchObject({ amount_total: 2500, currency: 'eur' });
    expect(String(session.success_url)).toMatch(new RegExp(`^${server.url}/thanks\\?orderId=`));
    expect(session.cancel_url).toBe(`${url}?payment=cancelled`);
  });
});
