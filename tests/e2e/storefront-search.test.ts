/**
 * The storefront's search box in real headless Chromium against the BUILT storefront and a real server (issue #54,
 * docs/storefront.md → Search): suggestions as the shopper types (a combobox with a listbox, the typed words marked),
 * the arrow keys and Enter open a product, Escape closes the list, a submitted search lists the ranked results
 * (a typo still finds the product); in Arabic at phone width, right to left. axe finds no serious violation and the
 * console stays clean. Screenshots: /work/notes/shots/search/ when that folder exists (SHOTS_DIR overrides).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@vitrine/server/test-support';
import { expectAccessible } from './support/axe.js';
import { newPhonePage } from './support/browser.js';
import { hydrated, startShop } from './support/storefront.js';

let browser: Browser;
let server: TestServer;
const SHOTS = process.env.SHOTS_DIR ?? '/work/notes/shots/search';

beforeAll(async () => {
  ({ server, browser } = await startShop());
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Console errors and warnings, failed pages and failed requests of `page` (none expected: a shopper without a cart
 * is answered `{}`, not a 404, since the storefront asks with `orNone=true`).
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function shot(page: Page, name: string) {
  if (!existsSync(join(SHOTS, '..'))) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

const box = (page: Page) => page.locator('input[role=combobox]');
const options = (page: Page) => page.getByRole('listbox').getByRole('option');

describe('the storefront search box in Chromium', () => {
  it('suggests as the shopper types, moves with the arrow keys, opens a product with Enter', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(server.url);
    await hydrated(page);

    await box(page).pressSequentially('mug', { delay: 40 });
    await expect.poll(() => options(page).count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('true');
    const names = await options(page).allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Stoneware Mug', 'Enamel Camp Mug']));
    // The typed word is marked inside the names, as text.
    expect(await options(page).first().locator('mark').allTextContents()).toEqual(['Mug']);

    await box(page).press('ArrowDown');
    const first = options(page).first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box(page).getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await expectAccessible(page, { where: 'suggestions open' });
    await shot(page, 'suggestions-1280.png');

    await box(page).press('ArrowUp');
    expect(await options(page).last().getAttribute('aria-selected')).toBe('true');
    await box(page).press('Escape');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');

    await box(page).press('ArrowDown');
    const chosen = (await options(page).first().textContent())!;
    await box(page).press('Enter');
    await page.waitForURL(/\/products\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(chosen);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists ranked results for a submitted search, a typo included', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(server.url);
    await hydrated(page);
    await box(page).fill('stonewear mug');
    await box(page).press('Enter');
    await page.waitForURL(/q=stonewear/);
    const cards = page.locator('.product-grid > li');
    await expect.poll(async () => (await cards.first().textContent()) ?? '').toContain('Stoneware Mug');
    await shot(page, 'results-1280.png');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('suggests in Arabic at phone width, right to left', async () => {
    const page = await newPhonePage(browser, { locale: 'ar', height: 760 });
    const problems = watchProblems(page);
    await page.goto(server.url);
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await box(page).pressSequentially('كوب', { delay: 40 });
    await expect.poll(() => options(page).count()).toBeGreaterThanOrEqual(1);
    expect(await options(page).allTextContents()).toContain('كوب من الخزف الحجري');
    await box(page).press('ArrowDown');
    await expectAccessible(page, { where: 'Arabic suggestions' });
    await shot(page, 'suggestions-390-ar.png');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
