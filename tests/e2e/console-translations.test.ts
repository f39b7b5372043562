/**
 * Translations in the owner console (issue #18) through the BUILT console and storefront in real headless
 * Chromium, one real server with the demo site (languages en, fr, de, es, ar; Products translates title and
 * description): an editor writes a French title, the data API read in French and the storefront in French
 * show it, Remove translation falls back to English, a server refusal is shown as the server words it, and
 * an owner finds both writes in the audit log.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { signedInOwner } from './support/console.js';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  const dirs = builtApps();
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: dirs.console, storefrontDir: dirs.storefront }),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signedInPage = async (role: string) =>
  (await signedInOwner(browser, server, role, 'a long console password', { stepTimeoutMs: 10_000 })).page;

async function productTitle(id: string, language?: string): Promise<string> {
  const query = new URLSearchParams({ dataCollectionId: 'Products', ...(language ? { language } : {}) });
  const res = await fetch(`${server.url}/wix-data/v2/items/${encodeURIComponent(id)}?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { dataItem: { data: { title: string } } }).dataItem.data.title;
}

const translations = (page: Page) => page.getByRole('region', { name: 'Translations' });

describe('translations in the console, in Chromium', () => {
  it(
    'an editor writes a French title; the data API in French shows it; Remove falls back to English; audited',
    { timeout: 90_000 },
    async () => {
      const first = (await (
        await fetch(`${server.url}/wix-data/v2/items/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ dataCollectionId: 'Products', query: { paging: { limit: 1 } } }),
        })
      ).json()) as { dataItems: { id: string; data: { title: string } }[] };
      const product = first.dataItems[0]!;
      const frenchTitle = `Titre de la console ${Math.random().toString(36).slice(2, 8)}`;
      const page = await signedInPage('editor');

      await page.goto(`${server.url}/console/collections/Products/items/${encodeURIComponent(product.id)}`);
      const section = translations(page);
      await section.getByLabel('Language').waitFor();
      const languages = await section.getByLabel('Language').locator('option').allTextContents();
      // Every site language but the default (English), named in its own language.
      expect(languages.map((l) => l.replace(/ \(not translated\)$/, ''))).toEqual([
        'Français',
        'Deutsch',
        'Español',
        'العربية',
      ]);
      await section.getByLabel('Language').selectOption('fr');
      const titleField = section.getByLabel('Title (Français)');
      // The seeded French title is there to edit; the English one is the hint.
      await expect(titleField.inputValue()).resolves.toBe(await productTitle(product.id, 'fr'));
      await expect(
        titleField.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()),
      ).resolves.toContain(product.data.title);
      await titleField.fill(frenchTitle);
      await section.getByRole('button', { name: 'Save translation' }).click();
      await section.getByRole('status').filter({ hasText: 'Français translation saved.' }).waitFor();

      expect(await productTitle(product.id, 'fr')).toBe(frenchTitle);
      expect(await productTitle(product.id)).toBe(product.data.title);

      // (The storefront's products are the commerce module's; their French names are the Shop editor's:
      // console-catalog-editor.test.ts follows one to the French storefront.)

      await section.getByRole('button', { name: 'Remove translation' }).click();
      await section
        .getByRole('dialog', { name: 'Remove the Français translation?' })
        .getByRole('button', { name: 'Yes, remove' })
        .click();
      await section.getByRole('status').filter({ hasText: 'Français translation removed.' }).waitFor();
      await expect(titleField.inputValue()).resolves.toBe('');
      // Field by field fallback: no French values left, so French readers see English.
      expect(await productTitle(product.id, 'fr')).toBe(product.data.title);
      await page.context().close();

      const owner = await signedInPage('owner');
      await server.ctx.authEvents.flush();
      await owner
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: 'Audit log', exact: true })
        .click();
      // The action is in the Event column (in words, with the name as written), its detail in Details.
      for (const [words, action] of [
        ['Saved a translation', 'translation_saved'],
        ['Removed a translation', 'translation_removed'],
      ] as const) {
        let row = owner
          .getByRole('row')
          .filter({ hasText: words })
          .filter({ hasText: `owner_action · ${action}` });
        for (const pair of ['role: editor', `itemId: ${product.id}`, 'language: fr', 'collection: Products'])
          row = row.filter({ hasText: pair });
        await row.first().waitFor();
      }
      await owner.context().close();
    },
  );

  it(
    'a refusal from the server is shown in its own words (the item was deleted meanwhile)',
    { timeout: 60_000 },
    async () => {
      const admin = { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` };
      const created = await fetch(`${server.url}/_admin/v1/collections/Products/items`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          siteId: server.siteId,
          item: { _id: 'short-lived', title: 'Short-lived mug', price: 3 },
        }),
      });
      expect(created.status).toBe(200);
      const page = await signedInPage('owner');
      await page.goto(`${server.url}/console/collections/Products/items/short-lived`);
      const section = translations(page);
      await section.getByLabel('Language').selectOption('de');
      await section.getByLabel('Title (Deutsch)').fill('Kurzlebige Tasse');
      const removed = await fetch(`${server.url}/_admin/v1/collections/Products/items/short-lived/remove`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ siteId: server.siteId }),
      });
      expect(removed.status).toBe(200);
      // The server refuses the translation of the deleted item (404), which Chromium logs.
      expectConsoleMessage(page, {
        text: /status of 404/,
        url: /\/_admin\/v1\/collections\/Products\/items\/short-lived\/translations\/de$/,
      });
      await section.getByRole('button', { name: 'Save translation' }).click();
      await section
        .getByRole('alert')
        .filter({ hasText: 'Item [short-lived] does not exist in collection [Products].' })
        .waitFor();
      await page.context().close();
    },
  );
});
