/**
 * The owner console's cross-cutting promises (#13) in real headless Chromium against the BUILT app:
 * a site switcher when there is more than one site, no flash of signed-out content, usable at phone
 * width with the keyboard, a member action felt at once by another instance on the same database, and
 * an audit log filterable down to owner actions, admin-key and API-key use.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import { createApp, type VitrineApp } from '../../packages/server/src/app.js';
import { addOwner, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

const SITE_KEY = 'backend-key-for-console-gaps-0123456789';
const PASSWORD = 'console gaps password';
let browser: Browser;
let server: TestServer;
let second: VitrineApp;
let secondUrl: string;
let ownerEmail: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'backend', key: SITE_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
    // A second site with a client of its own: the console offers a site switcher.
    config: (c) => ({
      ...c,
      consoleDir: builtApps().console,
      sites: [
        ...c.sites,
        {
          ...c.sites[0]!,
          id: 'outlet',
          name: 'Outlet shop',
          apiKeys: [],
          webhooks: [],
          clients: c.sites[0]!.clients.map((client) => ({ ...client, clientId: `${client.clientId}-outlet` })),
        },
      ],
    }),
  });
  // A second instance on the same database, as behind a load balancer.
  second = await createApp({ config: server.ctx.config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  ownerEmail = `gaps-owner-${Date.now()}@example.com`;
  await addOwner(server, ownerEmail, 'owner', PASSWORD);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await second?.app.close();
  await server?.close();
});

async function registerMember(clientId: string): Promise<{ id: string; email: string }> {
  const visitor = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const email = `m-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({ loginId: { email }, password: 'correct horse battery' }),
  });
  const body = (await res.json()) as { state: string; identity: { id: string } };
  expect(body.state).toBe('SUCCESS');
  return { id: body.identity.id, email };
}

/**
 * A phone-sized page that records, from before the app's first script, whether a password field or the
 * console's navigation was ever in the document (a flash would show up here even if it lasted one frame).
 */
