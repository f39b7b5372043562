/**
 * The hosted checkout page of `ecomCheckout` redirect sessions on a real server (docs/payments.md → The hosted
 * checkout): the session only for the token's own open checkout, with callbacks under the client's origins; the
 * page's fields, the server's totals with tax and a discount; Pay through the dev provider to the thank-you URL with
 * the order id; a declined payment back to the page with the cart intact; CSRF; the language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let server: TestServer;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      languages: ['en', 'ar'],
      shipping: {
        methods: [
          { id: 'standard', name: 'Standard', rates: [{ countries: ['FR', 'DE'], amount: 5 }] },
          { id: 'pickup', name: 'Pick-up', rates: [{ countries: ['FR'], amount: 0 }] },
        ],
      },
      shop: {
        ...s.shop,
        currency: 'EUR',
        taxRates: [{ country: 'FR', rate: 20, name: 'VAT' }],
        maxOpenUnpaidOrders: 100,
        guestOrdersPerHour: 1000,
      },
    }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1200, stock: 50 }] });
  await kit.discount({ code: 'TENOFF', kind: 'percentage', value: 10 });
});

afterAll(async () => server?.close());

const admin = () => `Bearer ${server.adminKey}`;

async function checkoutOf(token: string, quantity = 2): Promise<string> {
  const added = await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ catalogReference: { catalogItemId: mug }, quantity }] },
  });
  expect(added.status).toBe(200);
  return (await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body.checkoutId;
}

const session = (token: string | undefined, body: Record<string, unknown>) =>
  kit.call('POST', '/_api/redirects-api/v1/redirect-session', { ...(token ? { token } : {}), body });

/** A browser: its cookies, the last page, and a form post with that page's csrf field. */
function browser() {
  let cookie = '';
  let last = '';
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) cookie = [cookie, c.split(';')[0]].filter(Boolean).join('; ');
  };
  return {
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await fetch(url, { headers: { cookie, ...headers }, redirect: 'manual' });
      keep(res);
      last = await res.text();
      return { status: res.status, body: last, headers: res.headers };
    },
    async post(url: string, fields: Record<string, string>) {
      const csrf = /name="csrf" value="([^"]+)"/.exec(last)?.[1] ?? '';
      const res = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf, ...fields }).toString(),
        redirect: 'manual',
      });
      keep(res);
      last = await res.text();
      return { status: res.status, body: last, location: res.headers.get('location') ?? '' };
    },
  };
}

const address = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  street: '1 rue de Rivoli',
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
};

