/**
 * The console and the storefront side by side in real headless Chromium, both BUILT and served by one
 * real server (as `npm start` does), in separate browser contexts (an owner and a shopper):
 * - an owner blocks a member whose storefront page is open; that page ends up signed out on the
 *   member's next step, the old access token is refused, and the audit log holds the block;
 * - an owner exports a query as CSV from the Collections page; the downloaded file holds the query's rows.
 */
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage, type PhonePageOptions } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { registerMember as registerAnyMember, signedInOwner } from './support/console.js';
import { openShopMenu } from './support/storefront.js';

const OWNER_PASSWORD = 'console and storefront owner password';
const MEMBER_PASSWORD = 'correct horse battery';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  const dirs = builtApps();
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: dirs.console, storefrontDir: dirs.storefront }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPage = (options: PhonePageOptions = {}) => newPhonePage(browser, { stepTimeoutMs: 10_000, ...options });
const ownerPage = (role: string, options: PhonePageOptions = {}) =>
  signedInOwner(browser, server, role, OWNER_PASSWORD, { stepTimeoutMs: 10_000, ...options });

async function registerMember(): Promise<{ id: string; email: string }> {
  const { id, email, state } = await registerAnyMember(server, { password: MEMBER_PASSWORD });
  expect(state).toBe('SUCCESS');
  return { id, email };
}

/** The access token the storefront keeps in localStorage for this shop (see apps/storefront shop-client.ts). */
const storedAccessToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('vitrine.tokens.'));
    const tokens = key
      ? (JSON.parse(localStorage.getItem(key)!) as {
          accessToken?: { value?: string };
          refreshToken?: { role?: string };
        })
      : undefined;
    return { access: tokens?.accessToken?.value ?? '', role: tokens?.refreshToken?.role ?? 'none' };
  });

