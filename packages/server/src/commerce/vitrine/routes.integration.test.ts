/**
 * Vitrine's own commerce routes beside the Wix wire (docs/commerce.md → Vitrine's own routes): the delivery
 * methods from `sites[].shipping` for a site without any of the older shop's collections, and a guest's order
 * opened from its confirmation mail's link, in the shape GET /ecom/v1/orders/:id answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

const DAY = 86_400_000;
let server: TestServer;
let kit: CommerceKit;
let clock = Date.now();
let mug: string;

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    // No Products, Cart or Orders collection: the module needs none of them.
    site: (s) => ({
      ...s,
      collections: s.collections.filter((c) => !['Products', 'Cart', 'Orders'].includes(c.id)),
      shop: { ...s.shop, currency: 'EUR', maxOpenUnpaidOrders: 100 },
    }),
  });
  kit = new CommerceKit(server);
  mug = await kit.product({ name: 'Mug', variants: [{ price: 1200, stock: 50, sku: 'MUG' }] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /_api/vitrine/v1/shipping-methods', () => {
  it("answers the site's delivery methods and countries, also after the site is renamed", async () => {
    const token = await kit.visitor();
    const first = await kit.call('GET', '/_api/vitrine/v1/shipping-methods', { token });
    expect(first.status).toBe(200);
    expect(first.body.methods.map((m: { id: string }) => m.id)).toEqual(['standard', 'express']);
    expect(first.body.methods[0]).toMatchObject({
      name: 'Standard delivery',
      freeAbove: 100,
      rates: expect.arrayContaining([{ countries: ['US'], amount: 5 }]),
    });
    expect(first.body.countries).toContain('FR');
    expect(first.body.countries).toEqual([...first.body.countries].sort());

    const owner = await signedIn(server, 'vitrine-routes-owner@example.com', 'owner');
    const renamed = await owner.call('PATCH', '/_admin/v1/site-settings', {
      siteId: server.siteId,
      changes: { name: 'Renamed Store' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(server.ctx.sites.get(server.siteId)!.name).toBe('Renamed Store');
    const after = await kit.call('GET', '/_api/vitrine/v1/shipping-methods', { token: await kit.visitor() });
    expect(after.body).toEqual(first.body);
  });

  it('needs a visitor or member token', async () => {
    const none = await kit.call('GET', '/_api/vitrine/v1/shipping-methods');
    expect(none.status).toBe(401);
  });
});

describe('POST /_api/vitrine/v1/orders/by-link', () => {
  it("opens a guest's order from its mail's link, as the eCom wire shows it, until the link expires", async () => {
    const guest = await kit.visitor();
    const orderId = await kit.order(guest, mug, 2, { email: 'guest-link@example.com' });
    const { order: wire } = (await kit.call('GET', `/ecom/v1/orders/${orderId}`, { token: guest })).body;
    const mail = await kit.confirmationMail(wire.number);
    expect(mail.to).toBe('guest-link@example.com');
    // The link goes to the storefront's guest order page, which posts the token here.
    const link = new URL(/(http\S+\/order\?token=\S+)/.exec(mail.text)![1]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/order`);
    const token = link.searchParams.get('token')!;

    const other = await kit.visitor(); // another device: the link proves itself
    const opened = await kit.call('POST', '/_api/vitrine/v1/orders/by-link', { token: other, body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.order).toEqual(wire);
    expect(opened.body.order).toMatchObject({ id: orderId, buyerInfo: { email: 'guest-link@example.com' } });
    expect(opened.body.order.lineItems[0]).toMatchObject({ quantity: 2, productName: { original: 'Mug' } });

    const [id, expires, mac] = token.split('.');
    const forged = await kit.call('POST', '/_api/vitrine/v1/orders/by-link', {
      token: other,
      body: { token: `${id}.${Number(expires) + 1}.${mac}` },
    });
    expect([forged.status, forged.body.details.applicationError.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const none = await kit.call('POST', '/_api/vitrine/v1/orders/by-link', { body: { token } });
    expect(none.status).toBe(401);

    clock += 31 * DAY;
    try {
      const later = await kit.visitor();
      const expired = await kit.call('POST', '/_api/vitrine/v1/orders/by-link', { token: later, body: { token } });
      expect([expired.status, expired.body.details.applicationError.code]).toEqual([410, 'ORDER_LINK_EXPIRED']);
    } finally {
      clock -= 31 * DAY;
    }
  });
});
