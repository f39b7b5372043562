/**
 * The console's Collections and API keys pages through the BUILT console and storefront in real headless
 * Chromium, served by one real server (as `npm start` does), at phone width. Controls are found by role
 * and accessible name; each journey ends in the audit log.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { launchChromium } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';

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

const signedInPage = (role: string) =>
  signedInOwner(browser, server, role, 'a long console password', { stepTimeoutMs: 10_000 });
const activeMember = async () => (await registerMember(server)).id;

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

async function auditShows(page: Page, texts: (string | RegExp)[]): Promise<void> {
  await server.ctx.authEvents.flush();
  await nav(page, 'Audit log').click();
  for (const text of texts) await page.getByRole('cell', { name: text }).first().waitFor();
}

/** External login (README "external login"): authorized_client with `Authorization: ,<apiKey>`. */
const externalLogin = (key: string, memberId: string) =>
  fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `,${key}` },
    body: JSON.stringify({ grant_type: 'authorized_client', member_id: memberId }),
  });

describe('console collections and API keys in Chromium', () => {
  it(
    'an editor edits an item in the console (bad filters explained first) and the data API serves it; the audit log has it',
    { timeout: 60_000 },
    async () => {
      const first = (await (
        await fetch(`${server.url}/wix-data/v2/items/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ dataCollectionId: 'Products', query: { paging: { limit: 1 } } }),
        })
      ).json()) as { dataItems: { id: string; data: { title: string } }[] };
      const product = first.dataItems[0]!;
      const newTitle = `Console-edited ${product.data.title}`;
      const { page } = await signedInPage('editor');
      await expect(nav(page, 'API keys').count()).resolves.toBe(0);

      await nav(page, 'Collections').click();
      await page.getByRole('main').getByRole('link', { name: 'Products', exact: true }).click();
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      // The unknown operator is refused by the server (400), which Chromium logs.
      expectConsoleMessage(page, { text: /status of 400/, url: /\/_admin\/v1\/collections\/Products\/query$/ });
      await page.getByText('Advanced (JSON filter)').click();
      await page.getByLabel('JSON filter').fill('{"price": ');
      await page.getByRole('button', { name: 'Apply JSON filter' }).click();
      await page.getByRole('alert').filter({ hasText: 'The filter is not valid JSON' }).waitFor();
      await page.getByLabel('JSON filter').fill('{"price": {"$lessThan": 50}}');
      await page.getByRole('button', { name: 'Apply JSON filter' }).click();
      await page.getByRole('alert').filter({ hasText: '$lessThan' }).waitFor();
      await page.getByLabel('JSON filter').fill(JSON.stringify({ _id: product.id }));
      await page.getByRole('button', { name: 'Apply JSON filter' }).click();
      await page.getByRole('status').filter({ hasText: 'Showing 1–1 of 1' }).waitFor();

      // The grid links each item by its title (the `_id` column is hidden until chosen).
      await page.getByRole('link', { name: product.data.title, exact: true }).click();
      await page.getByLabel('Title', { exact: true }).fill(newTitle);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      // A data collection's item (the shop's products are the commerce module's, edited in the Shop group: see
      // console-commerce.test.ts): what a visitor's read of the data API now gets.
      const read = (await (
        await fetch(`${server.url}/wix-data/v2/items/${encodeURIComponent(product.id)}?dataCollectionId=Products`)
      ).json()) as { dataItem: { data: { title: string } } };
      expect(read.dataItem.data.title).toBe(newTitle);

      await page.context().close();
      // Editors do not read the audit log (owner and support do): an owner looks.
      const { page: ownerPage } = await signedInPage('owner');
      await auditShows(ownerPage, [
        'Changed an item owner_action · item_updated',
        new RegExp(`role: editor,?\\s*itemId: ${product.id},?\\s*collection: Products`),
      ]);
      await ownerPage.context().close();
    },
  );

  it('an owner adds and deletes an item (after confirming) and imports a CSV file with a per-row report; all in the audit log', async () => {
    const { page } = await signedInPage('owner');
    await page.goto(`${server.url}/console/collections/Products`);
    await page.getByRole('link', { name: 'Add item' }).click();
    await page.getByLabel('ID', { exact: true }).fill('console-e2e-item');
    await page.getByLabel('Title', { exact: true }).fill('Made in the console');
    await page.getByLabel('Price', { exact: true }).fill('9.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Made in the console' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Confirm deletion' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    const gone = await fetch(`${server.url}/wix-data/v2/items/console-e2e-item?dataCollectionId=Products`);
    expect(gone.status).toBe(404);

    await page.getByLabel('CSV file').setInputFiles({
      name: 'more.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('_id,title,price\ncsv-e2e,From a file,4\n,No price,cheap\n'),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Import finished: 1 added, 0 updated, 1 failed.' }).waitFor();
    await page
      .getByRole('table', { name: 'Import report' })
      .getByRole('cell', { name: 'price: "cheap" is not a number' })
      .waitFor();
    await auditShows(page, [
      'Added an item owner_action · item_inserted',
      'Deleted an item owner_action · item_removed',
      'Imported items owner_action · items_imported',
    ]);
    await page.context().close();
  });

  it('an owner creates an API key that works for external login, then revokes it and it is refused; both audited', async () => {
    const memberId = await activeMember();
    const { page } = await signedInPage('owner');
    await nav(page, 'API keys').click();
    await page.getByLabel('Name').fill('e2e backend');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const key = await page.getByLabel('New API key').inputValue();
    expect(key).toMatch(/^vk_/);
    await page.getByRole('button', { name: 'Copy' }).waitFor();
    expect((await externalLogin(key, memberId)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke e2e backend' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke the API key "e2e backend"?' })
      .getByRole('button', { name: 'Yes, revoke' })
      .click();
    await page.getByRole('status').filter({ hasText: 'Revoked "e2e backend"' }).waitFor();
    const refused = await externalLogin(key, memberId);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    await auditShows(page, [
      'Created an API key owner_action · api_key_created',
      'Revoked an API key owner_action · api_key_revoked',
      /keyName: e2e backend/,
    ]);
    await page.context().close();
  });

  it('a support owner sees no Collections link and the server refuses their session (403 envelope), which the audit log records', async () => {
    const { page } = await signedInPage('support');
    await nav(page, 'Members').waitFor();
    expect(await nav(page, 'Collections').count()).toBe(0);
    // The admin API called directly with this owner's browser session (cookie and CSRF value): both refused (403),
    // as the console's own read of the list is below, which Chromium logs.
    expectConsoleMessage(page, { text: /status of 403/, url: /\/_admin\/v1\/collections\?siteId=demo$/ });
    expectConsoleMessage(page, { text: /status of 403/, url: /\/_admin\/v1\/collections\/Products\/items$/ });
    const answer = await page.evaluate(async (siteId) => {
      const session = (await (await fetch('/_admin/v1/console/session')).json()) as { csrfToken: string };
      const list = await fetch(`/_admin/v1/collections?siteId=${siteId}`);
      const insert = await fetch('/_admin/v1/collections/Products/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vitrine-csrf': session.csrfToken },
        body: JSON.stringify({ siteId, item: { title: 'not allowed' } }),
      });
      return {
        list: list.status,
        insert: insert.status,
        body: (await insert.json()) as { details: { applicationError: { code: string } } },
      };
    }, server.siteId);
    expect(answer).toMatchObject({
      list: 403,
      insert: 403,
      body: { details: { applicationError: { code: 'OWNER_ROLE_REFUSED' } } },
    });
    await page.goto(`${server.url}/console/collections`);
    await page.getByRole('alert').filter({ hasText: 'support role may not' }).waitFor();
    await auditShows(page, [
      /Refused for their role owner_action · POST \/_admin\/v1\/collections\/Products\/items/,
      /reason: role/,
    ]);
    await page.context().close();
  });
});
