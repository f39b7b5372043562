/**
 * The catalog editor (issue #30, on the commerce module since issue #50) through the BUILT console and storefront in
 * real headless Chromium, one real server: an owner narrows a collection's grid with the filter builder (no JSON);
 * edits a product in the Shop group's editor — puts it in a collection, uploads an image (a script named .png is
 * refused) and describes it, writes rich text, translates the name into French — and renames a collection in French,
 * and a French shopper sees both in the storefront; an editor may edit the catalog but not change owner-only settings; an owner rewrites an information
 * page and the shop's footer leads to it. axe: no serious violation on the editors.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { signedInOwner } from './support/console.js';
import { openShopMenu } from './support/storefront.js';
import { expectAccessible } from './support/axe.js';

/** A real PNG of the repository (a screenshot) and its size, read from its IHDR header. */
const png = readFileSync(fileURLToPath(new URL('../../docs/screenshots/product-phone.png', import.meta.url)));
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  const dirs = builtApps();
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: dirs.console, storefrontDir: dirs.storefront }),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The bold words of the shop's rich text (`<strong>`), trimmed. */
const boldText = (page: Page) =>
  page
    .locator('.rich-text strong')
    .textContent()
    .then((t) => t?.trim());

/** Replaces a rich-text field's content with the editor's toolbar: plain words, then bold ones. */
async function rewriteRichText(page: Page, field: string, plain: string, bold: string) {
  await page.getByRole('textbox', { name: field, exact: true }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(plain);
  // The translations have editors of their own: the toolbar of this field's.
  await page
    .getByRole('toolbar', { name: `${field} formatting` })
    .getByRole('button', { name: 'Bold' })
    .click();
  await page.keyboard.type(bold);
}

async function saveItem(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Saved\.$/ })
    .waitFor();
}

const countPagesBefore = async (position: number) =>
  (
    (await (
      await fetch(`${server.url}/wix-data/v2/items/count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataCollectionId: 'Pages', filter: { position: { $lt: position } } }),
      })
    ).json()) as { totalCount: number }
  ).totalCount;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const admin = async (path: string): Promise<Json> =>
  (
    await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.adminKey}` } })
  ).json() as Promise<Json>;

