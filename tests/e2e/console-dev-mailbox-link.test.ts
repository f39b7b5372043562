/**
 * In development the owner console's Mail page links to the server's dev mailbox (#13), in real headless
 * Chromium against the BUILT app, and that link opens.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium } from './support/browser.js';
import { signedInOwner } from './support/console.js';

const PASSWORD = 'console dev mailbox password';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, consoleDir: builtApps().console }) });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console Mail page in development, in Chromium', () => {
  it('in development the Mail page links to the dev mailbox, which opens', async () => {
    const { page } = await signedInOwner(browser, server, 'owner', PASSWORD, { onlyOrigin: server.url, height: 740 });
    await page.getByRole('link', { name: 'Mail', exact: true }).click();
    const link = page.getByRole('link', { name: 'Open the dev mailbox' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBe('/_dev/mail');
    const opened = await page.request.get(new URL(href!, page.url()).toString());
    expect(opened.status()).toBe(200);
    await page.context().close();
  });
});
