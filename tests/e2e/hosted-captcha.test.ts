/** The hosted create-account page on an altcha site, in real Chromium: the page solves the proof of work itself. */
import { createHash, randomBytes } from 'node:crypto';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './support/browser.js';

const CLIENT = 'e2e-captcha';
const REDIRECT = 'http://localhost:9/callback';
let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', captcha: 'altcha' },
      clients: [
        ...s.clients,
        {
          clientId: CLIENT,
          redirectUris: [REDIRECT],
          allowedOrigins: ['http://localhost:9'],
          refreshTokenRotation: false,
        },
      ],
    }),
  });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('browser: captcha on the hosted pages', () => {
  it('create account on an altcha site: solved in the page, then redirected with a code', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const created = await fetch(`${server.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        auth: {
          authRequest: {
            clientId: CLIENT,
            redirectUri: REDIRECT,
            codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
            codeChallengeMethod: 'S256',
            responseMode: 'query',
            responseType: 'code',
            state: 'st-1',
          },
        },
      }),
    });
    const { redirectSession } = (await created.json()) as { redirectSession: { fullUrl: string } };
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${redirectSession.fullUrl}&view=register`);
    await page.getByLabel('Email').fill(`alt${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    // The callback host does not exist: catch the navigation request instead of loading it.
    const callback = page.waitForRequest((r) => r.url().startsWith(REDIRECT), { timeout: 30_000 });
    await page.getByRole('button', { name: 'Create account' }).click();
    const url = new URL((await callback).url());
    expect(url.searchParams.get('state')).toBe('st-1');
    const tokens = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: CLIENT,
        grantType: 'authorization_code',
        code: url.searchParams.get('code'),
        codeVerifier: verifier,
        redirectUri: REDIRECT,
      }),
    });
    expect(tokens.status).toBe(200);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  }, 60_000);
});
