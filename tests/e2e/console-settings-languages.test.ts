/**
 * The console's Settings page lists the site's languages (issue #18) under their config key, the default
 * first, each with its own name — what an owner needs before translating content in Collections.
 * The BUILT console (into a temporary folder) in real headless Chromium against a real server.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import { addOwner, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';

let browser: Browser;
let server: TestServer;
const EMAIL = 'languages-owner@example.com';
const PASSWORD = 'console languages owner password';

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, consoleDir: builtApps().console }),
    site: (s) => ({ ...s, languages: ['de', 'fr', 'ar'] }),
  });
  await addOwner(server, EMAIL, 'owner', PASSWORD);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console Settings in Chromium', () => {
  it("shows the site's languages under sites[0].languages, the default first, in their own names", async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/console/sign-in`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await page.getByRole('link', { name: 'Server configuration' }).click();
    // The read-only configuration below the forms (the editable Languages form is above it).
    const configuration = page.getByRole('region', { name: 'Site configuration' });
    await configuration.getByRole('heading', { name: 'Languages', exact: true, level: 3 }).waitFor();
    const entry = configuration
      .locator('.config-entry')
      .filter({ has: page.getByText('sites[0].languages', { exact: true }) });
    const fact = async (name: string) =>
      (
        await entry
          .locator('.fact')
          .filter({ has: page.getByText(name, { exact: true }) })
          .locator('dd')
          .textContent()
      )?.trim();
    expect(await fact('default')).toBe('de (Deutsch)');
    expect(await fact('languages')).toBe('de (Deutsch), fr (français), ar (العربية)');
    await page.context().close();
  });
});