describe('ecomCheckout redirect sessions', () => {
  it('are made for the token’s own open checkout, with callbacks under the client’s origins', async () => {
    const token = await kit.visitor();
    const checkoutId = await checkoutOf(token);
    const made = await session(token, {
      ecomCheckout: { checkoutId },
      callbacks: { thankYouPageUrl: `${server.url}/thanks`, postFlowUrl: `${server.url}/shop` },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.redirectSession.fullUrl).toMatch(new RegExp(`^${server.url}/ecom-checkout/[0-9a-f-]{36}$`));

    const stranger = await session(await kit.visitor(), { ecomCheckout: { checkoutId } });
    expect([stranger.status, stranger.body.details.applicationError.code]).toEqual([404, 'CHECKOUT_NOT_FOUND']);
    const evil = await session(token, {
      ecomCheckout: { checkoutId },
      callbacks: { thankYouPageUrl: 'https://evil.example/x' },
    });
    expect(evil.status).toBe(400);
    expect(evil.text).toContain('REDIRECT_NOT_ALLOWED');
    expect((await session(undefined, { ecomCheckout: { checkoutId } })).status).toBe(401);
    expect((await session(token, { ecomCheckout: {} })).status).toBe(400);
    const both = await session(token, { ecomCheckout: { checkoutId }, login: {} });
    expect(both.status).toBe(400);

    const url = await kit.call('GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`, { token });
    expect(url.status).toBe(200);
    expect((await fetch(url.body.checkoutUrl)).status).toBe(200);
  });

  it('the page: fields, delivery, code, totals with tax, and Pay through the dev provider to the thank-you URL', async () => {
    const token = await kit.visitor();
    const checkoutId = await checkoutOf(token);
    const { redirectSession } = (
      await session(token, {
        ecomCheckout: { checkoutId },
        callbacks: { thankYouPageUrl: `${server.url}/thanks?from=hc` },
      })
    ).body;
    const b = browser();
    const first = await b.get(redirectSession.fullUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(first.body).not.toMatch(/<script/);
    for (const label of ['Email', 'Full name', 'Street and number', 'Postal code', 'City', 'Country'])
      expect(first.body).toContain(`>${label}</label>`);
    expect(first.body).toContain('<option value="FR">France</option>');
    expect(first.body).toContain('<option value="DE">Germany</option>');
    expect(first.body).toContain('>Pay €24.00</button>');

    const updated = await b.post(redirectSession.fullUrl, { action: 'update', ...address });
    expect(updated.status).toBe(200);
    expect(updated.body).toContain('Standard — €5.00');
    expect(updated.body).toContain('Pick-up — Free');

    const wrong = await b.post(redirectSession.fullUrl, {
      action: 'apply-code',
      ...address,
      method: 'standard',
      code: 'NOPE',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('There is no such discount code.');
    expect(wrong.body).toMatch(/value="standard" checked/); // the rest of the form was kept

    const coded = await b.post(redirectSession.fullUrl, {
      action: 'apply-code',
      ...address,
      method: 'standard',
      code: 'tenoff',
    });
    expect(coded.body).toContain('Code TENOFF applied');
    // 24.00 − 10 % = 21.60, + 5.00 delivery = 26.60, VAT 20 % included in prices.
    expect(coded.body).toMatch(/Discount<\/th><td>−€2.40/);
    expect(coded.body).toMatch(/Tax included \(VAT\)<\/th><td>€/);
    expect(coded.body).toContain('>Pay €26.60</button>');

    const paying = await b.post(redirectSession.fullUrl, {
      action: 'pay',
      ...address,
      method: 'standard',
      payWith: 'dev',
    });
    expect(paying.status, paying.body).toBe(303);
    expect(paying.location.startsWith(`${server.url}/_dev/pay/`)).toBe(true);
    const dev = await b.get(paying.location);
    expect(dev.body).toContain('Pay €26.60');
    const paid = await b.post(paying.location, { action: 'pay' });
    expect(paid.status).toBe(303);
    const landed = new URL(paid.location);
    expect(`${landed.origin}${landed.pathname}`).toBe(`${server.url}/thanks`);
    expect(landed.searchParams.get('from')).toBe('hc');
    const orderId = landed.searchParams.get('orderId')!;
    const order = (
      await kit.call('GET', `/_admin/v1/commerce/orders/${orderId}?siteId=${server.siteId}`, { token: admin() })
    ).body;
    expect(JSON.stringify(order)).toContain('"PAID"');
    expect(JSON.stringify(order)).toContain('2660');

    const after = await b.get(redirectSession.fullUrl);
    expect(after.body).toContain('is paid (€26.60)');
  });

  it('a declined payment comes back to the page with the cart intact and the stock back', async () => {
    const token = await kit.visitor();
    const before = await kit.stock(mug);
    const checkoutId = await checkoutOf(token, 3);
    const { redirectSession } = (await session(token, { ecomCheckout: { checkoutId } })).body;
    const b = browser();
    await b.get(redirectSession.fullUrl);
    const paying = await b.post(redirectSession.fullUrl, {
      action: 'pay',
      ...address,
      method: 'pickup',
      payWith: 'dev',
    });
    expect(paying.status, paying.body).toBe(303);
    expect(await kit.stock(mug)).toBe(before - 3);
    const declined = await b.post(paying.location, { action: 'decline' });
    expect(declined.location).toBe(`${redirectSession.fullUrl}?payment=cancelled`);
    const back = await b.get(declined.location);
    expect(back.status).toBe(200);
    expect(back.body).toContain('Your payment was declined and nothing was charged.');
    expect(back.body).toContain('>Pay €36.00</button>');
    expect(back.body).toContain('value="Paris"');
    expect(await kit.stock(mug)).toBe(before);
    const cart = await kit.call('GET', '/ecom/v1/carts/current', { token });
    expect(cart.body.cart.lineItems[0].quantity).toBe(3);
  });

  it('refuses a post without the page’s CSRF pair, and speaks Arabic right to left', async () => {
    const token = await kit.visitor();
    const checkoutId = await checkoutOf(token);
    const { redirectSession } = (
      await session(token, { ecomCheckout: { checkoutId }, preferences: { additionalQueryParameters: { lang: 'ar' } } })
    ).body;
    const res = await fetch(redirectSession.fullUrl.replace(/\?.*/, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay', ...address, payWith: 'dev', csrf: 'forged' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This form has expired.');
    const ar = await browser().get(redirectSession.fullUrl);
    expect(ar.body).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.body).toContain('>الاسم الكامل</label>');
    expect(ar.body).toContain('فرنسا');
    expect((await fetch(`${server.url}/ecom-checkout/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });
});
