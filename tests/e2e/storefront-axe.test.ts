/**
 * axe-core on every page of the BUILT storefront in headless Chromium at 390 px (and the visitors' pages at
 * 1280 px too), in English (left to right) and Arabic (right to left): no serious or critical violation. Visitors' pages (catalog, product, the cart
 * panel, cart, checkout, sign-in, create account, verify, forgot password, a guest's order link, not found),
 * the second step of a member with a second factor, and a member's pages (account, security, sign-in methods,
 * orders, an order). Checkout's review and confirmation steps are checked in storefront-checkout.test.ts.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountKit, getVisitorToken, Kit, type TestServer } from '@vitrine/server/test-support';
import { expectConsoleMessage } from './support/console-guard.js';
import { uniqueEmail } from './support/console.js';
import { startShop } from './support/storefront.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let server: TestServer;
const PASSWORD = 'a long enough password';

beforeAll(async () => {
  ({ server, browser } = await startShop());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page `width` wide (a phone by default) whose storefront starts in `language` (its stored choice). */
async function phonePage(language: string, width = 390): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  // Init scripts run in every frame, an opaque-origin about:blank one too, where storage throws.
  await context.addInitScript((l) => {
    if (window.origin !== 'null') localStorage.setItem('vitrine.language', l);
  }, language);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** The page's heading is shown and its requests have settled: what a shopper would see. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle').catch(() => {});
}

async function check(page: Page, found: string[], path?: string) {
  if (path) await page.goto(`${server.url}${path}`);
  await settled(page);
  const language = await page.evaluate(() => localStorage.getItem('vitrine.language'));
  expect(await page.getAttribute('html', 'dir')).toBe(language == 'ar' ? 'rtl' : 'ltr');
  found.push(...(await seriousViolations(page)));
}

/** A registered member with a verified address, and an access token of their own session. */
async function member(tag: string) {
  const email = uniqueEmail(tag);
  const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { authorization: visitor, 'content-type': 'application/json' },
    body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
  });
  const memberId = ((await res.json()) as { identity: { id: string } }).identity.id;
  await server.ctx.db.query('update members set email_verified = true where id = $1', [memberId]);
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  return { email, memberId, accessToken: session.accessToken };
}

/** The storefront's sign-in form, by its fields' types: the same in every language. */
async function signIn(page: Page, email: string) {
  await page.goto(`${server.url}/sign-in`);
  await page.locator('main input[type=email]').fill(email);
  await page.locator('main input[type=password]').fill(PASSWORD);
  await page.locator('main form button[type=submit]').first().click();
}

describe('axe-core on every storefront page', () => {
  // The header differs from 48rem up (every link in the row): the visitors' pages are seen at both widths.
  it.each([
    ['en', 390],
    ['ar', 390],
    ['en', 1280],
    ['ar', 1280],
  ])(
    'visitors’ pages in %s at %i px',
    async (language, width) => {
      const page = await phonePage(language, width);
      const found: string[] = [];
      await check(page, found, '/');
      await check(page, found, '/products/stoneware-mug');
      // The cart panel, open over the product page.
      await page.locator('.buy-box button').last().click();
      const panel = page.getByRole('dialog');
      await panel.waitFor();
      found.push(...(await seriousViolations(page)));
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      for (const path of ['/cart', '/checkout', '/sign-in', '/create-account', '/forgot-password', '/verify'])
        await check(page, found, path);
      // A link whose token is not one of this shop's: the server answers 404, which Chromium logs.
      expectConsoleMessage(page, { text: /status of 404/, url: /\/_api\/vitrine\/v1\/orders\/by-link$/ });
      await check(page, found, '/order?token=not-a-real-token');
      await check(page, found, '/no-such-page');
      await check(page, found, '/pages/delivery-and-returns');
      // Create account → the verify page waiting for the code.
      await page.goto(`${server.url}/create-account`);
      await page.locator('main input[type=email]').fill(uniqueEmail(`axe-${language}`));
      await page.locator('main input[type=password]').first().fill(PASSWORD);
      await page.locator('main form button[type=submit]').first().click();
      await page.waitForURL(/\/verify/);
      await check(page, found);
      expect(found).toEqual([]);
      await page.context().close();
    },
    180_000,
  );

  it.each(['en', 'ar'])(
    'the second step and a member’s pages in %s at 390 px',
    async (language) => {
      const found: string[] = [];
      const withFactor = await member(`axe2-${language}`);
      const added = await fetch(`${server.url}/_api/iam/mfa/v1/factors`, {
        method: 'POST',
        headers: { authorization: withFactor.accessToken, 'content-type': 'application/json' },
        body: JSON.stringify({ factorType: 'EMAIL' }),
      });
      expect(added.status).toBe(200);
      const second = await phonePage(language);
      await signIn(second, withFactor.email);
      await second.waitForURL(/\/sign-in\/second-step/);
      await check(second, found);
      await second.context().close();

      const m = await member(`axe-${language}`);
      const order = await new AccountKit(new Kit(server)).order(m.accessToken, m.memberId, 'Lamp', 40, 2);
      const page = await phonePage(language);
      await signIn(page, m.email);
      // Signed in, back at the catalog; a language other than English lives in the address (`/ar/`).
      await page.waitForURL(`${server.url}/${language === 'en' ? '' : `${language}/`}`);
      for (const path of ['/account', '/account/security', '/account/sign-in-methods', '/account/orders'])
        await check(page, found, path);
      await page.locator(`main a[href*="/account/orders/"]`).first().click();
      await page.waitForURL(/\/account\/orders\/./);
      await page.getByText(order.number).first().waitFor();
      await check(page, found);
      expect(found).toEqual([]);
      await page.context().close();
    },
    180_000,
  );
});
