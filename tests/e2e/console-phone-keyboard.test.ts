/**
 * The owner console at phone width with the keyboard (#13), in real headless Chromium against the BUILT
 * app: at 375 px nothing scrolls sideways, and the keyboard reaches the navigation, the members search field,
 * the table and the skip link; the focused link shows a focus ring and the skip link comes on screen.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { registerMember, signedInOwner } from './support/console.js';

const PASSWORD = 'console phone keyboard password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console at phone width by keyboard, in Chromium', () => {
  it(
    'at 375 px the page does not scroll sideways and the keyboard reaches the nav, the search field and the table',
    { timeout: 60_000 },
    async () => {
      const member = await registerMember(server);
      expect(member.state).toBe('SUCCESS');
      const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, {
        onlyOrigin: server.url,
        height: 740,
      });
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
      expect(new URL(page.url()).pathname).toBe(`/console/members/${member.id}`);
      await page.context().close();
    },
  );
});
