/**
 * An owner who forgot the password gets back in from the console's sign-in page (issue #31), in real
 * headless Chromium against the BUILT console: "Forgot your password?" mails a link, read here in the
 * server's dev mailbox page; the link's page names the account, sets the new password and signs the
 * owner in, and the owner's other session is over.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOwner, consoleClient, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { uniqueEmail } from './support/console.js';

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

describe('owner password recovery in Chromium', () => {
  it('forgot password → mail in the dev mailbox → new password → signed in; the other session ended', async () => {
    const email = uniqueEmail('forgetful');
    await addOwner(server, email, 'owner', 'the password I forgot');
    const otherBrowser = consoleClient(server.url);
    await otherBrowser.call('POST', '/_admin/v1/console/sign-in', { email, password: 'the password I forgot' });
    expect((await otherBrowser.call('GET', '/_admin/v1/console/session')).status).toBe(200);

    const page = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 20_000 });
    await page.goto(`${server.url}/console/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Mail me a link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `If ${email} is the address of a console account` })
      .waitFor();

    // The dev mailbox page, as a developer reads it: the newest message to this owner, its link clicked.
    await page.goto(`${server.url}/_dev/mail`);
    const message = page.locator('article').filter({ hasText: email }).first();
    await message.getByRole('heading', { name: 'Vitrine console: reset your password' }).waitFor();
    await message.getByRole('link', { name: /\/console\/reset-password\?token=/ }).click();

    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.locator('dl.account').innerText()).toContain(email);
    await page.getByLabel('New password').fill('a password I remember');
    await page.getByRole('button', { name: 'Set the new password and sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    expect((await otherBrowser.call('GET', '/_admin/v1/console/session')).status).toBe(401);
    const again = await consoleClient(server.url).call('POST', '/_admin/v1/console/sign-in', {
      email,
      password: 'a password I remember',
    });
    expect(again.status).toBe(200);
    await page.context().close();
  });
});
