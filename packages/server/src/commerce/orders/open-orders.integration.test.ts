/**
 * Orders awaiting payment per buyer (audit V5-4, docs/commerce.md → Limits): a guest is counted by browser, email
 * and client address, a member by their account; the cap refuses the next order with TOO_MANY_OPEN_ORDERS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let small: TestServer;
beforeAll(async () => {
  small = await startTestServer({
    site: (s) => ({ ...s, shipping: undefined, shop: { ...s.shop, maxOpenUnpaidOrders: 2 } }),
  });
});
afterAll(async () => {
  await small?.close();
});

describe('open orders per buyer', () => {
  it('refuses a guest more orders awaiting payment than the site allows, counted by browser, email and address', async () => {
    const k = new CommerceKit(small);
    const cup = await k.product({ name: 'Cup', variants: [{ price: 500, stock: 50 }] });
    const placeAs = async (token: string, email: string) => {
      await k.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: { lineItems: [{ catalogReference: { catalogItemId: cup }, quantity: 1 }] },
      });
      const id = (await k.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body.checkoutId;
      await k.call('PATCH', `/ecom/v1/checkouts/${id}`, { token, body: { checkout: { buyerInfo: { email } } } });
      return k.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} });
    };
    const token = await k.visitor();
    expect((await placeAs(token, 'a@example.com')).status).toBe(200);
    expect((await placeAs(token, 'b@example.com')).status).toBe(200);
    const third = await placeAs(token, 'c@example.com');
    expect(third.body.details.applicationError).toMatchObject({
      code: 'TOO_MANY_OPEN_ORDERS',
      data: { max: 2, by: 'visitor' },
    });
    // Another browser from the same address is refused too: the address has two orders waiting.
    const fourth = await placeAs(await k.visitor(), 'd@example.com');
    expect(fourth.body.details.applicationError.data.by).toBe('address');
    // A member counts their own orders only.
    const member = await k.member();
    expect((await placeAs(member.token, member.email)).status).toBe(200);
  });
});

describe('orders per hour', () => {
  // Each guest order mails the address it names: `guestOrdersPerHour` per client address and site (commerce/limits.ts);
  // a member's orders count per member, so the address's guest limit never stops one.
  let hourly: TestServer;
  beforeAll(async () => {
    hourly = await startTestServer({
      site: (s) => ({
        ...s,
        shipping: undefined,
        shop: { ...s.shop, maxOpenUnpaidOrders: 100, guestOrdersPerHour: 3 },
      }),
    });
  });
  afterAll(async () => {
    await hourly?.close();
  });

  it('are limited for guests per client address, with Retry-After; a member’s order is not', async () => {
    const k = new CommerceKit(hourly);
    const cup = await k.product({ name: 'Cup', variants: [{ price: 500, stock: 50 }] });
    for (let i = 0; i < 3; i++) await k.order(await k.visitor(), cup, 1, { email: `hour-${i}@example.com` });
    const token = await k.visitor();
    await k.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: cup }, quantity: 1 }] },
    });
    const id = (await k.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body.checkoutId;
    await k.call('PATCH', `/ecom/v1/checkouts/${id}`, {
      token,
      body: { checkout: { buyerInfo: { email: 'x@example.com' } } },
    });
    const refused = await k.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const member = await k.member();
    expect(await k.order(member.token, cup, 1)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