describe('the catalog editor in Chromium', () => {
  it(
    'an owner filters without JSON, edits a product in the Shop editor, and a French shopper sees all of it',
    { timeout: 90_000 },
    async () => {
      const { page } = await signedInOwner(browser, server, 'owner', 'a long console password', {
        stepTimeoutMs: 10_000,
      });
      await page.goto(`${server.url}/console/collections/Pages`);
      await page.getByRole('heading', { name: 'Pages' }).waitFor();
      // Labels from the config head the columns; `_id` is hidden until the column chooser brings it back.
      await page.getByRole('columnheader', { name: 'Title' }).waitFor();
      await expect(page.getByRole('columnheader', { name: '_id' }).count()).resolves.toBe(0);
      await page.getByText('Columns', { exact: true }).click();
      await page.getByRole('checkbox', { name: '_id' }).check();
      await page.getByRole('columnheader', { name: '_id' }).waitFor();

      // The filter builder: field, operator and value, the number field asking for a number.
      const first = await countPagesBefore(3);
      expect(first).toBeGreaterThan(0);
      await page.getByLabel('Field of condition 1').selectOption({ label: 'Place in the footer' });
      await page.getByLabel('Operator of condition 1').selectOption({ label: 'is less than' });
      await expect(page.getByLabel('Value of condition 1').getAttribute('type')).resolves.toBe('number');
      await page.getByLabel('Value of condition 1').fill('3');
      await page.getByRole('button', { name: 'Apply filter' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Showing 1–${first} of ${first}` })
        .waitFor();

      // The product, found in the Shop group's list and opened in its editor.
      await page.goto(`${server.url}/console/shop/products`);
      await page.getByLabel('Search products').fill('brass');
      await page.getByRole('link', { name: 'Solid Brass Pen' }).click();
      await page.getByRole('heading', { name: 'Solid Brass Pen', level: 1 }).waitFor();
      await page.getByRole('checkbox', { name: 'Home', exact: true }).check();

      // A script named .png is refused; a real image is uploaded, described and made the main image.
      const file = page.locator('input[type="file"]');
      // The server refuses the script (415), which Chromium logs.
      expectConsoleMessage(page, { text: /status of 415/, url: /\/_admin\/v1\/media\?siteId=demo&name=evil\.png$/ });
      await file.setInputFiles({
        name: 'evil.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<script>alert(1)</script>'),
      });
      await page.getByRole('alert').filter({ hasText: 'not a JPEG, PNG, WebP, AVIF or GIF image' }).waitFor();
      await file.setInputFiles({ name: 'brass pen.png', mimeType: 'image/png', buffer: png });
      await page.getByRole('status').filter({ hasText: 'Uploaded brass pen.png' }).waitFor();
      const images = await page.getByLabel(/^Alt text of image/).count();
      await page.getByLabel(`Alt text of image ${images}`).fill('A brass pen on a desk');
      for (let at = images; at > 1; at--) await page.getByRole('button', { name: `Move up image ${at}` }).click();
      await expect(page.getByLabel('Alt text of image 1').inputValue()).resolves.toBe('A brass pen on a desk');

      // Rich text with the editor's toolbar; the French name beside the English one.
      await rewriteRichText(page, 'Description', 'Solid brass, refillable. ', 'Engraved by hand');
      await page.getByLabel('Name (Français)').fill('Stylo en laiton gravé');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
      await expectAccessible(page);

      // The module holds all of it.
      const { products } = await admin(`/_admin/v1/commerce/products?siteId=${server.siteId}&search=brass-pen`);
      const { product } = await admin(`/_admin/v1/commerce/products/${products[0].id}?siteId=${server.siteId}`);
      const { collections } = await admin(`/_admin/v1/commerce/collections?siteId=${server.siteId}`);
      expect(product.media[0]).toMatchObject({
        url: expect.stringMatching(/^\/_media\//),
        altText: 'A brass pen on a desk',
      });
      expect(product.description).toMatch(/<strong>\s*Engraved by hand<\/strong>/);
      expect(product.translations.fr).toMatchObject({ name: 'Stylo en laiton gravé' });
      const home = collections.find((c: Json) => c.slug === 'home');
      expect(product.collectionIds).toContain(home.id);

      // The Home collection's French name, on its own page (the demo gives it one).
      await page.goto(`${server.url}/console/shop/collections/${encodeURIComponent(home.id)}`);
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
      await expect(page.getByLabel('Name (Français)').inputValue()).resolves.toBe('Maison');
      await page.getByLabel('Name (Français)').fill('Maison et déco');
      await page.getByRole('button', { name: 'Save collection' }).click();
      await page.getByRole('status').filter({ hasText: 'Collection Home saved.' }).waitFor();
      await expectAccessible(page);
      await page.context().close();

      // The storefront's product page (on the module since issue #50): the rich text, the uploaded image as a
      // WebP variant, the French name.
      const shop = await newPhonePage(browser, { stepTimeoutMs: 10_000 });
      await shop.goto(`${server.url}/products/brass-pen`);
      await shop.getByRole('heading', { name: 'Solid Brass Pen' }).waitFor();
      await expect(boldText(shop)).resolves.toBe('Engraved by hand');
      const image = shop.locator('img.product-page__image');
      await expect(image.getAttribute('src')).resolves.toMatch(/^\/_media\/[0-9a-f]{24}\.png\?w=480&format=webp$/);
      await expect(image.getAttribute('alt')).resolves.toBe('A brass pen on a desk');
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(Math.min(480, png.readUInt32BE(16))); // never enlarged
      await openShopMenu(shop); // the language is in the header's menu on a phone
      await shop.getByLabel('Language').selectOption('fr');
      await shop.getByRole('heading', { name: 'Stylo en laiton gravé' }).waitFor();
      // The catalog's category filter names the collection in French.
      await shop.goto(`${server.url}/fr/`);
      await shop.locator('option', { hasText: 'Maison et déco' }).waitFor({ state: 'attached' });
      await shop.context().close();
    },
  );

  it(
    'an owner rewrites an information page with the form, and the shop links and shows it',
    { timeout: 60_000 },
    async () => {
      const { page } = await signedInOwner(browser, server, 'owner', 'a long console password', {
        stepTimeoutMs: 10_000,
      });
      await page.goto(`${server.url}/console/collections/Pages/items/delivery-and-returns`);
      await page.getByRole('heading', { name: 'Delivery and returns' }).waitFor();
      await page.getByLabel('Title', { exact: true }).fill('Shipping and returns');
      await rewriteRichText(page, 'Text', 'Orders leave within a day. ', 'Returns are free.');
      await saveItem(page);
      await expectAccessible(page);
      await page.context().close();

      const shop = await newPhonePage(browser, { stepTimeoutMs: 10_000 });
      await shop.goto(server.url);
      await shop
        .getByRole('navigation', { name: 'About the shop' })
        .getByRole('link', { name: 'Shipping and returns' })
        .click();
      await shop.waitForURL(`${server.url}/pages/delivery-and-returns`);
      await shop.getByRole('heading', { level: 1, name: 'Shipping and returns' }).waitFor();
      // The editor's bold (the space typed before it goes with it) is <strong> in the shop.
      await expect(boldText(shop)).resolves.toBe('Returns are free.');
      await shop.context().close();
    },
  );

  it('an editor edits the catalog and its media but cannot open owner-only settings', { timeout: 60_000 }, async () => {
    const { page } = await signedInOwner(browser, server, 'editor', 'a long console password', {
      stepTimeoutMs: 10_000,
    });
    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('link', { name: 'Solid Brass Pen' }).click();
    await page.getByRole('heading', { name: 'Solid Brass Pen', level: 1 }).waitFor();
    await expect(page.getByLabel('Name', { exact: true }).isEditable()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Delete product' }).waitFor();
    await nav.getByRole('link', { name: 'Media', exact: true }).click();
    await page.getByRole('heading', { name: 'Media' }).waitFor();
    await expect(nav.getByRole('link', { name: 'API keys' }).count()).resolves.toBe(0);
    // Asked for on purpose: the server refuses an editor the keys (403), which Chromium logs.
    expectConsoleMessage(page, { text: /status of 403/, url: /\/_admin\/v1\/api-keys\?siteId=demo$/ });
    await page.goto(`${server.url}/console/api-keys`);
    await page.getByRole('alert').filter({ hasText: 'The editor role may not do this' }).waitFor();
    await page.context().close();
  });
});
