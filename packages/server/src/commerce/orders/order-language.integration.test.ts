/**
 * What a shopper reads in their language stays on the order (issue #53, docs/commerce.md → Languages): delivery
 * methods named from the config's `translations` on the shipping-methods route and the eCom checkout's offers, an
 * order's lines and delivery kept as they were read, and its confirmation mail printing those names. Addresses that
 * come in with an alpha-3 country ("FRA", as older address books saved it) are read as alpha-2. Every later mail of an
 * order (paid, cancelled, refunded) is in the language it was placed in, a guest's as a member's, and a cancellation
 * says one true thing about the money.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { mailRefund } from '../payments/refund-mail.js';
import { findOrder } from './store.js';

let server: TestServer;
let kit: CommerceKit;
let kettle: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({ ...s, shop: { ...s.shop, maxOpenUnpaidOrders: 100, guestOrdersPerHour: 100 } }),
  });
  kit = new CommerceKit(server);
  kettle = await kit.product({
    name: 'Pour-Over Kettle',
    translations: { fr: { name: 'Bouilloire à col de cygne' }, ar: { name: 'غلاية بعنق البجعة' } },
    variants: [{ price: 6400, stock: 50 }],
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const methods = async (language?: string) => {
  const answer = await kit.call('GET', '/_api/vitrine/v1/shipping-methods', {
    token: await kit.visitor(),
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });
  expect(answer.status).toBe(200);
  return answer.body.methods as { id: string; name: string; description?: string; freeAbove?: number }[];
};

describe('delivery methods in the shopper’s language', () => {
  it('names them from the config’s translations, in English otherwise', async () => {
    expect((await methods('fr-FR,fr;q=0.9'))[0]).toMatchObject({
      id: 'standard',
      name: 'Livraison standard',
      description: '3 à 5 jours ouvrés',
      freeAbove: 100,
    });
    expect((await methods('ar'))[1]).toMatchObject({ id: 'express', name: 'التوصيل السريع' });
    expect((await methods('de-CH'))[0]!.name).toBe('Standardversand');
    expect((await methods())[0]).toMatchObject({ name: 'Standard delivery', description: '3–5 working days' });
    // A language the site does not list falls back to the site's first.
    expect((await methods('ja'))[0]!.name).toBe('Standard delivery');
  });

  it('names the eCom checkout’s delivery offers in the language of the request', async () => {
    const token = await kit.visitor();
    const fr = { 'accept-language': 'fr' };
    await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: kettle }, quantity: 1 }] },
    });
    const { checkoutId } = (
      await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: { channelType: 'WEB' } })
    ).body;
    const patched = await kit.call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
      token,
      headers: fr,
      body: { checkout: { shippingInfo: { shippingDestination: { address: { country: 'FR' } } } } },
    });
    expect(patched.status, patched.text).toBe(200);
    const offers = patched.body.checkout.shippingInfo.carrierServiceOptions[0].shippingOptions;
    expect(offers.map((o: { title: string }) => o.title)).toEqual(['Livraison standard', 'Livraison express']);
    expect(offers[0].logistics.deliveryTime).toBe('3 à 5 jours ouvrés');
    const english = await kit.call('GET', `/ecom/v1/checkouts/${checkoutId}`, { token });
    expect(english.body.checkout.shippingInfo.carrierServiceOptions[0].shippingOptions[0].title).toBe(
      'Standard delivery',
    );
  });
});

describe('an order keeps the names the shopper read', () => {
  it('stores a French order’s product and delivery names in French, for its page and its mail', async () => {
    const guest = await kit.visitor();
    const orderId = await kit.order(guest, kettle, 1, { email: 'fr-buyer@example.com', language: 'fr' });
    // Read back in English (another device, another browser): the order stays as it was bought.
    const { order } = (await kit.call('GET', `/ecom/v1/orders/${orderId}`, { token: guest })).body;
    expect(order.lineItems[0].productName).toEqual({
      original: 'Pour-Over Kettle',
      translated: 'Bouilloire à col de cygne',
    });
    expect(order.shippingInfo.title).toBe('Livraison standard');
    const mail = await kit.confirmationMail(order.number);
    expect(mail.text).toContain('Bouilloire à col de cygne');
    expect(mail.text).toContain('Livraison standard');
    expect(mail.text).not.toContain('Pour-Over Kettle');
    // Its link opens the order page in French too.
    expect(mail.text).toMatch(new RegExp(`${server.url}/fr/order\\?token=`));

    const stored = await server.ctx.db.query<{ lines: { name: string; originalName?: string }[] }>(
      `select lines from commerce_orders where id = $1`,
      [orderId],
    );
    expect(stored.rows[0]!.lines[0]).toMatchObject({
      name: 'Bouilloire à col de cygne',
      originalName: 'Pour-Over Kettle',
    });
  });

  it('keeps the catalog’s own names for an order bought in English', async () => {
    const guest = await kit.visitor();
    const orderId = await kit.order(guest, kettle, 1, { email: 'en-buyer@example.com', language: 'en' });
    const { order } = (await kit.call('GET', `/ecom/v1/orders/${orderId}`, { token: guest })).body;
    expect(order.lineItems[0].productName).toEqual({ original: 'Pour-Over Kettle', translated: 'Pour-Over Kettle' });
    expect(order.shippingInfo.title).toBe('Standard delivery');
  });
});

describe('alpha-3 countries where addresses come in', () => {
  it('delivers to a checkout address saved as "FRA", priced as France', async () => {
    const guest = await kit.visitor();
    const orderId = await kit.order(guest, kettle, 1, { email: 'fra@example.com', country: 'FRA' });
    const { order } = (await kit.call('GET', `/ecom/v1/orders/${orderId}`, { token: guest })).body;
    expect(order.shippingInfo.logistics.shippingDestination.address.country).toBe('FR');
  });

  it('refuses a three-letter value that is no country, naming the field', async () => {
    const guest = await kit.visitor();
    await expect(kit.order(guest, kettle, 1, { email: 'xyz@example.com', country: 'XYZ' })).rejects.toThrow(
      /checkout: 400 .*address\.country/,
    );
  });
});

describe('every mail of an order in the language it was placed in', () => {
  const move = (orderId: string, status: string) =>
    kit.call('POST', `/_admin/v1/commerce/orders/${orderId}/status`, {
      token: `Bearer ${server.adminKey}`,
      body: { siteId: server.siteId, status },
    });
  const statusMails = async (to: string) =>
    (
      await server.ctx.db.query<{ language: string; subject: string; text_body: string }>(
        `select language, subject, text_body from mail_outbox where kind = 'order-status' and to_address = $1
         order by created_at, id`,
        [to],
      )
    ).rows;

  it('writes a guest’s paid and cancelled mails in Arabic, the cancellation saying the payment comes back', async () => {
    const orderId = await kit.order(await kit.visitor(), kettle, 1, { email: 'ar-guest@example.com', language: 'ar' });
    expect((await move(orderId, 'PAID')).status).toBe(200);
    expect((await move(orderId, 'CANCELED')).status).toBe(200);
    const mails = await statusMails('ar-guest@example.com');
    expect(mails.map((m) => m.language)).toEqual(['ar', 'ar']);
    const paid = mails.find((m) => m.text_body.includes('تم استلام الدفع'));
    const cancelled = mails.find((m) => m.text_body.includes('تم إلغاء طلبك'));
    expect(paid).toBeDefined();
    expect(cancelled!.text_body).toContain('كنت قد دفعت ثمنه، وسيُعاد إليك المبلغ.');
    expect(cancelled!.text_body).not.toContain('لم يُخصم');
  });

  it('tells an unpaid order’s shopper that nothing was charged, and nothing about a refund', async () => {
    const orderId = await kit.order(await kit.visitor(), kettle, 1, { email: 'fr-guest@example.com', language: 'fr' });
    expect((await move(orderId, 'CANCELED')).status).toBe(200);
    const [cancelled] = await statusMails('fr-guest@example.com');
    expect(cancelled!.language).toBe('fr');
    expect(cancelled!.text_body).toContain('Rien n’a été débité.');
    expect(cancelled!.text_body).not.toMatch(/rembours/);
  });

  it('keeps a member’s order in its language after the profile changes, and writes the refund mail in it too', async () => {
    const member = await kit.member();
    const speaks = (language: string) =>
      server.ctx.db.query(`update members set profile = jsonb_build_object('language', $2::text) where id = $1`, [
        member.memberId,
        language,
      ]);
    // A member's confirmation follows their profile's language (German here), whatever the browser asked for.
    await speaks('de');
    const orderId = await kit.order(member.token, kettle, 1, { language: 'fr' });
    expect((await kit.confirmationMail((await findOrder(server.ctx.db, server.siteId, orderId))!.number)).text).toMatch(
      /Bestellung/,
    );
    await speaks('es');
    expect((await move(orderId, 'PAID')).status).toBe(200);
    expect((await statusMails(member.email))[0]!.language).toBe('de');
    const order = (await findOrder(server.ctx.db, server.siteId, orderId))!;
    const site = server.ctx.sites.get(server.siteId)!;
    await mailRefund(server.ctx.db, site, order, { amount: 500, currency: order.currency, reason: null }, Date.now());
    const { rows } = await server.ctx.db.query<{ language: string }>(
      `select language from mail_outbox where kind = 'order-refund' and to_address = $1`,
      [member.email],
    );
    expect(rows.map((r) => r.language)).toEqual(['de']);
  });
});
