/**
 * A shopper's path on a phone through the BUILT storefront in real headless Chromium (issue #29): the ways
 * into sign-in and create-account bring them back where they were (Checkout → Sign in → the page's own
 * "Create an account" link → verify lands at checkout, not at the catalog); the order page fits the screen
 * in English and Arabic with a Latin address in its own order; the tab names the shop from the first load,
 * and the account section links are laid out apart on a first visit.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { newPhonePage } from './support/browser.js';
import { uniqueEmail } from './support/console.js';
import {
  addToCart,
  fillCheckout,
  mailedCode,
  openShopMenu,
  signUpInStorefront,
  startShop,
  payOnDevPage,
} from './support/storefront.js';

let browser: Browser;
let server: TestServer;
let siteName: string;

beforeAll(async () => {
  ({ server, browser } = await startShop());
  siteName = server.ctx.sites.get(server.siteId)!.name;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;

describe('the way back from sign-in and create-account', () => {
  it('Checkout → its Sign in → "Create an account" → verify ends at checkout with the cart', async () => {
    const page = await newPhonePage(browser);
    await page.goto(server.url);
    // The tab names the shop from the first load, before any navigation.
    await expect.poll(() => page.title()).toBe(`Catalog · ${siteName}`);
    await addToCart(page);
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout`);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/sign-in?returnTo=%2Fcheckout`);

    // A link in the page's own words, not "use the button at the top".
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(`${server.url}/create-account?returnTo=%2Fcheckout`);
    // And back again: the way back survives the round trip between the two forms.
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/sign-in?returnTo=%2Fcheckout',
    );
    const email = uniqueEmail('way-back');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/verify`);
    await page.getByLabel('Verification code').fill(await mailedCode(server, email));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByRole('button', { name: 'Review order' }).waitFor();
    expect(path(page)).toBe('/checkout');
    await expect.poll(() => page.title()).toBe(`Checkout · ${siteName}`);
    await page.context().close();
  });

  it('the order page fits a phone in English and Arabic, the Latin address in its own order', async () => {
    const { page } = await signUpInStorefront(browser, server, { email: uniqueEmail('order-phone') });
    await page.goto(`${server.url}/account`);
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByLabel('Street and number').fill('12 Rue des Lilas');
    await page.getByLabel('Postal code').fill('75011');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Country').selectOption('FR');
    await page.getByRole('button', { name: 'Save addresses' }).click();
    await page.getByText('Your addresses were saved.').waitFor();
    await page.goto(server.url);
    await addToCart(page, 0);
    await addToCart(page, 1);
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    // The saved address is chosen; France offers standard delivery.
    await fillCheckout(page, { method: 'Standard delivery' });
    await payOnDevPage(page);
    const table = page.getByRole('table');
    await table.waitFor();
    // Header and two lines: still a table to assistive technology though laid out as cards; the totals (subtotal,
    // delivery, tax included in France's prices, total) follow it as a list of terms.
    expect(await table.getByRole('row').count()).toBe(3);
    const totals = page.locator('.order-summary .totals');
    for (const term of ['Subtotal', 'Delivery (Standard delivery)', 'Tax included', 'Total'])
      expect(
        await totals
          .getByRole('term')
          .filter({ hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
          .count(),
      ).toBe(1);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await openShopMenu(page);
    await page.getByLabel('Language').selectOption('ar');
    await page.locator('html[dir="rtl"]').waitFor();
    await table.waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Each part of the address is isolated from the right-to-left page around it: read left to right, as written;
    // the parts joined with the Arabic comma, the country by its Arabic name.
    const street = page.locator('bdi', { hasText: 'Rue des Lilas' });
    expect(await street.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await street.evaluate((el) => el.parentElement!.textContent)).toBe('12 Rue des Lilas، 75011 Paris، فرنسا');
    await page.context().close();
  });

  it("the header's Sign in and Create account carry the page the shopper is on", async () => {
    const page = await newPhonePage(browser);
    await page.goto(`${server.url}/cart`);
    const header = page.getByRole('banner');
    await openShopMenu(page);
    await header.getByRole('link', { name: 'Create account' }).waitFor();
    expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in?returnTo=%2Fcart');
    expect(await header.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      '/create-account?returnTo=%2Fcart',
    );
    // From the catalog's home there is nothing to come back to but the home itself.
    await page.goto(server.url);
    expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    await page.context().close();
  });

  it('the account section links stand apart on a first visit (their styles load with them)', async () => {
    const { page } = await signUpInStorefront(browser, server, { email: uniqueEmail('account-nav') });
    // A full load of the account page: only what that page loads styles the nav.
    await page.goto(`${server.url}/account`);
    const nav = page.getByRole('navigation', { name: 'Account sections' });
    await nav.getByRole('link', { name: 'Sign-in methods' }).waitFor();
    const boxes = await nav.getByRole('link').evaluateAll((links) =>
      links.map((l) => {
        const r = l.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, height: r.height };
      }),
    );
    expect(boxes).toHaveLength(3);
    for (let i = 1; i < boxes.length; i++) {
      const [a, b] = [boxes[i - 1]!, boxes[i]!];
      // Either on the same row with a gap, or wrapped onto a row below.
      expect(b.top > a.top || b.left - a.right >= 8).toBe(true);
    }
    // Each is a touch target of at least 44 px.
    expect(Math.min(...boxes.map((b) => b.height))).toBeGreaterThanOrEqual(44);
    await page.context().close();
  });
});
