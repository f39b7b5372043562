/**
 * Orders awaiting payment per buyer (audit V5-4, docs/commerce.md → Limits): a guest is counted by browser, client
 * address and email (from that browser or address), a member by their account; the cap refuses the next order with
 * TOO_MANY_OPEN_ORDERS. The server trusts one proxy, so a test names a client address in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let small: TestServer;
beforeAll(async () => {
  small = await startTestServer({
    config: (c) => ({ ...c, trustProxy: 1 }),
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

describe('open orders per guest email', () => {
  const k = () => new CommerceKit(small);
  /** A new cart of one cup, checked out as a guest naming `email`, from client address `ip`. */
  async function placeFrom(kit: CommerceKit, cup: string, token: string, email: string, ip: string) {
    const headers = { 'x-forwarded-for': ip };
    const lineItems = [{ catalogReference: { catalogItemId: cup }, quantity: 1 }];
    await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', { token, headers, body: { lineItems } });
    const created = await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, headers, body: {} });
    const id = created.body.checkoutId as string;
    const checkout = { buyerInfo: { email } };
    await kit.call('PATCH', `/ecom/v1/checkouts/${id}`, { token, headers, body: { checkout } });
    return kit.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, headers, body: {} });
  }
  const refusedBy = (answer: { body: { details?: { applicationError?: { data?: { by?: string } } } } }) =>
    answer.body.details?.applicationError?.data?.by;

  it("does not let a stranger's orders in someone's name block that person's checkout elsewhere", async () => {
    const kit = k();
    const cup = await kit.product({ name: 'Cup', variants: [{ price: 500, stock: 50 }] });
    const victim = 'victim@example.com';
    // The stranger fills every count they can from address X with the victim's email...
    const stranger = await kit.visitor();
    expect((await placeFrom(kit, cup, stranger, victim, '198.51.100.7')).status).toBe(200);
    expect((await placeFrom(kit, cup, stranger, victim, '198.51.100.7')).status).toBe(200);
    // ...and is still capped: from X in any browser (its address and the email from it are full), and in that
    // browser from anywhere.
    const again = await placeFrom(kit, cup, await kit.visitor(), 'someone@example.com', '198.51.100.7');
    expect([again.status, refusedBy(again)]).toEqual([409, 'address']);
    expect(refusedBy(await placeFrom(kit, cup, await kit.visitor(), victim, '198.51.100.7'))).toMatch(/email|address/);
    expect(refusedBy(await placeFrom(kit, cup, stranger, victim, '198.51.100.8'))).toBe('visitor');
    // The victim, in their own browser on address Y, checks out with their own email.
    const own = await placeFrom(kit, cup, await kit.visitor(), victim, '203.0.113.9');
    expect(own.status, own.text).toBe(200);
  });

  it('still caps one shopper who keeps their email while changing browser or address', async () => {
    const kit = k();
    const cup = await kit.product({ name: 'Cup', variants: [{ price: 500, stock: 50 }] });
    const email = 'moving@example.com';
    const [laptop, phone] = [await kit.visitor(), await kit.visitor()];
    expect((await placeFrom(kit, cup, laptop, email, '192.0.2.1')).status).toBe(200);
    expect((await placeFrom(kit, cup, phone, email, '192.0.2.2')).status).toBe(200);
    // The laptop on the phone's network: one order from this browser, one from this address, two in this email.
    expect(refusedBy(await placeFrom(kit, cup, laptop, email, '192.0.2.2'))).toBe('email');
    // The same browser on the same address naming another email is placed: the refusal was the email's.
    expect((await placeFrom(kit, cup, laptop, 'other@example.com', '192.0.2.2')).status).toBe(200);
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
