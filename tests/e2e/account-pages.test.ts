/**
 * Hosted account pages (issue #34) in real headless Chromium: a shop on another origin sends its signed-in
 * member to ACCOUNT_INFO (a raw redirect-session POST in the seed's shape) and to ORDERS (through
 * `@vitrine/sdk`'s auth.getAccountUrl), the member changes their name and shipping address with the
 * keyboard, adds a passkey, comes back to the shop, and the unmodified `@wix/sdk` client with `@wix/members` reads
 * the change.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { members } from '@wix/members';
import { createClient, OAuthStrategy as WixOAuthStrategy } from '@wix/sdk';
import { routeWixApis } from '@vitrine/sdk/wix';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountKit, Kit, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { sdkBrowserBundle } from './support/sdk-bundle.js';
import { addVirtualAuthenticator, launchChromium, newPhonePage } from './support/browser.js';
import { expectAccessible } from './support/axe.js';

const CLIENT = 'e2e-account-shop';
const PASSWORD = 'a long enough password';
let browser: Browser;
let server: TestServer;
let app: Server;
let appOrigin: string;
let bundle = '';

beforeAll(async () => {
  // The shop: its own origin (localhost) while the API is on 127.0.0.1; it has no account area.
  app = createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head><body>
<h1>Shop</h1><script src="/sdk.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off' },
      clients: [
        ...s.clients,
        {
          clientId: CLIENT,
          redirectUris: [`${appOrigin}/callback`],
          allowedOrigins: [appOrigin],
          refreshTokenRotation: false,
        },
      ],
    }),
  });
  // WebAuthn refuses IP addresses as relying-party ids: the pages (the public URL) are on localhost too,
  // on the server's own port, so the shop stays another origin.
  server.ctx.config.publicUrl = server.url.replace('127.0.0.1', 'localhost');
  bundle = await sdkBrowserBundle();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => app?.close(resolve));
});

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });

/** A member of the shop signed in as the shop's app is: register, then the code flow with the session token. */
async function signedInMember() {
  const email = `acct${randomBytes(4).toString('hex')}@example.com`;
  const visitor = (await (await post('/oauth2/token', { clientId: CLIENT, grantType: 'anonymous' })).json()) as {
    access_token: string;
  };
  const registered = (await (
    await post('/_api/iam/authentication/v2/register', { loginId: { email }, password: PASSWORD }, visitor.access_token)
  ).json()) as { sessionToken: string; identity: { id: string } };
  const verifier = randomBytes(32).toString('base64url');
  const session = (await (
    await post('/_api/redirects-api/v1/redirect-session', {
      auth: {
        authRequest: {
          clientId: CLIENT,
          redirectUri: `${appOrigin}/callback`,
          codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 'st',
          sessionToken: registered.sessionToken,
        },
        prompt: 'none',
      },
    })
  ).json()) as { redirectSession: { fullUrl: string } };
  const location = (await fetch(session.redirectSession.fullUrl, { redirect: 'manual' })).headers.get('location')!;
  const code = new URLSearchParams(new URL(location).hash.slice(1)).get('code');
  const tokens = (await (
    await post('/oauth2/token', {
      clientId: CLIENT,
      grantType: 'authorization_code',
      code,
      codeVerifier: verifier,
      redirectUri: `${appOrigin}/callback`,
    })
  ).json()) as { access_token: string; refresh_token: string };
  return {
    email,
    memberId: registered.identity.id,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
  };
}

