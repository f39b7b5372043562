/**
 * The shopper journey through the BUILT storefront in real headless Chromium, served by a real
 * Vitrine server at `/` (as `npm start` does), at phone width. Controls are found by role and name,
 * the accessible-name contract of the storefront.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { newPhonePage } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import {
  addToCart,
  fillCheckout,
  openShopMenu,
  signUpInStorefront,
  startShop,
  payOnDevPage,
} from './support/storefront.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  ({ server, browser } = await startShop());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPage = (): Promise<Page> => newPhonePage(browser);

describe('storefront in Chromium', () => {
  // Paint time is a benchmark figure (scripts/screenshots.mjs measures it), not a timed test.
  it('paints the catalog and keeps the cart across reloads', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();

    // The cart panel: the line just added, the subtotal and Checkout; Esc closes it and focus comes back.
    const add = page.getByRole('button', { name: 'Add to cart' }).first();
    await add.click();
    const panel = page.getByRole('dialog', { name: 'Added to your cart' });
    await panel.getByText('1 in your cart').waitFor();
    await panel.getByText('Subtotal (1 item)').waitFor();
    expect(await panel.getByRole('button', { name: 'Checkout' }).isVisible()).toBe(true);
    // Modal: the page behind it is out of reach until it closes.
    expect(await page.evaluate(() => document.querySelector('dialog.cart-panel')?.matches(':modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await expect.poll(() => add.evaluate((el) => el == document.activeElement)).toBe(true);
    await addToCart(page, 1);
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 2 items' }).click();
    // Focus moves to the new page's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your cart');
    await page.context().close();
  });

  it('creates an account from checkout, verifies it, places an order and signs out to an empty cart', async () => {
    const page = await newPage();
    await page.goto(server.url);
    // Checkout straight from the cart panel, then its "Sign in" (guests may also check out with an email).
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('dialog', { name: 'Added to your cart' }).getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(`${server.url}/checkout`);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/sign-in?returnTo=%2Fcheckout`);
    await signUpInStorefront(browser, server, { page });
    // The visitor's cart followed the new member.
    const cart = page.getByRole('link', { name: /^Cart, \d+ items?$/ });
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart, 1 item');
    await cart.click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    const address = { name: 'Ada Lovelace', street: '1 Main St', postalCode: '10001', city: 'New York', country: 'US' };
    await fillCheckout(page, { address, method: 'Standard delivery' });
    await payOnDevPage(page);
    const number = await page.getByText(/^V-\d{6}$/).textContent();
    expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/confirmation\/[^/]+$/);
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart, 0 items');
    await openShopMenu(page);
    await page.getByRole('link', { name: 'Orders' }).click();
    const order = page.getByRole('link', { name: `Order ${number}` });
    await order.waitFor();
    expect(await order.getAttribute('href')).toMatch(/^\/account\/orders\/[^/]+$/);
    // A reload keeps the member signed in.
    await page.reload();
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await signOut.waitFor();
    expect(await signOut.isVisible()).toBe(true);
    await signOut.click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await signOut.count()).toBe(0);
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Cart, 0 items');
    await page.context().close();
  });

  it('signs in through the hosted login page and comes back to where the shopper was', async () => {
    const { page, email, password } = await signUpInStorefront(browser, server);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();

    await page.goto(`${server.url}/sign-in?returnTo=%2Fcart`);
    await page.getByRole('button', { name: 'Continue with the secure login page' }).click();
    await page.waitForURL(/\/oauth2\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/cart`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(page.url()).toBe(`${server.url}/cart`);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const { page, email } = await signUpInStorefront(browser, server, { password: 'the first password' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();
    const mail = (await (await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
      messages: { subject: string; text: string }[];
    };
    const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(
      mail.messages.find((m) => /reset/i.test(m.subject))!.text,
    )![1]!;
    await page.goto(link);
    await page.getByLabel('New password').fill('the second password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the second password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("signs out to the same page in the language of its address, or to that language's home from the account", async () => {
    // Arabic only through the address (never chosen in the language menu), as from a link in an Arabic mail.
    const shopper = await signUpInStorefront(browser, server);
    await shopper.page.goto(`${server.url}/ar/products/wool-throw?colour=1`);
    await shopper.page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await shopper.page.waitForURL(`${server.url}/ar/products/wool-throw?colour=1`);
    await shopper.page.getByRole('link', { name: 'تسجيل الدخول' }).first().waitFor();
    await shopper.page.context().close();

    const member = await signUpInStorefront(browser, server);
    await member.page.goto(`${server.url}/ar/account`);
    await member.page.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await member.page.waitForURL(`${server.url}/ar`);
    await member.page.getByRole('link', { name: 'تسجيل الدخول' }).first().waitFor();
    await member.page.context().close();
  });

  it('offers the last page that has products on a catalog page past the end', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/?page=99`);
    await page.getByText('No products found.').waitFor();
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Page \d+$/ })
      .click();
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('page') ?? '1').not.toBe('99');
    await page.context().close();
  });

  it('shares the session between tabs of the shop', async () => {
    const page = await newPage();
    const other = await page.context().newPage();
    await other.goto(server.url);
    await other.getByRole('link', { name: 'Sign in' }).waitFor();
    // A mark in the other tab's document: still there afterwards, it was not reloaded.
    await other.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const sameDocument = () => other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
    await signUpInStorefront(browser, server, { page });
    // The other tab follows without a reload, and follows the sign-out too.
    await other.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await other.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await sameDocument()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await other.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await sameDocument()).toBe(true);
    await page.context().close();
  });

  it('shows sentences next to fields for sign-in errors, and a 404 page', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('whatever password');
    // The server refuses the unknown account (400), which Chromium logs.
    expectConsoleMessage(page, { text: /status of 400/, url: /\/_api\/iam\/authentication\/v2\/login$/ });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Page not found']);
    await page.context().close();
  });
});
