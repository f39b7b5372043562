/**
 * No flash of the wrong content in the owner console (#13), in real headless Chromium against the BUILT app,
 * recorded from before the app's first script (a flash would show up even if it lasted one frame): a
 * signed-out visitor opening a console page never has the console's navigation in the document, and a
 * signed-in owner opening a deep link never has the sign-in form.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { uniqueEmail } from './support/console.js';

const PASSWORD = 'console no flash password';
let browser: Browser;
let server: TestServer;
let ownerEmail: string;

beforeAll(async () => {
  server = await startTestServer({ config: (c) => ({ ...c, consoleDir: builtApps().console }) });
  ownerEmail = uniqueEmail('owner');
  await addOwner(server, ownerEmail, 'owner', PASSWORD);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A phone-sized page that records, from before the app's first script of each document, whether a password
 * field or the console's navigation was ever in it.
 */
async function recordingPage(): Promise<Page> {
  const page = await newPhonePage(browser, { onlyOrigin: server.url, height: 740 });
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

describe('console without a flash of the wrong content, in Chromium', () => {
  it('a signed-out visitor never sees console pages, a signed-in owner never sees the sign-in form', async () => {
    const page = await recordingPage();
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
});