/** Nothing wider than the viewport: usable at phone width without sideways scrolling. */
const expectFits = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('browser: hosted account pages', () => {
  it('raw seed-shaped POST → ACCOUNT_INFO → name and shipping address changed → back to the shop → @wix/sdk sees it', async () => {
    const m = await signedInMember();
    const created = await post(
      '/_api/redirects-api/v1/redirect-session',
      {
        membersAccount: { section: 'ACCOUNT_INFO' },
        callbacks: { postFlowUrl: `${appOrigin}/` },
        preferences: {
          useGenericWixPages: false,
          maintainIdentity: true,
          additionalQueryParameters: { lang: 'en' },
          checkIfPublish: true,
        },
        origin: appOrigin,
      },
      m.accessToken,
    );
    expect(created.status).toBe(200);
    const { redirectSession } = (await created.json()) as { redirectSession: { fullUrl: string } };
    const page = await newPhonePage(browser, { stepTimeoutMs: 15_000 });
    // The pages' own CSP must not block anything of theirs (the browser's favicon 404 is not the page's).
    const errors: string[] = [];
    page.on(
      'console',
      (msg) => msg.type() === 'error' && /Content Security Policy/.test(msg.text()) && errors.push(msg.text()),
    );
    await page.goto(redirectSession.fullUrl);
    await expect(page.title()).resolves.toBe('Account info · Demo Store');
    await expectFits(page, 375);
    // Keyboard: the first field, then Tab through the form's fields in order.
    await page.getByLabel('First name').focus();
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Hopper');
    await page.getByLabel('Street and number').fill('1 Navy Yard');
    await page.getByLabel('City').fill('Arlington');
    await page.getByLabel('Postal code').fill('22202');
    // One list of countries named in the page's language, as the storefront's address book offers them.
    await page.getByLabel('Country').selectOption({ label: 'United States' });
    await Promise.all([page.waitForLoadState('load'), page.getByLabel('Postal code').press('Enter')]);
    await expect(page.getByRole('status').first().textContent()).resolves.toBe('Your changes are saved.');
    // A passkey added on the page: the hosted pages' own WebAuthn library under the page's CSP nonce.
    await addVirtualAuthenticator(page);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Added. You will be asked for it when you sign in.').waitFor();
    await expect(page.getByRole('button', { name: 'Remove Passkey' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await Promise.all([
      page.waitForURL(`${appOrigin}/`),
      page.getByRole('link', { name: 'Back to the shop' }).first().click(),
    ]);
    // The unmodified @wix/sdk client with the unmodified @wix/members module, holding the shop's member
    // tokens, reads the member back (its calls to www.wixapis.com routed here as docs/compatibility.md says).
    const wix = createClient({
      modules: { members },
      auth: WixOAuthStrategy({
        clientId: CLIENT,
        tokens: {
          accessToken: { value: m.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
          refreshToken: { value: m.refreshToken, role: 'member' as never },
        },
      }),
    });
    const routing = routeWixApis(server.url);
    const me = await wix.members.getCurrentMember({ fieldsets: ['FULL'] }).finally(routing.restore);
    expect(me.member?.contact).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      addresses: [{ addressLine: '1 Navy Yard', city: 'Arlington', postalCode: '22202', country: 'US' }],
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const again = await context.newPage();
    const link = (await (
      await post(
        '/_api/redirects-api/v1/redirect-session',
        { membersAccount: { section: 'ACCOUNT_INFO' } },
        m.accessToken,
      )
    ).json()) as {
      redirectSession: { fullUrl: string };
    };
    await again.goto(link.redirectSession.fullUrl);
    await expect(again.getByLabel('First name').inputValue()).resolves.toBe('Grace');
    await expectAccessible(again);
    // A long journey (two pages, a passkey ceremony, axe-core): room for a busy machine.
  }, 90_000);

  it('@vitrine/sdk getAccountUrl → ORDERS lists the order placed in the shop', async () => {
    const m = await signedInMember();
    const order = await new AccountKit(new Kit(server)).order(m.accessToken, m.memberId, 'Lamp', 40, 2);
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto(`${appOrigin}/`);
    const accountUrl = await page.evaluate(
      async ({ api, client, tokens }) => {
        const auth = (
          window as unknown as {
            OAuthStrategy: (o: unknown) => { getAccountUrl(s: string, o: unknown): Promise<{ accountUrl: string }> };
          }
        ).OAuthStrategy({
          clientId: client,
          baseUrl: api,
          tokens,
        });
        return (await auth.getAccountUrl('ORDERS', { postFlowUrl: location.href })).accountUrl;
      },
      {
        api: server.url,
        client: CLIENT,
        tokens: {
          accessToken: { value: m.accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3000 },
          refreshToken: { value: m.refreshToken, role: 'member' },
        },
      },
    );
    await page.goto(accountUrl);
    await expect(page.title()).resolves.toBe('Orders · Demo Store');
    await expect(page.getByRole('heading', { name: `Order ${order.number}` }).isVisible()).resolves.toBe(true);
    expect(await page.textContent('main')).toContain('Lamp × 2 · $80.00');
    await expectFits(page, 375);
    await expectAccessible(page);
    await Promise.all([page.waitForURL(`${appOrigin}/`), page.getByRole('link', { name: 'Back to the shop' }).click()]);
  });

  it.each([
    ['fr', 375, 'Informations du compte', 'ltr'],
    ['ar', 390, 'معلومات الحساب', 'rtl'],
  ] as const)('renders in %s at %i px', async (lang, width, heading, dir) => {
    const m = await signedInMember();
    const link = (await (
      await post(
        '/_api/redirects-api/v1/redirect-session',
        {
          membersAccount: { section: 'ACCOUNT_INFO' },
          callbacks: { postFlowUrl: `${appOrigin}/` },
          preferences: { additionalQueryParameters: { lang } },
        },
        m.accessToken,
      )
    ).json()) as { redirectSession: { fullUrl: string } };
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    await page.goto(link.redirectSession.fullUrl);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
    await expect(page.getAttribute('html', 'dir')).resolves.toBe(dir);
    await expectFits(page, width);
    await page.screenshot({ path: join(tmpdir(), `vitrine-account-${lang}-${width}.png`), fullPage: true });
    await expectAccessible(page);
  });
});
