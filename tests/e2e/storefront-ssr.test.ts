/**
 * Server-rendered storefront pages in real Chromium against the BUILT storefront (browser and server bundles)
 * and a real server: the product page reads without JavaScript, hydrates without a warning and without asking
 * for its data again, add-to-cart works, the French page lives at /fr/… with hreflang, information pages open from
 * the footer and hydrate without a second read, and the pages pass axe at
 * phone and desktop widths, left to right and right to left (screenshots in /tmp).
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { hydrated, startShop } from './support/storefront.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { expectAccessible } from './support/axe.js';

let browser: Browser;
let server: TestServer;

// React's development build: the production build says nothing of an attribute the first render would change.
beforeAll(async () => {
  ({ server, browser } = await startShop({}, { react: 'development' }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Console errors and warnings, uncaught errors, and the data and catalog queries the page sends (decoded `.r`, or
 * the body).
 */
function watch(page: Page) {
  const problems: string[] = [];
  const queries: string[] = [];
  page.on('console', (m) => {
    if (m.type() == 'error' || m.type() == 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/\/wix-data\/v2\/items\/|\/stores-reader\/v1\/|\/v2\/collections\//.test(url.pathname)) return;
    const r = url.searchParams.get('.r');
    queries.push(r ? Buffer.from(r, 'base64url').toString() : (request.postData() ?? ''));
  });
  return { problems, queries };
}

describe('browser: server-rendered storefront pages', () => {
  it('shows the product page with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const page = await context.newPage();
    const res = await page.goto(`${server.url}/products/stoneware-mug`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Stoneware Mug');
    await expect(page.locator('.product-page__price').textContent()).resolves.toBe('$18.00');
    expect(await page.title()).toBe('Stoneware Mug · Demo Store');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Stoneware Mug', offers: { price: '18.00' } });
    // The catalog's links lead to rendered pages too.
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Stoneware Mug', exact: true }).click();
    await page.waitForURL(`${server.url}/products/stoneware-mug`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Stoneware Mug');
    await context.close();
  });

  it('hydrates without warnings or a second read of its data, and add-to-cart works', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const { problems, queries } = watch(page);
    await page.goto(`${server.url}/products/stoneware-mug`);
    // Hydrated and the visitor's tokens and cart read: the button now acts (a click before hydration is the
    // browser's own, on a button that does nothing yet).
    await page.waitForLoadState('networkidle');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.click();
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: /Cart/ }).getAttribute('aria-label'))
      .toMatch(/1 item/);
    // The page came with its product: the browser never asked for it (a mismatch would have logged an error).
    expect(queries.filter((q) => q.includes('"slug"'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reports a hydration mismatch: an attribute the server sent that the first render does not make', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const { problems } = watch(page);
    // The mismatch this test makes on purpose: React's development build logs it (any script of the server).
    expectConsoleMessage(page, {
      text: /^A tree hydrated but some attributes of the server rendered HTML didn't match the client properties/,
      url: new RegExp(`^${server.url}/`),
    });
    let changed = false;
    await page.route(`${server.url}/products/stoneware-mug`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('class="site-header"', 'class="site-header x"');
      changed = html.includes('site-header x');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${server.url}/products/stoneware-mug`);
    expect(changed).toBe(true);
    await hydrated(page);
    await expect.poll(() => problems.join('\n')).toContain("didn't match the client properties");
    await context.close();
  });

  it('hydrates a rich-text description as the server rendered it (parse5 on the server, DOMParser here)', async () => {
    const description =
      '<h2>Care</h2><p>Hand <b>wash</b>, <a href="https://example.com">guide</a><script>alert(1)</script></p>' +
      '<ul><li>one<li>two</ul><p>unclosed <em>emphasis<p>next';
    const res = await fetch(`${server.url}/_admin/v1/commerce/products`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        siteId: server.siteId,
        product: {
          slug: 'rich-mug',
          name: 'Rich Mug',
          description,
          variants: [{ price: 900, trackStock: true, stock: 4 }],
        },
      }),
    });
    expect(res.status).toBe(200);
    const served = await (await fetch(`${server.url}/products/rich-mug`)).text();
    expect(served).toContain('<strong>wash</strong>');

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.goto(`${server.url}/products/rich-mug`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.rich-text strong').textContent()).resolves.toBe('wash');
    await expect(page.locator('.rich-text li').count()).resolves.toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lives at /fr/… in French with hreflang alternates, and its links stay in French', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-US' });
    const page = await context.newPage();
    const { problems } = watch(page);
    await page.goto(`${server.url}/fr/products/stoneware-mug`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Mug en grès');
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
    expect(Object.fromEntries(alternates)).toMatchObject({
      fr: `${server.url}/fr/products/stoneware-mug`,
      'x-default': `${server.url}/products/stoneware-mug`,
    });
    await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL(`${server.url}/fr/`);
    await page
      .getByRole('link', { name: 'Planche en bois d’olivier' })
      .or(page.getByRole('link', { name: "Planche en bois d'olivier" }))
      .click();
    await page.waitForURL(`${server.url}/fr/products/olive-wood-board`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens an information page from the footer, and a loaded one hydrates without reading it again', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const { problems, queries } = watch(page);
    await page.goto(`${server.url}/fr/`);
    await page.waitForLoadState('networkidle');
    const footer = page.getByRole('navigation', { name: 'À propos de la boutique' });
    await footer.getByRole('link', { name: 'Livraison et retours' }).click();
    await page.waitForURL(`${server.url}/fr/pages/delivery-and-returns`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Livraison et retours');
    await expect(page.getByRole('heading', { level: 2 }).first().textContent()).resolves.toBe('Livraison');
    expect(await page.title()).toBe('Livraison et retours · Demo Store');

    queries.length = 0;
    await page.goto(`${server.url}/pages/contact`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Contact us');
    await expect(page.getByRole('link', { name: 'hello@example.com' }).getAttribute('href')).resolves.toBe(
      'mailto:hello@example.com',
    );
    // The footer marks the page being read.
    const links = page.getByRole('navigation', { name: 'About the shop' }).getByRole('link');
    await expect(links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-current')))).resolves.toEqual([
      null,
      null,
      'page',
    ]);
    // The page and the footer's links came with it: the browser asked for neither.
    expect(queries.filter((q) => q.includes('"Pages"'))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const language of ['en', 'ar'] as const) {
    for (const [width, height] of [
      [390, 844],
      [1280, 860],
    ] as const) {
      it(`passes axe at ${width}×${height} in ${language == 'en' ? 'English' : 'Arabic'}`, async () => {
        const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US' });
        const page = await context.newPage();
        const { problems } = watch(page);
        const base = language == 'en' ? '' : '/ar';
        await page.goto(`${server.url}${base}/products/stoneware-mug`);
        await page
          .getByRole('button', { name: language == 'en' ? 'Add to cart' : /./ })
          .first()
          .waitFor();
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language == 'ar' ? 'rtl' : 'ltr');
        await page.screenshot({ path: `/tmp/ssr-product-${language}-${width}.png`, fullPage: true });
        await expectAccessible(page);
        await page.goto(`${server.url}${base}/`);
        await page.waitForLoadState('networkidle');
        await hydrated(page);
        await page.screenshot({ path: `/tmp/ssr-catalog-${language}-${width}.png` });
        // A page load keeps the browser's focus: nothing on the page took it.
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.goto(`${server.url}${base}/pages/delivery-and-returns`);
        await page.waitForLoadState('networkidle');
        await hydrated(page);
        await page.screenshot({ path: `/tmp/ssr-page-${language}-${width}.png`, fullPage: true });
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
