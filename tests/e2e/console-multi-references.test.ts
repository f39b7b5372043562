/**
 * Multi-references in the catalog editor (issue #30) through the BUILT console in real headless Chromium: the
 * grid names the referenced items (two, then how many more) instead of their ids; the item form lists them by
 * name in order, and an owner moves one up, removes one and adds one with the picker; the saved item holds the
 * ids in the new order. axe: no serious violation on the form.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { signedInOwner } from './support/console.js';
import { expectAccessible } from './support/axe.js';

const RELATED = {
  key: 'related',
  type: 'multireference' as const,
  required: false,
  collection: 'Products',
  label: 'Goes with',
};
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({
      ...c,
      consoleDir: builtApps().console,
      // The demo's Products, with one multi-reference to other products.
      sites: c.sites.map((site) => ({
        ...site,
        collections: site.collections.map((collection) =>
          collection.id === 'Products'
            ? { ...collection, fields: [...(collection.fields ?? []), RELATED] }
            : collection,
        ),
      })),
    }),
  });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function admin<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId: server.siteId, ...(body as object) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

const product = async (id: string) =>
  (
    await admin<{ items: Record<string, unknown>[] }>('/_admin/v1/collections/Products/query', {
      filter: { _id: id },
      sort: [],
      limit: 1,
      offset: 0,
    })
  ).items[0]!;

describe('multi-references in Chromium', () => {
  it('the grid and the form show names, and the form adds, removes and reorders', { timeout: 90_000 }, async () => {
    const throw_ = await product('wool-throw');
    await admin('/_admin/v1/collections/Products/items/wool-throw', {
      item: { ...throw_, related: ['stoneware-mug', 'ceramic-vase', 'beeswax-candles'] },
    });
    const { page } = await signedInOwner(browser, server, 'owner', 'a long console password', {
      stepTimeoutMs: 10_000,
    });

    // The grid: two names, then how many more; no id.
    await page.goto(`${server.url}/console/collections/Products`);
    await page.getByRole('columnheader', { name: 'Goes with' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Merino Wool Throw' }) });
    await row.getByRole('cell', { name: 'Stoneware Mug, Ribbed Ceramic Vase and 1 more' }).waitFor();
    expect(await row.innerText()).not.toContain('stoneware-mug');

    // The form: the items by name, in order.
    await page.getByRole('link', { name: 'Merino Wool Throw' }).click();
    await page.getByRole('heading', { name: 'Merino Wool Throw' }).waitFor();
    const related = page.getByRole('group', { name: 'Goes with' });
    const names = () => related.getByRole('listitem').locator('.reference-list__name').allInnerTexts();
    await expect.poll(names).toEqual(['Stoneware Mug', 'Ribbed Ceramic Vase', 'Beeswax Candles (pair)']);
    expect(await related.getByRole('button', { name: 'Move Stoneware Mug up' }).isDisabled()).toBe(true);

    await related.getByRole('button', { name: 'Move Beeswax Candles (pair) up' }).click();
    await related.getByRole('button', { name: 'Remove Stoneware Mug' }).click();
    await related.getByLabel('Add to Goes with').selectOption({ label: 'Solid Brass Pen' });
    await expect.poll(names).toEqual(['Beeswax Candles (pair)', 'Ribbed Ceramic Vase', 'Solid Brass Pen']);
    expect(await related.innerText()).not.toContain('ceramic-vase');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Saved\.$/ })
      .waitFor();
    expect((await product('wool-throw')).related).toEqual(['beeswax-candles', 'ceramic-vase', 'brass-pen']);
    await page.context().close();
  });
});
