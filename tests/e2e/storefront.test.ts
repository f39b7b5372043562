/**
 * The shopper journey through the BUILT storefront in real headless Chromium, served by a real
 * Vitrine server at `/` (as `npm start` does), at phone width. Controls are found by role and name,
 * the accessible-name contract of the storefront.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, storefrontDir: builtApps().storefront }) });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  return context.newPage();
}

async function codeFor(email: string): Promise<string> {
  const mail = (await (await fetch(`${server.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
    messages: { text: string }[];
  };
  return /\b(\d{6})\b/.exec(mail.messages[0]!.text)![1]!;
}

describe('storefront in Chromium', () => {
  // Paint time is a benchmark figure (scripts/screenshots.mjs measures it), not a timed test.
  it('paints the catalog and keeps the cart across reloads', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Add to cart' }).first().waitFor();

    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('button', { name: 'Add to cart' }).nth(1).click();
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
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify$|\/$/);
    if (page.url().endsWith('/verify')) {
      await page.getByRole('link', { name: 'Open the dev mailbox' }).waitFor();
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // The visitor's cart followed the new member.
    await page.getByRole('link', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    const number = await page.getByText(/^V-\d{6}$/).textContent();
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: `Order ${number}` }).waitFor();
    // A reload keeps the member signed in.
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Cart, 0 items' }).waitFor();
    await page.context().close();
  });

  it('signs in through the hosted login page and comes back to where the shopper was', async () => {
    const page = await newPage();
    const email = `hosted-${Date.now()}@example.com`;
    await page.goto(`${server.url}/create-account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify$|\/$/);
    if (page.url().endsWith('/verify')) {
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();

    await page.goto(`${server.url}/sign-in?returnTo=%2Fcart`);
    await page.getByRole('button', { name: 'Continue with the secure login page' }).click();
    await page.waitForURL(/\/oauth2\/authorize/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.url}/cart`);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password through the mailed link and signs in with the new one', async () => {
    const page = await newPage();
    const email = `reset-${Date.now()}@example.com`;
    await page.goto(`${server.url}/create-account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the first password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify$|\/$/);
    if (page.url().endsWith('/verify')) {
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
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
    await page.context().close();
  });

  it('shares the session between tabs of the shop', async () => {
    const page = await newPage();
    const other = await page.context().newPage();
    const email = `tabs-${Date.now()}@example.com`;
    await other.goto(server.url);
    await other.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(`${server.url}/create-account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify$|\/$/);
    if (page.url().endsWith('/verify')) {
      await page.getByLabel('Verification code').fill(await codeFor(email));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // The other tab follows without a reload, and follows the sign-out too.
    await other.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await other.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('shows sentences next to fields for sign-in errors, and a 404 page', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('whatever password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});