describe('console and storefront together in Chromium', () => {
  it(
    'blocking a member whose open storefront session then ends: next step on the page shows them signed out; audited',
    { timeout: 90_000 },
    async () => {
      const member = await registerMember();
      const shop = await newPage();
      await shop.goto(`${server.url}/sign-in`);
      await shop.getByLabel('Email').fill(member.email);
      await shop.getByLabel('Password').fill(MEMBER_PASSWORD);
      await shop.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shop.getByRole('button', { name: 'Sign out' }).waitFor();
      await openShopMenu(shop);
      await shop.getByRole('link', { name: 'Account' }).click();
      await shop.getByRole('heading', { name: 'Account info' }).waitFor();
      await shop.getByText(member.email).waitFor();
      const before = await storedAccessToken(shop);
      expect(before.role).toBe('member');
      const me = () =>
        fetch(`${server.url}/_api/members/v1/members/my`, { headers: { authorization: before.access } }).then(
          (r) => r.status,
        );
      expect(await me()).toBe(200);

      const { page: console_, email: ownerEmail } = await ownerPage('support');
      await console_.goto(`${server.url}/console/members/${member.id}`);
      await console_.getByRole('heading', { name: member.email }).waitFor();
      await console_.getByRole('button', { name: 'Block' }).click();
      // Block asks first, in a dialog saying what will happen.
      await console_.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
      await console_.getByRole('status').filter({ hasText: 'Blocked' }).waitFor();
      expect(await me()).toBe(401);

      // The shopper's page was open all along; their next step inside it (no reload) meets the ended session: the
      // orders search with the member's token is refused (401), so is the renewal of it (400), and the client's one
      // retry, as the visitor the shopper became, too (401: orders are for members). Chromium logs each.
      expectConsoleMessage(shop, { text: /status of 401/, url: /\/ecom\/v1\/orders\/search$/ });
      expectConsoleMessage(shop, { text: /status of 400/, url: /\/oauth2\/token$/ });
      await openShopMenu(shop);
      await shop.getByRole('link', { name: 'Orders' }).click();
      await shop.getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await shop.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      // The page continues as a visitor with new tokens; the member's are gone from storage.
      await expect.poll(() => storedAccessToken(shop).then((t) => t.role)).toBe('visitor');
      expect((await storedAccessToken(shop)).access).not.toBe(before.access);
      expect(await me()).toBe(401);
      // Account is for members: a visitor is sent to sign in, and signing in again is refused (blocked).
      await shop.goto(`${server.url}/account`);
      await shop.waitForURL(/\/sign-in\?returnTo=%2Faccount$/);
      await shop.getByLabel('Email').fill(member.email);
      await shop.getByLabel('Password').fill(MEMBER_PASSWORD);
      expectConsoleMessage(shop, { text: /status of 403/, url: /\/_api\/iam\/authentication\/v2\/login$/ });
      await shop.getByRole('button', { name: 'Sign in', exact: true }).click();
      await shop.getByRole('alert').first().waitFor();
      expect(await shop.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
      await shop.context().close();

      // The audit log holds the owner's block (who, what, target) and the member's refused access.
      await server.ctx.authEvents.flush();
      await console_
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Audit log', exact: true })
        .click();
      await console_.getByLabel('Event type').selectOption('owner_action');
      // This owner was made for this test, so their row is this block.
      const blockRow = console_
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: 'owner_action · block' })
        .filter({ hasText: ownerEmail });
      await blockRow.waitFor();
      expect(await blockRow.count()).toBe(1);
      // The table names who, what and the target; the entry behind it holds the same (read with the owner's session).
      expect(await blockRow.getByRole('cell').allInnerTexts()).toContain(`member ${member.id}`);
      const events = await console_.evaluate(async (siteId) => {
        const res = await fetch(`/_admin/v1/auth-events?siteId=${siteId}&type=owner_action&limit=50`);
        return (
          (await res.json()) as {
            events: { email?: string; memberId?: string; outcome: string; detail: { action?: string } }[];
          }
        ).events;
      }, server.siteId);
      expect(events.filter((e) => e.email === ownerEmail)).toEqual([
        expect.objectContaining({
          memberId: member.id,
          outcome: 'success',
          detail: expect.objectContaining({ action: 'block' }),
        }),
      ]);
      await console_.context().close();
    },
  );

  it(
    'exports the current query as CSV from the Collections page: the downloaded file holds exactly the query rows',
    { timeout: 60_000 },
    async () => {
      const filter = { price: { $lt: 50 } };
      const expected = (await (
        await fetch(`${server.url}/wix-data/v2/items/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            dataCollectionId: 'Products',
            query: { filter, sort: [{ fieldName: 'price', order: 'DESC' }], paging: { limit: 1000 } },
          }),
        })
      ).json()) as { dataItems: { id: string; data: { title: string; price: number } }[] };
      expect(expected.dataItems.length).toBeGreaterThan(0);
      const all = (await (
        await fetch(`${server.url}/wix-data/v2/items/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ dataCollectionId: 'Products', query: { paging: { limit: 1000 } } }),
        })
      ).json()) as { dataItems: unknown[] };
      // The filter narrows: the file must not simply be the whole collection.
      expect(expected.dataItems.length).toBeLessThan(all.dataItems.length);

      const { page } = await ownerPage('editor', { acceptDownloads: true });
      await page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Collections', exact: true })
        .click();
      await page.getByRole('main').getByRole('link', { name: 'Products', exact: true }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      await page.getByText('Advanced (JSON filter)').click();
      await page.getByLabel('JSON filter').fill(JSON.stringify(filter));
      await page.getByRole('button', { name: 'Apply JSON filter' }).click();
      await page.getByLabel('Sort by').selectOption('price');
      await page
        .locator('select')
        .filter({ has: page.locator('option[value="DESC"]') })
        .selectOption('DESC');
      await page
        .getByRole('status')
        .filter({ hasText: `of ${expected.dataItems.length}` })
        .waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Products.csv');
      const csv = readFileSync((await download.path())!, 'utf8');
      const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields?.[0]).toBe('_id');
      // Same items, same order (price descending), same values.
      expect(parsed.data.map((row) => row._id)).toEqual(expected.dataItems.map((item) => item.id));
      expect(parsed.data.map((row) => [row.title, Number(row.price)])).toEqual(
        expected.dataItems.map((item) => [item.data.title, item.data.price]),
      );
      for (const row of parsed.data) expect(Number(row.price)).toBeLessThan(50);
      await page.context().close();
    },
  );
});
