/**
 * Passkeys on the hosted pages (issue #14) in real headless Chromium with a virtual authenticator:
 * **Sign in with a passkey** on the hosted sign-in page and **Use a passkey** on its second step, both
 * ending at the shop's redirect URI with an authorization code. The WebAuthn ceremony runs in the page
 * with the locally bundled @simplewebauthn/browser under the page's CSP nonce.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer } from '@vitrine/server/test-support';
import { addVirtualAuthenticator, launchChromium } from './support/browser.js';
import {
  hostedSignInUrl,
  memberWithPasskey,
  passwordToSecondStep,
  startPasskeyServer,
} from './support/passkey-server.js';

const PASSWORD = 'hosted passkey pass 41';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
const cspErrors: string[] = [];

beforeAll(async () => {
  ({ server, origin } = await startPasskeyServer());
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  await addVirtualAuthenticator(page);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('hosted pages with passkeys in Chromium', () => {
  it('Sign in with a passkey on the hosted sign-in page ends at the shop with a code', async () => {
    await memberWithPasskey(server, page, origin, { password: PASSWORD });
    await page.goto(await hostedSignInUrl(server, origin));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/callback\?.*code=/);
    expect(cspErrors).toEqual([]);
  });

  it('Use a passkey answers the hosted second step after the password', async () => {
    const { email } = await memberWithPasskey(server, page, origin, { password: PASSWORD });
    await passwordToSecondStep(page, await hostedSignInUrl(server, origin), email, PASSWORD);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(/\/callback\?.*code=/);
    expect(cspErrors).toEqual([]);
  });
});
