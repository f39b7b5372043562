/**
 * A member's hosted checkout page ends with the member (docs/payments.md → The hosted checkout): once the session of
 * the token that made it has ended, or the member is blocked, the page shows neither the member's email nor the
 * checkout, answers 410 "sign in again", and places no order; and the module itself places no order for a blocked
 * member, whoever asks (a site API key here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { payingShop } from '../../../test-support/payment-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let server: TestServer;
let kit: CommerceKit;
let mug: string;

beforeAll(async () => {
  server = await startTestServer({ site: payingShop });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1200, stock: 50 }] });
});
afterAll(async () => server?.close());

const admin = () => `Bearer ${server.adminKey}`;
const SIGNED_OUT = 'You are no longer signed in, so this checkout link has expired.';
const address = { name: 'Ada Lovelace', street: '1 rue de Rivoli', postalCode: '75001', city: 'Paris', country: 'FR' };

/** A member with a checkout of two mugs to Paris, and its hosted page, made with their token or the admin key. */
async function memberPage(by: 'member' | 'key' = 'member') {
  const member = await kit.member();
  const token = member.token;
  const lineItems = [{ catalogReference: { catalogItemId: mug }, quantity: 2 }];
  expect((await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', { token, body: { lineItems } })).status).toBe(
    200,
  );
  const checkoutId = (await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body
    .checkoutId as string;
  // Filled in, so that nothing but the member's state could stop an order of it.
  const shippingInfo = {
    shippingDestination: {
      address: { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' },
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
    },
    selectedCarrierServiceOption: { code: 'pickup' },
  };
  const filled = await kit.call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    token,
    body: { checkout: { shippingInfo } },
  });
  expect(filled.status, filled.text).toBe(200);
  const made = await kit.call('GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`, {
    token: by === 'member' ? token : admin(),
  });
  expect(made.status, made.text).toBe(200);
  return { ...member, checkoutId, url: made.body.checkoutUrl as string };
}

/** The page as a browser reads it, keeping its cookies and the CSRF field of the last page for a post. */
function browser() {
  let cookie = '';
  let csrf = '';
  const keep = async (res: Response) => {
    for (const c of res.headers.getSetCookie()) cookie = [cookie, c.split(';')[0]].filter(Boolean).join('; ');
    const body = await res.text();
    csrf = /name="csrf" value="([^"]+)"/.exec(body)?.[1] ?? csrf;
    return { status: res.status, body, location: res.headers.get('location') ?? '' };
  };
  return {
    get: async (url: string) => keep(await fetch(url, { headers: { cookie }, redirect: 'manual' })),
    post: async (url: string, fields: Record<string, string>) =>
      keep(
        await fetch(url, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf, ...fields }).toString(),
          redirect: 'manual',
        }),
      ),
  };
}

const ordersOf = async (memberId: string) =>
  (
    await server.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from commerce_orders where site_id = $1 and member_id = $2`,
      [server.siteId, memberId],
    )
  ).rows[0]!.n;

/** The page once its member is gone: 410 in words, nothing of the member's, and Pay places nothing. */
async function expectClosed(b: ReturnType<typeof browser>, url: string, member: { email: string; memberId: string }) {
  const shown = await b.get(url);
  expect(shown.status).toBe(410);
  expect(shown.body).toContain(SIGNED_OUT);
  expect(shown.body).not.toContain(member.email);
  const paid = await b.post(url, { action: 'pay', ...address, method: 'pickup', payWith: 'dev' });
  expect(paid.status).toBe(410);
  expect(paid.body).toContain(SIGNED_OUT);
  expect(await ordersOf(member.memberId)).toBe(0);
}

describe("a member's hosted checkout page", () => {
  it('closes when the session of the token that made it ends', async () => {
    const member = await memberPage();
    // The Wix way to the same page: an ecomCheckout redirect session made with the member's token.
    const redirect = await kit.call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: member.token,
      body: { ecomCheckout: { checkoutId: member.checkoutId } },
    });
    expect(redirect.status, redirect.text).toBe(200);
    const b = browser();
    const open = await b.get(member.url);
    expect(open.status).toBe(200);
    expect(open.body).toContain(member.email);
    await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.revokeMemberSessions(tx, server.siteId, member.memberId, { reason: 'logout' }),
    );
    expect((await kit.call('GET', '/ecom/v1/carts/current', { token: member.token })).status).toBe(401);
    await expectClosed(b, member.url, member);
    await expectClosed(browser(), redirect.body.redirectSession.fullUrl, member);
  });

  it('closes when the member is blocked, and the module places no order for them', async () => {
    const member = await memberPage();
    const byKey = await memberPage('key');
    const b = browser();
    expect((await b.get(member.url)).status).toBe(200);
    for (const m of [member, byKey]) {
      const blocked = await kit.call('POST', `/members/v1/members/${m.memberId}/block`, { token: admin() });
      expect(blocked.status, blocked.text).toBe(200);
    }
    await expectClosed(b, member.url, member);
    // A page a site key made follows no session, but still ends with the member.
    await expectClosed(browser(), byKey.url, byKey);
    // The service refuses too: a site key placing the blocked member's checkout.
    const placed = await kit.call('POST', `/ecom/v1/checkouts/${byKey.checkoutId}/create-order`, {
      token: admin(),
      body: {},
    });
    expect(placed.status, placed.text).toBe(403);
    expect(placed.body.details.applicationError.code).toBe('MEMBER_BLOCKED');
    expect(await ordersOf(byKey.memberId)).toBe(0);
  });

  it('still serves a member whose session lives, and a page a site key made for an active member', async () => {
    for (const by of ['member', 'key'] as const) {
      const member = await memberPage(by);
      const b = browser();
      const open = await b.get(member.url);
      expect([open.status, open.body.includes(member.email)]).toEqual([200, true]);
      const paying = await b.post(member.url, { action: 'pay', ...address, method: 'pickup', payWith: 'dev' });
      expect(paying.status, paying.body).toBe(303);
      expect(await ordersOf(member.memberId)).toBe(1);
    }
  });
});
