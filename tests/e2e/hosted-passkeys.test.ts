/**
 * Passkeys on the hosted pages (issue #14) in real headless Chromium with a virtual authenticator:
 * **Sign in with a passkey** on the hosted sign-in page and **Use a passkey** on its second step, both
 * ending at the shop's redirect URI with an authorization code. The WebAuthn ceremony runs in the page
 * with the locally bundled @simplewebauthn/browser under the page's CSP nonce.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

const PASSWORD = 'hosted passkey pass 41';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
const cspErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } }),
    routes: (app) => app.get('/passkey-page', (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>passkeys</title><h1>passkeys</h1>')),
  });
  // WebAuthn refuses IP addresses as relying-party ids: the public URL (and so the RP id) is localhost.
  origin = server.url.replace('127.0.0.1', 'localhost');
  server.ctx.config.publicUrl = origin;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A member whose only second factor is a passkey made by this page's virtual authenticator. */
async function memberWithPasskey() {
  const email = `hosted-pk-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await post('/_api/iam/authentication/v2/register', (await getVisitorToken(server.url, server.clientId)).access_token, { loginId: { email }, password: PASSWORD });
  const session = await server.ctx.db.transaction((tx) => server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: reg.identity.id }));
  const options = await post('/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {});
  await page.goto(`${origin}/passkey-page`);
  const credential = await page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(JSON.parse(json));
    return ((await navigator.credentials.create({ publicKey })) as PublicKeyCredential).toJSON();
  }, options.publicKeyCredentialCreationOptionsJson as string);
  const added = await post('/_api/iam/mfa/v1/passkeys', session.accessToken, { challengeId: options.challengeId, credential, name: 'Hosted test' });
  expect(added.factor.status).toBe('ACTIVE');
  return { email };
}

/** The shop's hosted sign-in: a redirect session for the demo client, answered at `${origin}/callback`. */
async function hostedSignIn() {
  const verifier = randomBytes(32).toString('base64url');
  const body = {
    auth: {
      authRequest: {
        clientId: server.clientId, redirectUri: `${origin}/callback`, codeChallenge: createHash('sha256').update(verifier).digest('base64url'), codeChallengeMethod: 'S256',
        responseMode: 'query', responseType: 'code', scope: 'offline_access', state: randomBytes(16).toString('base64url'),
      },
      prompt: 'login',
    },
  };
  const session = await post('/_api/redirects-api/v1/redirect-session', (await getVisitorToken(server.url, server.clientId)).access_token, body);
  return session.redirectSession.fullUrl as string;
}

describe('hosted pages with passkeys in Chromium', () => {
  it('Sign in with a passkey on the hosted sign-in page ends at the shop with a code', async () => {
    await memberWithPasskey();
    await page.goto(await hostedSignIn());
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(/\/callback\?.*code=/);
    expect(cspErrors).toEqual([]);
  });

  it('Use a passkey answers the hosted second step after the password', async () => {
    const { email } = await memberWithPasskey();
    await page.context().clearCookies();
    await page.goto(await hostedSignIn());
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(/\/callback\?.*code=/);
    expect(cspErrors).toEqual([]);
  });

  it('a passkey answer the second step refuses keeps the member on the step to try again (not back at sign-in)', async () => {
    const { email } = await memberWithPasskey();
    await page.context().clearCookies();
    await page.goto(await hostedSignIn());
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    // The first signed answer arrives unreadable (as from a broken browser extension), then unbroken.
    let broken = 0;
    await page.route(() => true, async (route) => {
      const body = route.request().postData() ?? '';
      if (route.request().method() !== 'POST' || !body.includes('factor=WEBAUTHN') || !body.includes('action=mfa') || broken++ > 0) return route.continue();
      const form = new URLSearchParams(body);
      form.set('credential', '{"response":{}}');
      return route.continue({ postData: form.toString() });
    });
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByText('The passkey could not be verified. Try again.').waitFor();
    expect(broken).toBe(1);
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL(/\/callback\?.*code=/);
    await page.unrouteAll();
    expect(cspErrors).toEqual([]);
  });
});
