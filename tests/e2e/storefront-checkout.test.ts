/**
 * Checkout as shoppers expect it (issue #29), through the BUILT storefront in real headless Chromium at a
 * phone (390 × 844) and a desktop (1280 × 860): a guest buys two products with a delivery method, gets the
 * confirmation mail through a real SMTP server and opens the order by its link; a member checks out with
 * their saved address; the header is one row on the phone; axe finds no serious violation on checkout,
 * review and confirmation, in English and Arabic.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { startTestSmtp, waitFor } from '../../packages/server/test-support/smtp.js';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { uniqueEmail } from './support/console.js';
import { addToCart, fillCheckout, openShopMenu, signUpInStorefront } from './support/storefront.js';
import { expectAccessible } from './support/axe.js';

let browser: Browser;
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    config: (c) => ({ ...c, storefrontDir: builtApps().storefront, smtpUrl: smtp.url }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await smtp?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 860 };

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The mail's text part, quoted-printable undone. */
const mailText = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The header's controls (all but the opened menu's contents) sit on one row of at most 72 px. */
async function headerIsOneRow(page: Page): Promise<boolean> {
  await page.locator('.site-header .cart-link').waitFor();
  return page.evaluate(() => {
    const inner = document.querySelector('.site-header__inner')!;
    const boxes = [...inner.children]
      .filter((el) => getComputedStyle(el).display != 'none' && !el.classList.contains('site-menu'))
      .map((el) => el.getBoundingClientRect());
    const middles = boxes.map((r) => r.top + r.height / 2);
    const top = inner.getBoundingClientRect().top;
    return Math.max(...middles) - Math.min(...middles) < 12 && Math.max(...boxes.map((r) => r.bottom)) - top < 72;
  });
}

describe('checkout in Chromium', () => {
  it(
    'a guest on a phone buys two products with a delivery method, gets the mail and opens the order by its link',
    { timeout: 90_000 },
    async () => {
      const page = await newPage(PHONE);
      await page.goto(server.url);
      expect(await headerIsOneRow(page)).toBe(true);
      await addToCart(page, 0);
      await addToCart(page, 1);
      await page.getByRole('link', { name: 'Cart, 2 items' }).click();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(`${server.url}/checkout`);
      await page.getByLabel('Email').waitFor();
      await expectAccessible(page, { where: 'checkout, English' });

      const email = uniqueEmail('guest');
      const address = {
        name: 'Ada Lovelace',
        street: '12 Rue des Lilas',
        postalCode: '75011',
        city: 'Paris',
        country: 'FR',
      };
      await fillCheckout(page, { email, address, method: 'Express delivery' });
      const review = page.getByRole('region', { name: 'Review your order' });
      await review.getByText('Delivery (Express delivery)').waitFor();
      expect(await review.getByText('Pay on delivery or by bank transfer', { exact: false }).count()).toBe(1);
      expect(await fits(page)).toBe(true);
      await expectAccessible(page, { where: 'review, English' });

      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/confirmation\//);
      const number = (await page.getByText(/^Your order number is V-\d{6}$/).textContent())!.slice(-8);
      await page.getByText(`We sent a confirmation to`, { exact: false }).waitFor();
      expect(await page.getByRole('table').getByText('Delivery (Express delivery)').count()).toBe(1);
      expect(await fits(page)).toBe(true);
      await expectAccessible(page, { where: 'confirmation, English' });

      const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), 10_000);
      const text = mailText(mail.raw);
      expect(text).toContain(`order ${number} received`);
      expect(text).toContain('Delivery (Express delivery)');
      const link = /https?:\/\/[^\s"<>]+\/order\?token=[^\s"<>]+/.exec(text)![0];

      // The link opens the order in a browser that never saw the shop: the signed link is the key.
      const other = await newPage(DESKTOP);
      await other.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
      await other.getByRole('heading', { name: `Order ${number}` }).waitFor();
      await other.getByText('Awaiting payment').waitFor();
      expect(await other.getByText(email).count()).toBe(1);
      await other.context().close();
      await page.context().close();
    },
  );

  it(
    'a member checks out on a desktop with their saved address; Arabic pages pass axe and fit a phone',
    { timeout: 90_000 },
    async () => {
      const page = await newPage(DESKTOP);
      await page.goto(server.url);
      expect(await page.getByRole('button', { name: 'Menu', includeHidden: true }).isVisible()).toBe(false);
      await signUpInStorefront(browser, server, { page });
      await page.goto(`${server.url}/account`);
      await page.getByRole('button', { name: 'Add an address' }).click();
      await page.getByLabel('Street and number').fill('1 Main St');
      await page.getByLabel('Postal code').fill('10001');
      await page.getByLabel('City').fill('New York');
      await page.getByLabel('Country code').fill('US');
      await page.getByRole('button', { name: 'Save addresses' }).click();
      await page.getByText('Your addresses were saved.').waitFor();
      await page.goto(server.url);
      await addToCart(page, 0);
      await page.getByRole('link', { name: 'Cart, 1 item' }).click();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.getByText(/^Signed in as /).waitFor();
      await page.getByRole('radio', { name: /^Standard delivery/ }).waitFor();
      await fillCheckout(page, { method: 'Standard delivery' });
      await page
        .getByRole('region', { name: 'Review your order' })
        .getByText('1 Main St, 10001 New York, US')
        .waitFor();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/checkout\/confirmation\//);
      await page.getByRole('link', { name: 'View order details' }).click();
      await page.waitForURL(/\/account\/orders\/[^/]+$/);
      await page.getByText('Awaiting payment').waitFor();

      // Arabic, at phone width: checkout and review pass axe and fit the screen.
      await page.setViewportSize(PHONE);
      await page.goto(server.url);
      await addToCart(page, 0);
      await openShopMenu(page);
      await page.getByLabel('Language').selectOption('ar');
      await page.locator('html[dir="rtl"]').waitFor();
      expect(await headerIsOneRow(page)).toBe(true);
      await page.goto(`${server.url}/checkout`);
      await page.getByRole('button', { name: 'مراجعة الطلب' }).waitFor();
      expect(await fits(page)).toBe(true);
      await expectAccessible(page, { where: 'checkout, Arabic' });
      await page.getByRole('radio', { name: /^Standard delivery/ }).check();
      await page.getByRole('button', { name: 'مراجعة الطلب' }).click();
      await page.getByRole('heading', { name: 'راجع طلبك' }).waitFor();
      expect(await fits(page)).toBe(true);
      await expectAccessible(page, { where: 'review, Arabic' });
      await page.context().close();
    },
  );
});
