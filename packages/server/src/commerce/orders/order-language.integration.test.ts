/**
 * What a shopper reads in their language stays on the order (issue #53, docs/commerce.md → Languages): delivery
 * methods named from the config's `translations` on the shipping-methods route and the eCom checkout's offers, an
 * order's lines and delivery kept as they were read, and its confirmation mail printing those names. Addresses that
 * come in with an alpha-3 country ("FRA", as older address books saved it) are read as alpha-2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

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
