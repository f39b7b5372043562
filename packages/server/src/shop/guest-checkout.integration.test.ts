import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateValue, type JsonObject, buildData, insertRow } from '../data/index.js';
import { listMail } from '../mail/index.js';
import { APP, Kit, pkce, postedMessage } from '../../test-support/redirect-kit.js';

/**
 * Checkout as shoppers meet it (issue #29), on the real app and the demo site's delivery methods
 * (config/demo.ts DEMO_SHIPPING: standard 7.50 to FR and 5 to US, free from 100; express 20 to FR):
 * the review quote, a guest's order with its confirmation mail and signed link (expiring on the server's
 * clock), and the guest order joining the account of its verified address at sign-in.
 */
let kit: Kit;
let clock = Date.now();
let seq = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  kit = await Kit.start(() => clock);
});
afterAll(() => kit?.server.close());

const subjectOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).sub as string;

async function call(path: string, token: string, body?: unknown) {
  const res = await fetch(`${kit.server.url}/_api/vitrine/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test helper: bodies are asserted shape by shape
  return { status: res.status, body: (await res.json()) as any };
}

async function put(collection: string, data: JsonObject, owner: string): Promise<string> {
  const id = `t-${collection}-${++seq}-${randomBytes(3).toString('hex')}`;
  const now = Date.now();
  const { db } = kit.server.ctx;
  await insertRow(
    db,
    kit.server.siteId,
    collection,
    buildData(data, id, owner, dateValue(now), dateValue(now)),
    owner,
    now,
  );
  return id;
}

/** A visitor whose cart holds `prices` (one unit each, stock 10). */
async function shopper(...prices: number[]) {
  const token = (await kit.visitor()).access_token;
  const visitorId = subjectOf(token);
  for (const price of prices) {
    const productId = await put(
      'Products',
      { title: `Thing ${++seq}`, slug: `thing-${seq}`, price, stock: 10 },
      'admin',
    );
    await put('Cart', { productId, quantity: 1 }, visitorId);
  }
  return token;
}

const address = (country: string) => ({
  name: 'Ada',
  addressLine: '12 Rue des Lilas',
  city: 'Paris',
  postalCode: '75011',
  country,
});
const errorOf = (res: { body: { details?: { applicationError?: { code: string; description: string } } } }) =>
  res.body.details?.applicationError;

describe('delivery methods and the review quote', () => {
  it('prices each method per country, free from the amount, and refuses a country the method does not serve', async () => {
    const token = await shopper(30, 20);
    const methods = await call('/shipping-methods', token);
    expect(methods.body.methods.map((m: { id: string }) => m.id)).toEqual(['standard', 'express']);
    expect(methods.body.countries).toContain('FR');

    const fr = await call('/checkout/quote', token, { shippingAddress: { country: 'fr' }, shippingMethod: 'standard' });
    expect(fr.status).toBe(200);
    expect(fr.body.quote).toMatchObject({ subtotal: 50, shipping: { methodId: 'standard', amount: 7.5 }, total: 57.5 });
    expect(fr.body.quote.shippingOptions).toEqual([
      expect.objectContaining({ id: 'standard', amount: 7.5, freeAbove: 100 }),
      expect.objectContaining({ id: 'express', amount: 20 }),
    ]);
    const us = await call('/checkout/quote', token, { shippingAddress: { country: 'US' }, shippingMethod: 'standard' });
    expect(us.body.quote.shipping.amount).toBe(5);

    const far = await call('/checkout/quote', token, {
      shippingAddress: { country: 'JP' },
      shippingMethod: 'standard',
    });
    expect(far.status).toBe(400);
    expect(errorOf(far)).toMatchObject({ code: 'SHIPPING_COUNTRY_UNSUPPORTED' });
    expect(errorOf(far)!.description).toMatch(/does not deliver to JP; it delivers to US, FR/);
    const express = await call('/checkout/quote', token, {
      shippingAddress: { country: 'AE' },
      shippingMethod: 'express',
    });
    expect(errorOf(express)).toMatchObject({ code: 'SHIPPING_COUNTRY_UNSUPPORTED' });
    const unknown = await call('/checkout/quote', token, {
      shippingAddress: { country: 'FR' },
      shippingMethod: 'drone',
    });
    expect(errorOf(unknown)).toMatchObject({ code: 'SHIPPING_METHOD_UNKNOWN' });
  });

  it('ships free by standard once the subtotal reaches 100, express still costs', async () => {
    const token = await shopper(60, 40);
    const standard = await call('/checkout/quote', token, {
      shippingAddress: { country: 'FR' },
      shippingMethod: 'standard',
    });
    expect(standard.body.quote).toMatchObject({ subtotal: 100, shipping: { amount: 0 }, total: 100 });
    const express = await call('/checkout/quote', token, {
      shippingAddress: { country: 'FR' },
      shippingMethod: 'express',
    });
    expect(express.body.quote.total).toBe(120);
  });
});

describe('guest checkout', () => {
  it('needs an email, a country and a method, and changes nothing until it has them', async () => {
    const token = await shopper(10);
    const noEmail = await call('/checkout', token, { shippingAddress: address('FR'), shippingMethod: 'standard' });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.details.validationError.fieldViolations[0]).toMatchObject({ field: 'email' });
    const noMethod = await call('/checkout', token, { email: 'a@example.com', shippingAddress: address('FR') });
    expect(errorOf(noMethod)).toMatchObject({ code: 'SHIPPING_METHOD_REQUIRED' });
    const noCountry = await call('/checkout', token, { email: 'a@example.com', shippingMethod: 'standard' });
    expect(errorOf(noCountry)).toMatchObject({ code: 'SHIPPING_COUNTRY_REQUIRED' });
    expect((await call('/checkout/quote', token, {})).body.quote.lines).toHaveLength(1);
  });

  it('places the order awaiting payment, mails it in the shopper’s language with a signed link that expires', async () => {
    const token = await shopper(30, 12.5);
    const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const res = await call('/checkout', token, {
      email,
      shippingAddress: address('FR'),
      shippingMethod: 'express',
      language: 'fr',
    });
    expect(res.status).toBe(200);
    const { order, orderToken } = res.body;
    expect(order).toMatchObject({
      status: 'AWAITING_PAYMENT',
      paymentMethod: 'OFFLINE',
      guestEmail: email,
      subtotal: 42.5,
      shippingMethod: { methodId: 'express', name: 'Express delivery', country: 'FR', amount: 20 },
      shippingTotal: 20,
      total: 62.5,
    });
    expect((await call('/checkout/quote', token, {})).status).toBe(409); // the cart is empty now

    const [mail] = await listMail(kit.server.ctx.db, { to: email });
    expect(mail).toMatchObject({ kind: 'order-confirmation', language: 'fr' });
    expect(mail!.subject).toBe(`Demo Store : commande ${order.number} reçue`);
    expect(mail!.text).toContain('Livraison (Express delivery)');
    const link = new URL(/https?:\/\/\S+\/order\?token=\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get('token')).toBe(orderToken);

    const other = (await kit.visitor()).access_token;
    const opened = await call('/orders/by-link', other, { token: orderToken });
    expect(opened.status).toBe(200);
    expect(opened.body.order).toMatchObject({ _id: order._id, number: order.number, total: 62.5 });

    const forged = `${order._id}.${orderToken.split('.')[1]! + 1}.${orderToken.split('.')[2]}`;
    expect((await call('/orders/by-link', other, { token: forged })).status).toBe(404);
    clock += 31 * DAY;
    try {
      const later = (await kit.visitor()).access_token; // the first visitor token has expired too
      const expired = await call('/orders/by-link', later, { token: orderToken });
      expect(expired.status).toBe(410);
      expect(errorOf(expired)).toMatchObject({ code: 'ORDER_LINK_EXPIRED' });
    } finally {
      clock -= 31 * DAY;
    }
  });
});

/** Member tokens the way the storefront gets them: a session token, prompt none, the code exchanged. */
async function signIn(m: { sessionToken: string; visitor: { access_token: string } }): Promise<string> {
  const p = pkce();
  const request = kit.authRequest(
    p,
    { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken },
    'none',
  );
  const { body } = await kit.redirectSession(request, m.visitor.access_token);
  const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
  const res = await kit.post('/oauth2/token', {
    clientId: APP.clientId,
    grantType: 'authorization_code',
    code,
    codeVerifier: p.verifier,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('guest orders join the account of their address', () => {
  it('at sign-in once the address is verified, never before', async () => {
    const email = `later-${randomBytes(4).toString('hex')}@example.com`;
    const token = await shopper(9);
    const placed = await call('/checkout', token, {
      email: email.toUpperCase(), // the email key matches whatever the case
      shippingAddress: address('US'),
      shippingMethod: 'standard',
    });
    expect(placed.status).toBe(200);

    const m = await kit.member(email);
    const unverified = await signIn(m);
    expect((await call('/orders', unverified)).body.orders).toEqual([]);

    await kit.server.ctx.db.query('update members set email_verified = true where site_id = $1 and id = $2', [
      kit.server.siteId,
      m.memberId,
    ]);
    const verified = await signIn({
      sessionToken: await kit.sessionToken(email, m.password),
      visitor: await kit.visitor(),
    });
    const orders = (await call('/orders', verified)).body.orders;
    expect(orders.map((o: { _id: string }) => o._id)).toEqual([placed.body.order._id]);
    const one = await call(`/orders/${placed.body.order._id}`, verified);
    expect(one.body.order).toMatchObject({ total: 14, guestEmail: email.toUpperCase() });

    // Another member never gets it.
    const stranger = await kit.member();
    await kit.server.ctx.db.query('update members set email_verified = true where site_id = $1 and id = $2', [
      kit.server.siteId,
      stranger.memberId,
    ]);
    expect((await call('/orders', await signIn(stranger))).body.orders).toEqual([]);
  });
});

describe('guest orders per address', () => {
  // Each guest order mails the address it was given: 20 an hour per client address and site
  // (`guestOrdersPerHour`, shop/limits.ts); the attempts of the tests above count too, so this one goes until refused.
  it('are limited per client address, with Retry-After; a member’s checkout is not', async () => {
    const token = await shopper(10);
    let refused: Response | undefined;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await fetch(`${kit.server.url}/_api/vitrine/v1/checkout`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `flood-${i}@example.com`, shippingAddress: address('FR') }),
      });
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(400); // no delivery method: refused after it was counted
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const m = await kit.member();
    const member = await signIn(m);
    // Past the limit: the member's empty cart is what refuses this one.
    const placed = await call('/checkout', member, { shippingAddress: address('FR'), shippingMethod: 'standard' });
    expect(errorOf(placed)).toMatchObject({ code: 'CART_EMPTY' });
  });
});
