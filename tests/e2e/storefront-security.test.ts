/**
 * Account → Security of the BUILT storefront in real headless Chromium (issue #14), every control the
 * issue names: turning on an authenticator app from the QR code's page (the secret as text, field
 * **Authentication code**, button **Turn on**; codes by `otpauth`, an RFC 6238 implementation), the
 * recovery codes shown once with a **Download** whose file holds exactly them, email codes on and off,
 * **Add a passkey** (Chromium's virtual authenticator) and its **Remove**; then the next sign-in asks
 * for the app's code.
 */
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtApps } from './support/apps.js';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';

const PASSWORD = 'storefront security page 4';
let browser: Browser;
let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({
    config: (c) => ({ ...c, storefrontDir: builtApps().storefront }),
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  // WebAuthn refuses IP addresses as relying-party ids: the shop runs on localhost.
  origin = server.url.replace('127.0.0.1', 'localhost');
  server.ctx.config.publicUrl = origin;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return page;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('Account → Security in Chromium', () => {
  it('turns on an authenticator app (QR code, key as text, Turn on), downloads the recovery codes, switches email codes, adds and removes a passkey', async () => {
    const email = `security-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
    const reg = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
      method: 'POST',
      headers: { authorization: visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
    });
    const memberId = ((await reg.json()) as { identity: { id: string } }).identity.id;
    await server.ctx.db.query('update members set email_verified = true where id = $1', [memberId]);

    const page = await newPage();
    await signIn(page, email);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${origin}/account/security`);
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();

    // Authenticator app: the QR code (an SVG image made in the page) and the key as text.
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.locator('.totp-setup__secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // A wrong code first: refused (400), which Chromium logs.
    expectConsoleMessage(page, { text: /status of 400/, url: /\/_api\/iam\/mfa\/v1\/factors\/[\w-]+\/activate$/ });
    await page.getByLabel('Authentication code').fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await page.getByText('This code is not correct').waitFor();
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();

    // Recovery codes, once, with a download that holds exactly them.
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const shown = await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').allTextContents();
    expect(shown).toHaveLength(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    expect((await readFile((await download.path())!, 'utf8')).trim().split('\n')).toEqual(shown.map((c) => c.trim()));
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On: sign-ins ask for a code from your app.').waitFor();
    expect(await page.getByRole('heading', { name: 'Your recovery codes' }).count()).toBe(0);
    await page.getByText('Unused recovery codes: 10').waitFor();

    // Email codes on, then off.
    await page.getByRole('button', { name: 'Turn on email codes' }).click();
    await page.getByText('On: we can email you a sign-in code.').waitFor();
    await page.getByRole('button', { name: 'Turn off email codes' }).click();
    await page.getByRole('button', { name: 'Turn on email codes' }).waitFor();

    // A passkey of this browser, listed with Remove.
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const remove = page.getByRole('button', { name: /^Remove .*Chrome/ });
    await remove.waitFor();
    await remove.click();
    await page.getByText('The passkey was removed.').waitFor();
    expect(await page.getByRole('button', { name: /^Remove .*Chrome/ }).count()).toBe(0);
    const factors = await server.ctx.db.query<{ type: string }>(
      'select factor_type as type from mfa_factors where member_id = $1 order by factor_type',
      [memberId],
    );
    expect(factors.rows.map((r) => r.type)).toEqual(['TOTP']);

    // The app turned on here is the second step of the next sign-in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await signIn(page, email);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    // "Remember this device" is a checkbox beside its words, not a full-width 44 px box (issue #29).
    const remember = (await page.getByRole('checkbox', { name: 'Remember this device' }).boundingBox())!;
    expect(remember.width).toBeLessThan(32);
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.context().close();
  });
});
