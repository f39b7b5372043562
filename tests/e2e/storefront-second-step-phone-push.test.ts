/**
 * The storefront's OWN second step (issue #32) by text, call and push approval, in real headless Chromium
 * with the BUILT storefront: a member with a confirmed phone and push approval on one browser signs in
 * through the storefront's sign-in form in a second browser context with a text code (the resend wait
 * shown), with a call code ("call me instead" after a text), and with push approval picked in the first
 * context's "Is this you signing in?" (the waiting page completes by itself); a wrong number and a Deny
 * each refuse the sign-in and offer to sign in again. axe-core on the step; 390 px Arabic screenshots (in
 * /tmp). Last, the hosted account page's "Is this you signing in?" approves (and denies) a sign-in waiting
 * at the hosted second step.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, memberSessionByEmail, type TestServer } from '@vitrine/server/test-support';
import { hostedSignInUrl, passwordToSecondStep, postJson } from './support/passkey-server.js';
import { devPhoneCode, openShopMenu, phonePushSite, startShop } from './support/storefront.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { expectAccessible } from './support/axe.js';

const PASSWORD = 'storefront second step 7';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  ({ server, browser } = await startShop({ site: phonePushSite }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPage = async (width = 1024): Promise<Page> =>
  (await browser.newContext({ viewport: { width, height: 900 } })).newPage();

/** A sentence naming the masked number, which the page keeps on one line (no-break spaces). */
const naming = (before: string, masked: string, after: string) =>
  new RegExp(`^${before} ${masked.replace(/\+/g, '\\+').replace(/ /g, '\\s')}${after.replace(/\./g, '\\.')}$`);

