/**
 * Phone codes and push approval (issue #32) in real headless Chromium with the BUILT storefront: the
 * member adds a phone in Account → Security and confirms it with the code from the dev phone, turns on
 * push approval for that browser; then a second browser context signs in on the hosted pages with a text
 * code, with a call code, and with push approval (the first context picks the number in "Is this you
 * signing in?", the waiting page completes by itself); a wrong number refuses the sign-in.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, type TestServer } from '@vitrine/server/test-support';
import { hostedSignInUrl, passwordToSecondStep } from './support/passkey-server.js';
import { devPhoneCode, phonePushSite, startShop } from './support/storefront.js';
import { expectAccessible } from './support/axe.js';

const PASSWORD = 'phone and push pass 6';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  ({ server, browser } = await startShop({ site: phonePushSite }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPage = async (): Promise<Page> =>
  (await browser.newContext({ viewport: { width: 1024, height: 900 } })).newPage();

describe('phone codes and push approval in Chromium', () => {
  it('adds and confirms a phone, turns on push; signs in with a text code, a call code and push approval; a wrong number refuses', async () => {
    const email = `phone-push-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const number = `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
    const reg = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
      method: 'POST',
      headers: { authorization: visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
    });
    expect(reg.status).toBe(200);

    // The member's own browser: signed in to the storefront, Account → Security.
    const home = await newPage();
    await home.goto(`${server.url}/sign-in`);
    await home.getByLabel('Email').fill(email);
    await home.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await home.getByRole('button', { name: 'Sign in', exact: true }).click();
    await home.getByRole('button', { name: 'Sign out' }).waitFor();
    await home.goto(`${server.url}/account/security`);
    await home.getByRole('heading', { name: 'Phone', level: 2 }).waitFor();
    await home.getByLabel('Phone number').fill(number.replace(/^(\+33)(\d)(\d\d)/, '$1 $2 $3 '));
    await home.getByRole('radio', { name: 'Text message' }).check();
    await home.getByRole('button', { name: 'Send a code' }).click();
    const masked = `+33 •• •• •• ${number.slice(-2)}`;
    await home.getByText(`We sent a 6-digit code to ${masked}.`).waitFor();
    expect(await home.getByLabel('Code', { exact: true }).getAttribute('autocomplete')).toBe('one-time-code');
    await home.getByLabel('Code', { exact: true }).fill(await devPhoneCode(server, number, 'sms'));
    await home.getByRole('button', { name: 'Confirm' }).click();
    await home.getByRole('button', { name: 'I have saved them' }).click();
    await home.getByText(`Codes by text message: ${masked}`).waitFor();
    await home.getByRole('button', { name: 'Approve sign-ins from this browser' }).click();
    await home.getByText('On: this browser can approve your sign-ins.').waitFor();
    // The page's content (this suite's sections; the shared header is checked by storefront-axe).
    await expectAccessible(home, { include: '#main' });

    // Another browser signs in on the hosted pages: a text code, then a call code.
    const away = await newPage();
    const callback = /\/callback\?.*code=/;
    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Text me a code' }).click();
    await away.getByLabel('Authentication code').fill(await devPhoneCode(server, number, 'sms'));
    await away.getByRole('button', { name: 'Verify' }).click();
    await away.waitForURL(callback);

    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Call me with a code' }).click();
    await away.getByLabel('Authentication code').fill(await devPhoneCode(server, number, 'call'));
    await away.getByRole('button', { name: 'Verify' }).click();
    await away.waitForURL(callback);

    // Push approval: the waiting page shows a number; the member's browser picks it; the page goes on by itself.
    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    const shown = (await away.locator('#push-number').textContent())!.trim();
    expect(shown).toMatch(/^\d{2}$/);
    await home.getByRole('heading', { name: 'Is this you signing in?' }).waitFor();
    await home.getByText(/Chrome/).waitFor();
    await home.getByRole('button', { name: shown, exact: true }).click();
    await home.getByText('Approved. The sign-in continues.').waitFor();
    await away.waitForURL(callback);

    // A wrong number refuses: the waiting page says so, the approving browser offers to secure the account.
    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    const right = (await away.locator('#push-number').textContent())!.trim();
    await home.getByRole('heading', { name: 'Is this you signing in?' }).waitFor();
    const choices = await home.locator('.push-prompt__number').allTextContents();
    expect(choices).toHaveLength(3);
    expect(choices).toContain(right);
    await home.getByRole('button', { name: choices.find((n) => n !== right)!, exact: true }).click();
    await home.getByText('The sign-in was refused').waitFor();
    await away.getByText('This sign-in was denied on your other device.').waitFor();
    await home.getByRole('button', { name: 'End my other sessions' }).click();
    await home.getByText('Your other sessions were ended.').waitFor();
    await home.context().close();
    await away.context().close();
  }, 120_000);
});
