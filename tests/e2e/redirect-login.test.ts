/**
 * Redirect sign-in in real headless Chromium: the hosted page filled in like a person would, and the
 * SDK's silent sign-in in a hidden iframe, from a page served on a different origin than the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { sdkBrowserBundle } from './support/sdk-bundle.js';
import { launchChromium } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';

const CLIENT = 'e2e-shop';
let browser: Browser;
let server: TestServer;
let app: Server;
let appOrigin: string;
let bundle = '';

const appPage = (apiUrl: string) => `<!doctype html><html><head><meta charset="utf-8"><title>shop</title></head><body>
<h1>Shop on another origin</h1><script src="/sdk.js"></script><script>window.API=${JSON.stringify(apiUrl)};window.CLIENT=${JSON.stringify(CLIENT)};</script></body></html>`;

beforeAll(async () => {
  // The storefront stand-in: its own origin (localhost) while the API is on 127.0.0.1.
  app = createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(appPage(server.url));
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
  bundle = await sdkBrowserBundle();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => app?.close(resolve));
});

async function registerMember() {
  const email = `e2e${randomBytes(4).toString('hex')}@example.com`;
  const password = 'a long enough password';
  const visitor = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: CLIENT, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({ loginId: { email }, password }),
  });
  expect(res.status).toBe(200);
  return { email, password };
}

describe('browser: redirect sign-in through the hosted page', () => {
  it('fills the form, lands on the callback with a code, and the code gives member tokens', async () => {
    const member = await registerMember();
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(16).toString('base64url');
    const created = await fetch(`${server.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        auth: {
          authRequest: {
            clientId: CLIENT,
            redirectUri: `${appOrigin}/callback`,
            codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
            codeChallengeMethod: 'S256',
            responseMode: 'fragment',
            responseType: 'code',
            scope: 'offline_access',
            state,
          },
          prompt: 'login',
        },
      }),
    });
    const { redirectSession } = (await created.json()) as { redirectSession: { fullUrl: string } };
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && cspErrors.push(m.text()));
    await page.goto(redirectSession.fullUrl);
    await expect(page.title()).resolves.toContain('Sign in');
    // Keyboard only: labels lead to fields, focus order email → password → button.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill('wrong password entirely');
    await page.keyboard.press('Enter');
    // One message for one mistake, under the password field (issue #53: the review saw two).
    await page.locator('#password-error').waitFor();
    expect(await page.getByText('Email or password is incorrect.').count()).toBe(1);
    await expect(page.getByLabel('Password').getAttribute('aria-invalid')).resolves.toBe('true');
    // Show password: the toggle shows what was typed and hides it again.
    const reveal = page.getByRole('button', { name: 'Show password' });
    await page.getByLabel('Password').fill('typed secret');
    await reveal.click();
    await expect(page.getByLabel('Password').getAttribute('type')).resolves.toBe('text');
    await expect(reveal.getAttribute('aria-pressed')).resolves.toBe('true');
    await reveal.click();
    await expect(page.getByLabel('Password').getAttribute('type')).resolves.toBe('password');
    // The shop's name leads back to the shop.
    await expect(page.getByRole('link', { name: 'Demo Store' }).getAttribute('href')).resolves.toBe(`${appOrigin}/`);
    if (process.env.VITRINE_SHOTS)
      await page.screenshot({ path: `${process.env.VITRINE_SHOTS}/hosted-sign-in-error-390.png`, fullPage: true });
    await page.getByLabel('Password').fill(member.password);
    await Promise.all([
      page.waitForURL(`${appOrigin}/callback**`),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(params.get('state')).toBe(state);
    const tokens = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: CLIENT,
        grantType: 'authorization_code',
        code: params.get('code'),
        codeVerifier: verifier,
        redirectUri: `${appOrigin}/callback`,
      }),
    });
    expect(tokens.status).toBe(200);
    expect(cspErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    // The server's own session cookie: the next authorization of this browser needs no form.
    const cookies = await context.cookies(server.url);
    const sso = cookies.find((c) => c.name === 'vitrine_sso');
    expect(sso).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await context.close();
  });
});

describe('browser: silent sign-in in a hidden iframe from another origin', () => {
  it('the SDK logs in and gets member tokens through the web_message page', async () => {
    const member = await registerMember();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${appOrigin}/`);
    expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);
    const result = await page.evaluate(async ({ email, password }) => {
      type Auth = {
        login(p: { email: string; password: string }): Promise<{ loginState: string; data: { sessionToken: string } }>;
        getMemberTokensForDirectLogin(
          t: string,
        ): Promise<{ accessToken: { value: string }; refreshToken: { role: string } }>;
      };
      const w = window as unknown as { OAuthStrategy: (o: unknown) => Auth; API: string; CLIENT: string };
      const auth = w.OAuthStrategy({ clientId: w.CLIENT, baseUrl: w.API });
      const login = await auth.login({ email, password });
      if (login.loginState !== 'SUCCESS') return { error: JSON.stringify(login) };
      const frames: string[] = [];
      const observer = new MutationObserver(() =>
        document.querySelectorAll('iframe').forEach((f) => frames.push(`${f.src}|${f.style.display}`)),
      );
      observer.observe(document.body, { childList: true });
      const tokens = await auth.getMemberTokensForDirectLogin(login.data.sessionToken);
      observer.disconnect();
      return { accessToken: tokens.accessToken.value, role: tokens.refreshToken.role, frames };
    }, member);
    expect(result.error).toBeUndefined();
    expect(result.role).toBe('member');
    expect(result.frames![0]).toMatch(new RegExp(`^${server.url}/oauth2/authorize\\?redirectSessionId=.*\\|none$`));
    const claims = JSON.parse(Buffer.from(result.accessToken!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ role: 'member', client_id: CLIENT });
    await context.close();
  });

  it('a page on an origin the client does not allow cannot frame the authorize page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The API server's own origin is not among the client's allowed origins: frame-ancestors blocks it, and
    // Chromium logs the refusal (what this test proves).
    expectConsoleMessage(page, {
      text: /^Framing '[^']+' violates the following Content Security Policy directive: "frame-ancestors /,
      url: /\/healthz$/,
    });
    await page.goto(`${server.url}/healthz`);
    const member = await registerMember();
    const visitor = await page.evaluate(
      async ({ api, client, email, password }) => {
        const t = await (
          await fetch(`${api}/oauth2/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ clientId: client, grantType: 'anonymous' }),
          })
        ).json();
        const l = await (
          await fetch(`${api}/_api/iam/authentication/v2/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: t.access_token },
            body: JSON.stringify({ loginId: { email }, password }),
          })
        ).json();
        const s = await (
          await fetch(`${api}/_api/redirects-api/v1/redirect-session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              auth: {
                authRequest: {
                  clientId: client,
                  codeChallenge: 'x'.repeat(43),
                  codeChallengeMethod: 'S256',
                  responseMode: 'web_message',
                  responseType: 'code',
                  state: 's1',
                  sessionToken: l.sessionToken,
                },
                prompt: 'none',
              },
            }),
          })
        ).json();
        const got: unknown[] = [];
        window.addEventListener('message', (e) => got.push(e.data));
        const frame = document.createElement('iframe');
        frame.src = s.redirectSession.fullUrl;
        document.body.appendChild(frame);
        await new Promise((r) => setTimeout(r, 1500));
        // Same origin as this page, so a loaded authorize page would be readable; a blocked one is not.
        let loaded = false;
        try {
          loaded = !!frame.contentDocument?.querySelector('script');
        } catch {
          loaded = false;
        }
        return { got, loaded };
      },
      { api: server.url, client: CLIENT, email: member.email, password: member.password },
    );
    expect(visitor).toEqual({ got: [], loaded: false });
    await context.close();
  });
});

describe('browser: a logout link without the member token asks first (F-9)', () => {
  it('shows "Sign out", and only the button ends the hosted session and goes back to the shop', async () => {
    const member = await registerMember();
    const redirectSession = async (body: unknown) =>
      (
        (await (
          await fetch(`${server.url}/_api/redirects-api/v1/redirect-session`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as { redirectSession: { fullUrl: string } }
      ).redirectSession.fullUrl;
    const authRequest = {
      clientId: CLIENT,
      redirectUri: `${appOrigin}/callback`,
      codeChallenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      codeChallengeMethod: 'S256',
      responseMode: 'fragment',
      responseType: 'code',
      scope: 'offline_access',
      state: randomBytes(16).toString('base64url'),
    };
    const context = await browser.newContext();
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && cspErrors.push(m.text()));
    await page.goto(await redirectSession({ auth: { authRequest, prompt: 'login' } }));
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await Promise.all([
      page.waitForURL(`${appOrigin}/callback**`),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    const ssoCookie = async () =>
      (await context.cookies(server.url)).find((c) => c.name === 'vitrine_sso' && c.value !== '');
    // The hosted pages' session: 256 random bits, base64url, out of reach of scripts.
    expect(await ssoCookie()).toMatchObject({ value: expect.stringMatching(/^[\w-]{43}$/), httpOnly: true });

    await page.goto(
      await redirectSession({ logout: { clientId: CLIENT }, callbacks: { postFlowUrl: `${appOrigin}/bye` } }),
    );
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    // Showing the sign-out page keeps the session.
    expect(await ssoCookie()).toMatchObject({ value: expect.stringMatching(/^[\w-]{43}$/), httpOnly: true });
    await Promise.all([page.waitForURL(`${appOrigin}/bye`), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(await ssoCookie()).toBeUndefined();
    expect(cspErrors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    // Signed out for real: a silent sign-in now answers login_required.
    await page.goto(
      await redirectSession({ auth: { authRequest: { ...authRequest, state: 'after-logout' }, prompt: 'none' } }),
    );
    await page.waitForURL(`${appOrigin}/callback**`);
    expect(new URLSearchParams(new URL(page.url()).hash.slice(1)).get('error')).toBe('login_required');
    await context.close();
  });
});