/** Registers a member and confirms a phone for text codes through the API (its own session; push approval from it too). */
async function memberWithPhone(email: string, number: string, withPush = false): Promise<string> {
  const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
  const reg = await postJson(server, '/_api/iam/authentication/v2/register', visitor, {
    loginId: { email },
    password: PASSWORD,
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(200);
  const session = await memberSessionByEmail(server, email);
  const added = await postJson(server, '/_api/iam/mfa/v1/factors', session.accessToken, {
    factorType: 'SMS',
    phoneNumber: number,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const factorId = (added.body.factor as { factorId: string }).factorId;
  const code = await devPhoneCode(server, number, 'sms');
  const activated = await postJson(server, `/_api/iam/mfa/v1/factors/${factorId}/activate`, session.accessToken, {
    code,
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  if (withPush)
    expect(
      (await postJson(server, '/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'PUSH' })).status,
    ).toBe(200);
  return session.accessToken;
}

/** Email and password on the storefront's own sign-in form, up to its second step. */
async function toSecondStep(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
}

describe("the storefront's own second step by phone and push in Chromium", () => {
  it('text code (resend wait shown), call me instead, push approved from another context; wrong number and Deny refuse', async () => {
    const email = `step-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const number = `+3361${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const masked = `+33 •• •• •• ${number.slice(-2)}`;

    // The member's own browser signs in with a text code, then turns on push approval for itself.
    await memberWithPhone(email, number);
    const home = await newPage();
    await toSecondStep(home, email);
    await home.getByText('We can text you a code or call you with one. Choose below.').waitFor();
    await home.getByRole('button', { name: 'Text me a code' }).click();
    await home.getByText(naming('We texted a 6-digit code to', masked, '. Enter it below.')).waitFor();
    const field = home.getByLabel('Authentication code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await home.getByText(/You can ask for a new code in \d+ seconds\./).waitFor();
    expect(await home.getByRole('button', { name: 'Text me a new code' }).isDisabled()).toBe(true);
    await expectAccessible(home, { include: '#main' });
    await field.fill(await devPhoneCode(server, number, 'sms'));
    await home.getByRole('button', { name: 'Verify' }).click();
    await home.getByRole('button', { name: 'Sign out' }).waitFor();
    await home.goto(`${server.url}/account/security`);
    await home.getByRole('button', { name: 'Approve sign-ins from this browser' }).click();
    await home.getByText('On: this browser can approve your sign-ins.').waitFor();

    // Another browser: text first, then "Call me instead", signed in with the call's code.
    const away = await newPage();
    await toSecondStep(away, email);
    await away.getByRole('button', { name: 'Text me a code' }).click();
    await away.getByText(naming('We texted a 6-digit code to', masked, '. Enter it below.')).waitFor();
    await away.getByRole('button', { name: 'Call me instead' }).click();
    await away.getByText(naming('We are calling', masked, '. Enter the 6-digit code you hear.')).waitFor();
    await away.getByLabel('Authentication code').fill(await devPhoneCode(server, number, 'call'));
    await away.getByRole('button', { name: 'Verify' }).click();
    await away.getByRole('button', { name: 'Sign out' }).waitFor();
    await signOut(away);

    // Push approval: the number shown here is picked at home; this page completes by itself.
    await toSecondStep(away, email);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    await away.getByRole('button', { name: 'Send an approval request' }).click();
    const shown = (await away.locator('.push-wait__number').textContent())!.trim();
    expect(shown).toMatch(/^\d{2}$/);
    await away.getByText('Waiting for your approval…').waitFor();
    await expectAccessible(away, { include: '#main' });
    await home.getByRole('heading', { name: 'Is this you signing in?' }).waitFor();
    await home.getByRole('button', { name: shown, exact: true }).click();
    await home.getByText('Approved. The sign-in continues.').waitFor();
    await away.getByRole('button', { name: 'Sign out' }).waitFor();
    await signOut(away);

    // A wrong number refuses; the page says so and offers to sign in again. Here and at Deny the waiting page's
    // check is answered 403, which Chromium logs.
    expectConsoleMessage(away, { text: /status of 403/, url: /\/_api\/iam\/authentication\/v2\/push\/verify$/ });
    await toSecondStep(away, email);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    await away.getByRole('button', { name: 'Send an approval request' }).click();
    const right = (await away.locator('.push-wait__number').textContent())!.trim();
    await home.getByRole('heading', { name: 'Is this you signing in?' }).waitFor();
    const choices = await home.locator('.push-prompt__number').allTextContents();
    expect(choices).toContain(right);
    await home.getByRole('button', { name: choices.find((n) => n !== right)!, exact: true }).click();
    await away.getByText('This sign-in was denied on your other device.').waitFor();
    await expectAccessible(away, { include: '#main' });
    await away.getByRole('link', { name: 'Sign in again' }).click();
    await away.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    // Deny: the same refusal.
    await toSecondStep(away, email);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    await away.getByRole('button', { name: 'Send an approval request' }).click();
    await away.locator('.push-wait__number').waitFor();
    await home.getByRole('button', { name: 'No, it is not me' }).click();
    await away.getByText('This sign-in was denied on your other device.').waitFor();
    await away.context().close();
    await home.context().close();
  }, 150_000);

  it('in Arabic at 390 px: the texted-code step and the push number read right to left', async () => {
    const email = `step-ar-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const number = `+3362${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    await memberWithPhone(email, number, true);
    const page = await newPage(390);
    await toSecondStep(page, email);
    await openShopMenu(page);
    await page.getByLabel(/Language/).selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('button', { name: 'أرسل لي رمزًا في رسالة نصية' }).click();
    await page.getByText(/أرسلنا رمزًا من 6 أرقام/).waitFor();
    await page.screenshot({ path: '/tmp/second-step-ar-390-text.png', fullPage: true });
    await page.getByRole('button', { name: 'الموافقة من جهاز آخر' }).click();
    await page.getByRole('button', { name: 'أرسل طلب موافقة' }).click();
    await page.locator('.push-wait__number').waitFor();
    await page.screenshot({ path: '/tmp/second-step-ar-390-push.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, { include: '#main' });
    await page.context().close();
  }, 90_000);

  it('"Is this you signing in?" on the hosted account page approves a sign-in waiting at the hosted second step; Deny refuses', async () => {
    const email = `step-hosted-${Math.random().toString(36).slice(2, 10)}@example.com`;
    // +33 64…: every number of the block is a valid French mobile (+33 639… is not, in libphonenumber's ranges).
    const number = `+3364${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const token = await memberWithPhone(email, number, true);
    const link = await postJson(server, '/_api/redirects-api/v1/redirect-session', token, {
      membersAccount: { section: 'ACCOUNT_INFO' },
    });
    expect(link.status).toBe(200);
    const home = await newPage(390);
    await home.goto(link.body.redirectSession.fullUrl as string);
    await home.getByRole('heading', { name: 'Account info', level: 1 }).waitFor();
    expect(await home.getByRole('heading', { name: 'Is this you signing in?' }).count()).toBe(0);
    const accountPage = home.url();

    const away = await newPage();
    const callback = /\/callback\?.*code=/;
    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    const shown = (await away.locator('#push-number').textContent())!.trim();
    await home.goto(accountPage);
    await home.getByRole('heading', { name: 'Is this you signing in?' }).waitFor();
    await home.getByText(/Chrome.* · at /).waitFor();
    expect(await home.locator('.push-numbers button').allTextContents()).toContain(shown);
    await home.screenshot({ path: '/tmp/account-push-prompt-390.png', fullPage: true });
    await expectAccessible(home, { include: 'main' });
    await home.getByRole('button', { name: shown, exact: true }).click();
    await home.getByText('Approved. The sign-in continues.').waitFor();
    await away.waitForURL(callback);

    // Deny: the waiting page is refused; the account page offers to end the other sessions.
    await passwordToSecondStep(away, await hostedSignInUrl(server, server.url), email, PASSWORD);
    await away.getByRole('button', { name: 'Approve on another device' }).click();
    await away.locator('#push-number').waitFor();
    await home.goto(accountPage);
    await home.getByRole('button', { name: 'No, it is not me' }).click();
    await home.getByText('The sign-in was refused').waitFor();
    await away.getByText('This sign-in was denied on your other device.').waitFor();
    await home.getByRole('button', { name: 'End my other sessions' }).click();
    await home.getByText('Your other sessions were ended. Now change your password.').waitFor();
    await away.context().close();
    await home.context().close();
  }, 120_000);
});