async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  page.on('request', (request) => expect(new URL(request.url()).origin).toBe(server.url));
  await page.addInitScript(() => {
    const seen = { passwordField: false, consoleNav: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector('input[type=password]')) seen.passwordField = true;
      if (document.querySelector('nav[aria-label=Console]')) seen.consoleNav = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return page;
}

const seen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __seen: { passwordField: boolean; consoleNav: boolean } }).__seen);

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/console/sign-in`);
  await page.getByLabel('Email').fill(ownerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

describe('console gaps in Chromium', () => {
  it('no flash: a signed-out visitor never sees console pages, a signed-in owner never sees the sign-in form', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/console/members`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seen(page)).toEqual({ passwordField: true, consoleNav: false });

    await page.getByLabel('Email').fill(ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // A fresh load of a deep link with the session cookie: straight to the page, no sign-in form on the way.
    await page.goto(`${server.url}/console/members`);
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    expect(await seen(page)).toEqual({ passwordField: false, consoleNav: true });
    await page.context().close();
  });

  it('a site switcher appears with two sites and Members follows the chosen site', async () => {
    const demoMember = await registerMember(server.clientId);
    const outletMember = await registerMember(`${server.clientId}-outlet`);
    const page = await phonePage();
    await signIn(page);
    await page.getByRole('link', { name: 'Members' }).click();
    const rows = page.getByRole('table').getByRole('row');
    await rows.filter({ hasText: demoMember.email }).waitFor();
    expect(await rows.filter({ hasText: outletMember.email }).count()).toBe(0);

    const switcher = page.getByRole('combobox', { name: 'Site', exact: true });
    expect(await switcher.locator('option').allTextContents()).toEqual([
      server.ctx.config.sites[0]!.name,
      'Outlet shop',
    ]);
    await switcher.selectOption({ label: 'Outlet shop' });
    await rows.filter({ hasText: outletMember.email }).waitFor();
    expect(await rows.filter({ hasText: demoMember.email }).count()).toBe(0);
    // The choice holds across a reload of the tab.
    await page.reload();
    await rows.filter({ hasText: outletMember.email }).waitFor();
    await switcher.selectOption({ index: 0 });
    await rows.filter({ hasText: demoMember.email }).waitFor();
    await page.context().close();
  });

  it(
    'at 375 px the page does not scroll sideways and the keyboard reaches the nav, the search field and the table',
    { timeout: 60_000 },
    async () => {
      const member = await registerMember(server.clientId);
      const page = await phonePage();
      await signIn(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // Arriving on a page puts focus on its heading (keyboard and screen-reader users start there).
      expect(
        await page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent}`),
      ).toBe('H1:Overview');
      // The navigation comes before the page: Shift+Tab walks back through it to Members, with a focus ring.
      let onMembers = false;
      for (let i = 0; i < 15 && !onMembers; i += 1) {
        await page.keyboard.press('Shift+Tab');
        onMembers = await page.evaluate(
          () => document.activeElement?.textContent === 'Members' && document.activeElement.tagName === 'A',
        );
      }
      expect(onMembers).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      const link = await page.getByRole('link', { name: 'Members' }).boundingBox();
      expect(link!.x).toBeGreaterThanOrEqual(0);
      expect(link!.x + link!.width).toBeLessThanOrEqual(375);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Members' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/console/members');
      let onSearch = false;
      for (let i = 0; i < 25 && !onSearch; i += 1) {
        await page.keyboard.press('Tab');
        onSearch = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
      }
      expect(onSearch).toBe(true);
      await page.keyboard.type(member.email);
      const row = page.getByRole('table').getByRole('row').filter({ hasText: member.email });
      await page
        .locator('#members-count')
        .filter({ hasText: /^Showing 1–1 of 1$/ })
        .waitFor();
      await row.waitFor();
      expect(await page.locator('tbody tr').count()).toBe(1);
      // Each cell fits the screen, its column's name beside it (the phone-width table layout).
      const box = await row.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // Shift+Tab from there walks back through the nav and the header to the skip link, shown on screen.
      let onSkip = false;
      for (let i = 0; i < 20 && !onSkip; i += 1) {
        await page.keyboard.press('Shift+Tab');
        onSkip = await page.evaluate(() => document.activeElement?.textContent === 'Skip to content');
      }
      expect(onSkip).toBe(true);
      const skip = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
      expect(skip!.x).toBeGreaterThanOrEqual(0);
      expect(skip!.y).toBeGreaterThanOrEqual(0);
      // The member's link works from the keyboard too.
      await row.getByRole('link').first().focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: member.email }).waitFor();
      await page.context().close();
    },
  );

  it('in development the Mail page links to the dev mailbox, which opens', async () => {
    const page = await phonePage();
    await signIn(page);
    await page.getByRole('link', { name: 'Mail' }).click();
    const link = page.getByRole('link', { name: 'Open the dev mailbox' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const opened = await page.request.get(new URL(href!, page.url()).toString());
    expect(opened.status()).toBe(200);
    await page.context().close();
  });

  it(
    'a block made on one instance refuses the member on another at once; the audit log filters owner actions, admin-key and API-key use',
    { timeout: 60_000 },
    async () => {
      const member = await registerMember(server.clientId);
      const session = await server.ctx.db.transaction((tx) =>
        server.ctx.tokens.createMemberSession(tx, {
          siteId: server.siteId,
          clientId: server.clientId,
          memberId: member.id,
        }),
      );
      const meOnSecond = () =>
        fetch(`${secondUrl}/_api/members/v1/members/my`, { headers: { authorization: session.accessToken } }).then(
          (r) => r.status,
        );
      expect(await meOnSecond()).toBe(200);
      // Key uses for the audit log: the site's API key on the data API, the admin key on the admin API.
      expect(
        (
          await fetch(`${secondUrl}/wix-data/v2/items/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: SITE_KEY },
            body: JSON.stringify({ dataCollectionId: 'Products', query: {} }),
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await fetch(`${server.url}/_admin/v1/members?siteId=${server.siteId}`, {
            headers: { authorization: `Bearer ${server.adminKey}` },
          })
        ).status,
      ).toBe(200);

      const page = await phonePage();
      await signIn(page);
      await page.goto(`${server.url}/console/members/${member.id}`);
      await page.getByRole('heading', { name: member.email }).waitFor();
      await page.getByRole('button', { name: 'Block' }).click();
      await page.getByRole('status').filter({ hasText: 'Blocked' }).waitFor();
      expect(await meOnSecond()).toBe(401);
      const refresh = await fetch(`${secondUrl}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grantType: 'refresh_token',
          clientId: server.clientId,
          refreshToken: session.refreshToken,
        }),
      });
      expect(refresh.status).toBe(400);

      await page.getByRole('link', { name: 'Audit log' }).click();
      const filter = page.getByLabel('Event type');
      const rows = page.getByRole('table').getByRole('row');
      for (const [type, text] of [
        ['owner_action', 'action: block'],
        ['api_key_used', 'keyName: backend'],
        ['admin_key_used', 'keyName: admin'],
      ] as const) {
        await filter.selectOption(type);
        await rows.filter({ hasText: text }).first().waitFor();
        // Filtered: every row shown is of that type.
        const types = await page.locator('tbody td[data-label="Event"]').allTextContents();
        expect(types.length).toBeGreaterThan(0);
        expect(new Set(types)).toEqual(new Set([type]));
      }
      await filter.selectOption('owner_action');
      const blockRow = rows.filter({ hasText: 'action: block' }).first();
      expect(await blockRow.textContent()).toContain(ownerEmail);
      await page.context().close();
    },
  );
});
