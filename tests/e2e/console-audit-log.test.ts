/**
 * The owner console's Audit log (#13), in real headless Chromium against the BUILT app: filtered by event
 * type down to owner actions (a block made in the console, with the owner who made it), API-key use and
 * admin-key use (an admin-key call is filed under the site its `siteId` names). Each event and owner action
 * is said in words with the raw names under them (review t5: `owner_action` everywhere); no console error or
 * warning, no serious axe violation at 390 and 1280 px.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';
import { checkAtBothWidths, watchConsole } from './support/page-checks.js';

const SITE_KEY = 'backend-key-for-console-audit-log-0123';
const PASSWORD = 'console audit log password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'backend', key: SITE_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console audit log in Chromium', () => {
  it('filters owner actions, admin-key and API-key use', { timeout: 60_000 }, async () => {
    const member = await registerMember(server);
    expect(member.state).toBe('SUCCESS');
    // Key uses for the audit log: the site's API key on the data API, the admin key on the admin API.
    expect(
      (
        await fetch(`${server.url}/wix-data/v2/items/query`, {
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

    // An owner action: a block made in the console.
    const { page, email: ownerEmail } = await signedInOwner(browser, server, 'owner', PASSWORD, {
      onlyOrigin: server.url,
      height: 740,
    });
    await page.goto(`${server.url}/console/members/${member.id}`);
    await page.getByRole('heading', { name: member.email }).waitFor();
    await page.getByRole('button', { name: 'Block' }).click();
    // Block asks first, in a dialog saying what will happen.
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, block' }).click();
    await page.getByRole('status').filter({ hasText: 'Blocked' }).waitFor();

    // A long unbroken value in an owner action's details (a key named by a script), as ids and URLs are.
    const longName = `nightly-import-${'x'.repeat(60)}`;
    const created = await page.evaluate(async (name) => {
      const session = await (await fetch('/_admin/v1/console/session')).json();
      const res = await fetch('/_admin/v1/api-keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vitrine-csrf': session.csrfToken },
        body: JSON.stringify({ siteId: session.sites[0].id, name }),
      });
      return res.status;
    }, longName);
    expect(created).toBe(200);
    const watch = watchConsole(page);
    await page.getByRole('link', { name: 'Audit log' }).click();
    const filter = page.getByLabel('Event type');
    const rows = page.getByRole('table').getByRole('row');
    // Review t5: the page showed raw names (`owner_action`). The filter offers words, each row says what
    // happened in words and keeps the names the server wrote under them (for searching).
    for (const [label, type, words, text] of [
      ['Owner action', 'owner_action', 'Blocked a member', 'owner_action · block'],
      ['API key used', 'api_key_used', 'API key used', 'keyName: backend'],
      ['Admin key used', 'admin_key_used', 'Admin key used', 'keyName: admin'],
    ] as const) {
      await filter.selectOption({ label });
      await rows.filter({ hasText: words }).filter({ hasText: text }).first().waitFor();
      // Filtered: every row shown is of that type, said in words with the raw name under them.
      const codes = await page.locator('tbody td[data-label="Event"] .audit-code').allTextContents();
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes.map((code) => code.split(' · ')[0]))).toEqual(new Set([type]));
      for (const said of await page.locator('tbody td[data-label="Event"] .audit-event').allTextContents())
        expect(said, 'an event in words, not a code').not.toMatch(/_/);
    }
    const optionTexts = await filter.locator('option').allTextContents();
    expect(optionTexts.filter((text) => text.includes('_'))).toEqual([]);
    await filter.selectOption({ label: 'Owner action' });
    const blockRow = rows.filter({ hasText: 'owner_action · block' }).first();
    expect(await blockRow.textContent()).toContain(ownerEmail);
    expect(await blockRow.locator('td[data-label="Outcome"]').textContent()).toBe('Succeeded');
    await rows
      .filter({ hasText: 'Created an API key' })
      .filter({ hasText: 'owner_action · api_key_created' })
      .waitFor();

    // Review t5: at 1280 px the table ran past the page, Details and Address cut. Every column now fits, long
    // values (member ids) wrap inside theirs, in full; at 390 px the rows are cards no wider than the screen.
    await filter.selectOption('');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 860 });
      await rows.filter({ hasText: longName }).first().waitFor();
      const sizes = await page.evaluate(() => {
        const wrap = document.querySelector('.table-wrap')!;
        return {
          page: document.documentElement.scrollWidth,
          table: wrap.scrollWidth,
          shown: wrap.clientWidth,
          cellsPastTheirColumn: [...document.querySelectorAll('tbody td')].filter(
            (td) => td.scrollWidth > td.clientWidth,
          ).length,
        };
      });
      expect(sizes.page, `${width} px`).toBeLessThanOrEqual(width);
      expect(sizes.table, `${width} px`).toBeLessThanOrEqual(sizes.shown);
      expect(sizes.cellsPastTheirColumn, `${width} px`).toBe(0);
    }
    await checkAtBothWidths(page, 'audit-log');
    expect(watch.problems).toEqual([]);
    await page.context().close();
  });
});
