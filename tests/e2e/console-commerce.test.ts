/**
 * The console's Shop group over the commerce module, in real headless Chromium against the built console on one
 * real server: an owner creates a product with two options, generates the variant grid, prices and stocks each
 * variant differently and saves it (the module holds exactly that), finds it in the list; creates a discount code
 * (a second one with the same code is refused in words); a visitor orders two of one variant through the eCom
 * wire with that code; the owner opens the order (the variant bought with its choices, discount, tax) and moves it
 * to paid, then fulfilled; support reads it without a button to change it; the owner turns the code off (its use
 * counted) and deletes the product, asked first (the order keeps what it sold, also at its older /orders address);
 * a product collection and a second tax country on the way. axe: no serious violation. Screenshots
 * at 390 and 1280 px go to VITRINE_SHOTS_DIR (the temporary folder when unset).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { launchChromium } from './support/browser.js';
import { signedInOwner } from './support/console.js';
import { expectAccessible } from './support/axe.js';

const PASSWORD = 'a long console password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({
      ...s,
      shop: {
        ...s.shop,
        currency: 'EUR',
        pricesIncludeTax: true,
        taxRates: [{ country: 'FR', rate: 20, name: 'TVA' }],
      },
    }),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (method: string, path: string, token: string, body?: unknown): Promise<Json> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Json;
  expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
};
const admin = (path: string) => call('GET', path, `Bearer ${server.adminKey}`);

/** A visitor's order of `quantity` units of one variant, placed through the eCom wire as the templates do. */
async function visitorOrder(productId: string, variantId: string, quantity: number, couponCode: string) {
  const { access_token: token } = await call('POST', '/oauth2/token', '', {
    clientId: server.clientId,
    grantType: 'anonymous',
  });
  await call('POST', '/ecom/v1/carts/current/add-to-cart', token, {
    lineItems: [{ catalogReference: { catalogItemId: productId, options: { variantId } }, quantity }],
  });
  const { checkoutId } = await call('POST', '/ecom/v1/carts/current/create-checkout', token, { channelType: 'WEB' });
  await call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, token, {
    checkout: {
      buyerInfo: { email: 'grace@example.com' },
      shippingInfo: {
        shippingDestination: {
          address: { country: 'FR', city: 'Lyon', postalCode: '69001', addressLine: '2 quai Saint-Antoine' },
          contactDetails: { firstName: 'Grace', lastName: 'Hopper' },
        },
      },
    },
    couponCode,
  });
  const { orderId } = await call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, token, {});
  return (await admin(`/_admin/v1/commerce/orders/${orderId}?siteId=${server.siteId}`)).order as Json;
}

