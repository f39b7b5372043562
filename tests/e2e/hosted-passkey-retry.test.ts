/**
 * A passkey the server refuses on the hosted second step (issue #14), in real headless Chromium with a
 * virtual authenticator: the member stays on the second step with a message they can act on and tries
 * again, instead of starting over at sign-in. The refusal is a real one: the server has seen a higher
 * sign counter than the authenticator now reports (what a cloned authenticator looks like); the retry
 * comes after the authenticator's counter moved past it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { type Browser, type CDPSession, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

const PASSWORD = 'hosted passkey retry 52';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;

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
  cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  }));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function post(path: string, token: string, body: unknown) {
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A member whose second factors are an authenticator app (`withTotp`) and a passkey made by this page's virtual authenticator. */
async function memberWithPasskey(withTotp: boolean) {
  const email = `hosted-retry-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await post('/_api/iam/authentication/v2/register', (await getVisitorToken(server.url, server.clientId)).access_token, { loginId: { email }, password: PASSWORD });
  const session = await server.ctx.db.transaction((tx) => server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: reg.identity.id }));
  if (withTotp) {
    const totp = await post('/_api/iam/mfa/v1/factors', session.accessToken, { factorType: 'TOTP' });
    const code = new TOTP({ secret: Secret.fromBase32(totp.totp.secret) }).generate();
    expect((await post(`/_api/iam/mfa/v1/factors/${totp.factor.factorId}/activate`, session.accessToken, { code })).factor.status).toBe('ACTIVE');
  }
  const options = await post('/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {});
  await page.goto(`${origin}/passkey-page`);
  const credential = await page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(JSON.parse(json));
    return ((await navigator.credentials.create({ publicKey })) as PublicKeyCredential).toJSON();
  }, options.publicKeyCredentialCreationOptionsJson as string);
  const added = await post('/_api/iam/mfa/v1/passkeys', session.accessToken, { challengeId: options.challengeId, credential, name: 'Retry test' });
  expect(added.factor.status).toBe('ACTIVE');
  return { email, credentialId: credential.id as string };
}

/** Puts the authenticator's copy of the passkey at `signCount` (the same key, a different counter). */
async function setAuthenticatorCounter(credentialId: string, signCount: number) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  const stored = credentials.find((c) => Buffer.from(c.credentialId, 'base64').toString('base64url') === credentialId)!;
  await cdp.send('WebAuthn.removeCredential', { authenticatorId, credentialId: stored.credentialId });
  await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: { ...stored, signCount } });
}

async function hostedSignIn(email: string) {
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
  await page.context().clearCookies();
  await page.goto(session.redirectSession.fullUrl as string);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
}

describe('a refused passkey on the hosted second step', () => {
  for (const withTotp of [false, true]) {
    it(`keeps the member on the step with "could not be verified", and a retry signs in (${withTotp ? 'with an authenticator app too' : 'passkey only'})`, async () => {
      const { email, credentialId } = await memberWithPasskey(withTotp);
      // The server saw a higher counter than the authenticator will send: the assertion is refused.
      await server.ctx.db.query('update mfa_factors set sign_count = 1000 where credential_id = $1', [credentialId]);
      await hostedSignIn(email);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.getByText('The passkey could not be verified. Try again.').waitFor();
      await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
      expect(new URL(page.url()).pathname).not.toBe('/callback');
      // Not worded as a wrong typed code.
      expect(await page.getByText('That code is not right', { exact: false }).count()).toBe(0);

      await setAuthenticatorCounter(credentialId, 5000);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await page.waitForURL(/\/callback\?.*code=/);
    });
  }
});
