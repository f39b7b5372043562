/**
 * Owners manage who runs the shop from the console (issue #31), in real headless Chromium against the
 * BUILT console: an owner invites an editor, the editor follows the mailed link (dev mailbox) and lands
 * signed in with the editor's pages; removing the editor asks first in a dialog that says what will
 * happen (Escape keeps them), and then ends their session at once.
 */
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { builtApps } from './support/apps.js';
import { launchChromium, newPhonePage } from './support/browser.js';
import { signedInOwner, uniqueEmail } from './support/console.js';

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

describe('owners in the console, in Chromium', () => {
  it('an owner invites an editor, who sets up from the mail; removing them asks first, then ends their session', async () => {
    const { page } = await signedInOwner(browser, server, 'owner', 'an owner who invites', {
      onlyOrigin: server.url,
      stepTimeoutMs: 20_000,
    });
    await page.getByRole('link', { name: 'Owners' }).click();
    await page.getByRole('heading', { name: 'Owners' }).waitFor();
    const editorEmail = uniqueEmail('editor');
    const form = page.getByRole('form', { name: 'Invite someone' });
    await form.getByLabel('Email').fill(editorEmail);
    await form.getByLabel('Role').selectOption('editor');
    await form.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('heading', { name: `${editorEmail} invited as editor` }).waitFor();
    const shown = await page.getByLabel('Setup link').inputValue();
    await page.getByRole('row').filter({ hasText: editorEmail }).getByText('invited, no password yet').waitFor();

    // The editor, in a browser of their own, follows the link in the mail.
    const editor = await newPhonePage(browser, { onlyOrigin: server.url, stepTimeoutMs: 20_000 });
    await editor.goto(`${server.url}/_dev/mail`);
    const mail = editor.locator('article').filter({ hasText: editorEmail }).first();
    await mail.getByRole('heading', { name: 'Vitrine console: activate your account' }).waitFor();
    const mailed = await mail.getByRole('link', { name: /\/console\/setup\?token=/ }).getAttribute('href');
    expect(mailed).toBe(shown);
    await editor.goto(mailed!);
    await editor.getByRole('heading', { name: 'Set up your console account' }).waitFor();
    expect(await editor.locator('dl.account').innerText()).toContain('editor: collections and their items');
    await editor.getByLabel('Password', { exact: true }).fill('an editor password');
    await editor.getByRole('button', { name: 'Set password and sign in' }).click();
    await editor.getByRole('button', { name: 'Sign out' }).waitFor();
    const nav = editor.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Collections', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Owners' }).count()).toBe(0);
    // Their authenticator: a QR code drawn in the page (no third-party request: onlyOrigin) and the key.
    await nav.getByRole('link', { name: 'Settings' }).click();
    await editor.getByRole('button', { name: 'Turn on two-factor' }).click();
    const qr = editor.getByRole('img', { name: 'QR code of the authenticator setup key' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await editor.getByLabel('Setup key').innerText()).toMatch(/^[A-Z2-7]{16,}$/);

    // Remove asks first: the dialog says what will happen, starts on Cancel, and Escape keeps the editor.
    await page.reload();
    const remove = page.getByRole('button', { name: `Remove ${editorEmail}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: `Remove ${editorEmail}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('They are signed out of the console at once');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: editorEmail }).getByText('active').waitFor();
    await remove.click();
    await dialog.getByRole('button', { name: 'Yes, remove' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Removed ${editorEmail}` })
      .waitFor();
    expect(await page.getByRole('row').filter({ hasText: editorEmail }).count()).toBe(0);

    // The editor's session is over: the next page they open is the sign-in page.
    await editor.reload();
    await editor.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await editor.context().close();
    await page.context().close();
  });
});