/** Screenshots at 390 and 1280 px, for a person to look at. */
async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const dir = process.env.VITRINE_SHOTS_DIR ?? tmpdir();
    await page.screenshot({ path: join(dir, `console-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

const VARIANTS = [
  { name: 'S / Linen white', price: '40', stock: '5' },
  { name: 'S / Navy', price: '42.50', stock: '0' },
  { name: 'M / Linen white', price: '44', stock: '7' },
  { name: 'M / Navy', price: '46', stock: '3' },
];

describe('the Shop group of the console', () => {
  it(
    'an owner makes a product with a variant grid and a discount code, then moves an order placed on the eCom wire',
    { timeout: 150_000 },
    async () => {
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { stepTimeoutMs: 15_000 });
      const nav = page.getByRole('navigation', { name: 'Console' });
      await nav.getByRole('list', { name: 'Shop' }).getByRole('link', { name: 'Products', exact: true }).click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'New product' }).click();
      await page.getByRole('heading', { name: 'New product' }).waitFor();

      const name = `Linen Shirt ${Math.random().toString(36).slice(2, 7)}`;
      await page.getByLabel('Name', { exact: true }).fill(name);
      await expect(page.getByLabel('Slug').inputValue()).resolves.toBe(name.toLowerCase().replace(/ /g, '-'));
      await page.getByLabel('Price (EUR)', { exact: true }).fill('40');
      await page.getByLabel('Compare-at price (EUR)', { exact: true }).fill('50');
      await page.getByLabel('Stock', { exact: true }).fill('1');
      await page.getByRole('button', { name: 'Add an option' }).click();
      await page.getByLabel('Name of option 1').fill('Size');
      for (const choice of ['S', 'M']) {
        await page.getByLabel('New choice for Size').fill(choice);
        await page.getByLabel('New choice for Size').press('Enter');
      }
      await page.getByRole('button', { name: 'Add an option' }).click();
      await page.getByLabel('Name of option 2').fill('Colour');
      await page.getByLabel('Kind of option 2').selectOption({ label: 'Colours' });
      for (const choice of ['Linen white', 'Navy']) {
        await page.getByLabel('New choice for Colour').fill(choice);
        await page.getByRole('button', { name: 'Add choice to Colour' }).click();
      }
      await page.getByLabel('Colour of Navy').fill('#1e3a8a');
      await page.getByRole('button', { name: 'Generate the variant grid' }).click();
      await page.getByText('4 variants, one per combination').waitFor();
      // New variants start from the base price and stock; each is then priced and stocked on its own.
      await expect(page.getByLabel('Price of M / Navy', { exact: true }).inputValue()).resolves.toBe('40.00');
      for (const v of VARIANTS) {
        await page.getByLabel(`Price of ${v.name}`, { exact: true }).fill(v.price);
        await page.getByLabel(`Stock of ${v.name}`).fill(v.stock);
      }
      await page.getByLabel('SKU of M / Navy').fill('SHIRT-M-NAVY');
      await page.getByLabel('Weight (kg) of M / Navy').fill('0.3');
      await expectAccessible(page, { where: 'the new product with its grid' });
      await page.getByRole('button', { name: 'Create product' }).click();
      await page.getByRole('status').filter({ hasText: 'Product created.' }).waitFor();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await shots(page, 'product-editor');

      // The module holds exactly the grid: four variants with their own price and stock, in minor units.
      const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      const { product } = await admin(`/_admin/v1/commerce/products/${productId}?siteId=${server.siteId}`);
      const colourValue = (colour: string) =>
        ((product.options as Json[])[1]!.choices as Json[]).find((c) => c.description === colour)?.value as string;
      const byChoices = (size: string, colour: string): Json => {
        const found = (product.variants as Json[]).find(
          (v) => v.choices.Size === size && v.choices.Colour === colourValue(colour),
        );
        expect(found, `${size} / ${colour}`).toBeDefined();
        return found!;
      };
      expect(product.options.map((o: Json) => [o.name, o.optionType, o.choices.length])).toEqual([
        ['Size', 'drop_down', 2],
        ['Colour', 'color', 2],
      ]);
      expect(
        [
          byChoices('S', 'Linen white'),
          byChoices('S', 'Navy'),
          byChoices('M', 'Linen white'),
          byChoices('M', 'Navy'),
        ].map((v) => [v.price, v.stock, v.trackStock, v.compareAtPrice]),
      ).toEqual([
        [4000, 5, true, 5000],
        [4250, 0, true, 5000],
        [4400, 7, true, 5000],
        [4600, 3, true, 5000],
      ]);
      expect(byChoices('M', 'Navy')).toMatchObject({ sku: 'SHIRT-M-NAVY', weight: 0.3 });
      // Left alone, the collections of a new product are the server's default: all products.
      const { collections: all } = await admin(`/_admin/v1/commerce/collections?siteId=${server.siteId}`);
      expect(product.collectionIds).toEqual([(all as Json[]).find((c) => c.slug === 'all-products')!.id]);

      // The list finds it, with its price range and stock.
      await nav.getByRole('link', { name: 'Products', exact: true }).click();
      await page.getByLabel('Search products').fill(name);
      await page.getByRole('status').filter({ hasText: 'of 1' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText('€40.00 – €46.00').waitFor();
      await row.getByText('15 · Some variants sold out').waitFor();
      await expectAccessible(page, { where: 'the products list' });
      await shots(page, 'products');

      // A discount code; the same code again is refused in words.
      await nav.getByRole('link', { name: 'Discount codes' }).click();
      await page.getByRole('heading', { name: 'Discount codes', level: 1 }).waitFor();
      const createCode = async () => {
        await page.getByLabel('Code', { exact: true }).fill('shirt15');
        await page.getByLabel('Percentage off (1 to 100)').fill('15');
        await page.getByLabel('Minimum subtotal (EUR, optional)').fill('50');
        await page.getByLabel('Usage limit (orders, optional)').fill('10');
        await page.getByRole('button', { name: 'Create code' }).click();
      };
      await createCode();
      await page.getByRole('status').filter({ hasText: 'Discount code SHIRT15 created.' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'SHIRT15' }).getByText('0 of 10').waitFor();
      // The server refuses the second one (409), which Chromium logs.
      expectConsoleMessage(page, { text: /status of 409/, url: /\/_admin\/v1\/commerce\/discounts$/ });
      await createCode();
      await page.getByRole('alert').filter({ hasText: 'Another discount already has this code' }).waitFor();
      await expectAccessible(page, { where: 'discount codes' });
      await shots(page, 'discounts');

      // A collection with the shirt in it.
      await nav.getByRole('link', { name: 'Product collections' }).click();
      await page.getByLabel('Collection name').fill('Summer shirts');
      await expect(page.getByLabel('Collection slug').inputValue()).resolves.toBe('summer-shirts');
      await page.getByRole('button', { name: 'Create collection' }).click();
      await page.getByRole('status').filter({ hasText: 'Collection Summer shirts saved.' }).waitFor();
      await page.getByRole('link', { name: 'Summer shirts' }).click();
      await page.getByLabel('Find a product to add').fill(name);
      await page.getByRole('button', { name: `Add ${name}` }).click();
      await page.getByRole('button', { name: 'Save the products' }).click();
      await page.getByRole('status').filter({ hasText: '1 product in Summer shirts.' }).waitFor();
      await expectAccessible(page, { where: 'a collection' });
      const { collections } = await admin(`/_admin/v1/commerce/collections?siteId=${server.siteId}`);
      const summer = (collections as Json[]).find((c) => c.slug === 'summer-shirts')!;
      expect(summer.productCount).toBe(1);
      const inSummer = await admin(`/_admin/v1/commerce/products?siteId=${server.siteId}&collectionId=${summer.id}`);
      expect(inSummer.products.map((p: Json) => p.id)).toEqual([productId]);

      // Taxes are site settings: a second country, saved where the checkout reads it.
      await nav.getByRole('link', { name: 'Currency and taxes' }).click();
      await page.getByRole('heading', { name: 'Currency and taxes', level: 1 }).waitFor();
      await expect(page.getByLabel('Country of rate 1').inputValue()).resolves.toBe('FR');
      await page.getByRole('button', { name: 'Add a country' }).click();
      await page.getByLabel('Country of rate 2').fill('de');
      await page.getByLabel('Rate 2 (%)').fill('19');
      await page.getByLabel('Name of rate 2 (optional)').fill('MwSt');
      await page.getByRole('button', { name: 'Save currency and taxes' }).click();
      await page.getByRole('status').filter({ hasText: 'Currency and taxes saved.' }).waitFor();
      expect(server.ctx.sites.get(server.siteId)!.shop).toMatchObject({
        currency: 'EUR',
        pricesIncludeTax: true,
        taxRates: [
          { country: 'FR', rate: 20, name: 'TVA' },
          { country: 'DE', rate: 19, name: 'MwSt' },
        ],
      });
      await expectAccessible(page, { where: 'currency and taxes' });
      await shots(page, 'taxes');

      // A visitor buys two M / Navy with the code; the owner finds the order and moves it on.
      const order = await visitorOrder(productId, byChoices('M', 'Navy').id, 2, 'SHIRT15');
      expect([order.subtotal, order.discountTotal, order.couponCode]).toEqual([9200, 1380, 'SHIRT15']);
      await nav.getByRole('link', { name: 'Orders', exact: true }).click();
      await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
      await page.getByLabel('Search orders').fill(order.number);
      await page.getByRole('status').filter({ hasText: 'of 1' }).waitFor();
      await expect(page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toBe(
        `/_admin/v1/commerce/orders/export?siteId=${server.siteId}&search=${encodeURIComponent(order.number)}`,
      );
      await page.getByRole('link', { name: order.number }).click();
      await page.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      const line = page.getByRole('row').filter({ hasText: name });
      await line.getByText('Size: M, Colour: Navy').waitFor();
      await line.getByText('SKU SHIRT-M-NAVY').waitFor();
      await line.getByText('€46.00').waitFor();
      await line.getByText('−€13.80').waitFor();
      await line.getByText(/\(20%\)$/).waitFor();
      await page.getByText('Discount (SHIRT15)').waitFor();
      await page.getByText('Tax included').waitFor();
      await page.getByText('grace@example.com (guest)').waitFor();
      await page.getByText('2 quai Saint-Antoine').waitFor();
      await page.getByLabel('Note to the shopper (optional)').fill('Thank you!');
      await page.getByRole('button', { name: 'Mark paid' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked paid' }).waitFor();
      await page
        .getByRole('listitem')
        .filter({ hasText: 'Awaiting payment → Paid, by an owner' })
        .getByText('Thank you!')
        .waitFor();
      // Marked paid by hand, with no payment through a provider: nothing to refund through Vitrine, said so.
      await page.getByText('No payment was started for this order.').waitFor();
      await page.getByText('Paid outside Vitrine (marked paid by hand)').waitFor();
      await expectAccessible(page, { where: 'the order' });
      await shots(page, 'order');
      await page.getByRole('button', { name: 'Mark fulfilled' }).click();
      await page.getByRole('status').filter({ hasText: 'Marked fulfilled' }).waitFor();
      await page.getByText('This order is fulfilled: nothing more to do.').waitFor();
      const after = await admin(`/_admin/v1/commerce/orders/${order.id}?siteId=${server.siteId}`);
      expect(after.history.map((h: Json) => h.toStatus)).toEqual(['AWAITING_PAYMENT', 'PAID', 'FULFILLED']);

      // Support reads the order and the product, and is offered no change.
      const support = (await signedInOwner(browser, server, 'support', PASSWORD, { stepTimeoutMs: 15_000 })).page;
      await support.goto(`${server.url}/console/shop/orders/${order.id}`);
      await support.getByRole('heading', { name: `Order ${order.number}` }).waitFor();
      await expect(support.getByRole('button', { name: /^Mark / }).count()).resolves.toBe(0);
      await support.goto(`${server.url}/console/shop/products/${productId}`);
      await support.getByRole('heading', { name, level: 1 }).waitFor();
      await expect(support.getByLabel('Price of M / Navy', { exact: true }).isDisabled()).resolves.toBe(true);
      await expect(support.getByRole('button', { name: 'Delete product' }).count()).resolves.toBe(0);
      await support.context().close();

      // The owner turns the code off (its use is counted), then deletes the shirt, asked first; the order keeps it.
      await nav.getByRole('link', { name: 'Discount codes' }).click();
      await page.getByRole('button', { name: 'Change SHIRT15' }).click();
      await page.getByRole('heading', { name: 'Change SHIRT15' }).waitFor();
      await page.getByLabel('Active (shoppers may use it)').uncheck();
      await page.getByRole('button', { name: 'Save code' }).click();
      await page.getByRole('status').filter({ hasText: 'Discount code SHIRT15 saved.' }).waitFor();
      const code = page.getByRole('row').filter({ hasText: 'SHIRT15' });
      await code.getByText('1 of 10').waitFor();
      await code.getByText('Off', { exact: true }).waitFor();
      await page.goto(`${server.url}/console/shop/products/${productId}`);
      await page.getByRole('button', { name: 'Delete product' }).click();
      await page
        .getByRole('dialog', { name: `Delete ${name}?` })
        .getByRole('button', { name: 'Yes, delete it' })
        .click();
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await page.getByLabel('Search products').fill(name);
      await page.getByRole('status').filter({ hasText: 'No products match' }).waitFor();
      await page.goto(`${server.url}/console/orders/${order.id}`); // an older address of the order
      await page.getByRole('row').filter({ hasText: name }).getByText('Size: M, Colour: Navy').waitFor();
      await page.context().close();
    },
  );
});
