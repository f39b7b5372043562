/**
 * `sites[].brand` (issue #53): set by an owner through the settings API, refused unless the colour is #rrggbb and
 * the logo a file of the site's own media library, then shown by the hosted pages (logo from this origin, the
 * colour on buttons, CSP unchanged) and by every mail, the order confirmation with thumbnails and a button.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { Kit, pkce } from '../../test-support/redirect-kit.js';

let kit: Kit;
let shop: CommerceKit;
const admin = () => `Bearer ${kit.server.adminKey}`;

beforeAll(async () => {
  kit = await Kit.start(undefined, (s) => ({
    ...s,
    shop: { ...s.shop, maxOpenUnpaidOrders: 100 },
    // The kit's app URI scheme is one the settings' reader refuses for a console change: an http(s) one only.
    clients: s.clients.map((c) => ({ ...c, redirectUris: c.redirectUris.filter((u) => u.startsWith('http')) })),
  }));
  shop = new CommerceKit(kit.server);
});
afterAll(() => kit.server.close());

async function upload(name: string, background: string): Promise<string> {
  const png = await sharp({ create: { width: 240, height: 80, channels: 4, background } })
    .png()
    .toBuffer();
  const res = await fetch(`${kit.server.url}/_admin/v1/media?siteId=${kit.server.siteId}&name=${name}`, {
    method: 'POST',
    headers: { authorization: admin(), 'content-type': 'image/png' },
    body: new Uint8Array(png),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { media: { url: string } }).media.url;
}

const change = (changes: Record<string, unknown>) =>
  shop.call('PATCH', '/_admin/v1/site-settings', { token: admin(), body: { siteId: kit.server.siteId, changes } });

describe('brand settings', () => {
  it("is a section of the console's settings, each key with its title and description", async () => {
    const res = await shop.call('GET', `/_admin/v1/site-settings?siteId=${kit.server.siteId}`, { token: admin() });
    expect(res.status).toBe(200);
    const section = (
      res.body.sections as { name: string; fields: { key: string; schema: Record<string, unknown> }[] }[]
    ).find((s) => s.name === 'brand')!;
    expect(section.fields.map((f) => [f.key, f.schema.title])).toEqual([
      ['brand.logo', 'Logo'],
      ['brand.colour', 'Brand colour'],
    ]);
    for (const f of section.fields) expect(String(f.schema.description)).toMatch(/sign-in pages/);
  });

  it('refuses a colour that is not #rrggbb and a logo that is not an image of the media library', async () => {
    for (const changes of [
      { 'brand.colour': 'red' },
      { 'brand.colour': '#12345' },
      { 'brand.logo': 'https://elsewhere.example/logo.png' },
      { 'brand.logo': '//elsewhere.example/_media/0123456789abcdef01234567.png' },
      // The right shape, but no such file: never shown as a broken image.
      { 'brand.logo': '/_media/0123456789abcdef01234567.png' },
    ]) {
      const res = await change(changes);
      expect([res.status, res.body.details.applicationError.code], JSON.stringify(changes)).toEqual([
        400,
        'SETTING_INVALID',
      ]);
    }
  });

  it('shows the logo and colour on the hosted pages, with readable button text and the same CSP', async () => {
    const logo = await upload('logo.png', '#0b6e4f');
    const set = await change({ 'brand.logo': logo, 'brand.colour': '#FFE066' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { body } = await kit.redirectSession(kit.authRequest(pkce()));
    const res = await fetch(body.redirectSession.fullUrl);
    const html = await res.text();
    expect(html).toContain(`<img class="logo" src="${logo}?w=320" alt="" height="40">`);
    // A pale yellow: black text on the buttons, links darkened to stay readable.
    expect(html).toContain('button{background:#ffe066;color:#000000}');
    expect(html).not.toMatch(/a,details\.recovery summary\{color:#ffe066\}/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self' data:");
    // The logo loads from this origin.
    expect((await fetch(`${kit.server.url}${logo}?w=320`)).status).toBe(200);
  });

  it("brands the order confirmation: logo, thumbnails on the shop's origin, totals, a button, and a text part", async () => {
    const logo = await upload('logo2.png', '#1d3557');
    const photo = await upload('mug.png', '#c0c0c0');
    expect((await change({ 'brand.logo': logo, 'brand.colour': '#0b6e4f' })).status).toBe(200);
    const mug = await shop.product({
      name: 'Branded mug',
      media: [{ id: 'mug-1', url: photo, width: 240, height: 80, altText: 'A mug' }],
      variants: [{ price: 1200, stock: 5, sku: 'BMUG' }],
    });
    const elsewhere = await shop.product({
      name: 'Remote poster',
      media: [{ id: 'p-1', url: 'https://images.elsewhere.example/p.png', width: 10, height: 10 }],
      variants: [{ price: 500, stock: 5 }],
    });
    const token = await shop.visitor();
    for (const id of [mug, elsewhere])
      await shop.call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: { lineItems: [{ catalogReference: { catalogItemId: id }, quantity: 1 }] },
      });
    const checkout = (await shop.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} })).body
      .checkoutId as string;
    const email = `brand${Date.now()}@example.com`;
    const filled = await shop.call('PATCH', `/ecom/v1/checkouts/${checkout}`, {
      token,
      body: {
        checkout: {
          buyerInfo: { email },
          shippingInfo: {
            shippingDestination: {
              address: { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' },
              contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
            },
            selectedCarrierServiceOption: { code: 'standard' },
          },
        },
      },
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const placed = await shop.call('POST', `/ecom/v1/checkouts/${checkout}/create-order`, { token, body: {} });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);

    const mails = (await shop.call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`)).body.messages as {
      id: string;
      html: string;
      text: string;
    }[];
    const mail = mails[0]!;
    const origin = kit.server.url;
    expect(mail.html).toContain(`<img src="${origin}${logo}?w=320"`);
    expect(mail.html).toContain(`<img src="${origin}${photo}?w=160"`);
    // An image elsewhere is left out: reading the mail calls no address the shop did not serve.
    expect(mail.html).not.toContain('images.elsewhere.example');
    expect(mail.html).toMatch(
      /<a href="http[^"]+\/order\?token=[^"]+" style="display:inline-block;background:#0b6e4f;color:#ffffff/,
    );
    expect(mail.html).toContain('Branded mug');
    expect(mail.text).toContain('Branded mug');
    expect(mail.text).not.toContain('<');
    // The dev mailbox shows the HTML part as a mail client would, with no script allowed.
    const view = await fetch(`${origin}/_dev/mail/${mail.id}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await view.text()).toContain(`${origin}${logo}?w=320`);
  });
});
