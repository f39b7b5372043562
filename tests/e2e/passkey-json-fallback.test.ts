/**
 * The SDK's passkey helpers in a browser without the WebAuthn Level 3 JSON helpers (issue #14): real
 * headless Chromium with a virtual authenticator, where `PublicKeyCredential.parseCreationOptionsFromJSON`,
 * `parseRequestOptionsFromJSON` and `PublicKeyCredential.prototype.toJSON` are removed first, as in
 * browsers before them. `createPasskeyCredential` / `getPasskeyCredential` (packages/sdk/src/mfa/passkeys.ts,
 * bundled for the page with esbuild) then convert the base64url fields themselves; the server accepts
 * what they build for registration, the second step and a password-free sign-in.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

const PASSWORD = 'passkey fallback pass 27';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
let helpers: string;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
declare global {
  interface Window {
    passkeys: { createPasskeyCredential(json: string): Promise<Json>; getPasskeyCredential(json: string): Promise<Json> };
  }
}

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('../../packages/sdk/src/mfa/passkeys.ts', import.meta.url))],
    bundle: true, format: 'iife', globalName: 'passkeys', write: false, logLevel: 'silent',
  });
  helpers = bundled.outputFiles[0]!.text;
  server = await startTestServer({
    site: (s) => ({ ...s, policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' } }),
    routes: (app) => app.get('/old-browser', (_request, reply) => reply.type('text/html; charset=utf-8').send('<!doctype html><title>old browser</title><h1>old browser</h1>')),
  });
  // WebAuthn refuses IP addresses as relying-party ids: the public URL (and so the RP id) is localhost.
  origin = server.url.replace('127.0.0.1', 'localhost');
  server.ctx.config.publicUrl = origin;
  browser = await launchChromium();
  page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  // Before any page script: this "browser" has WebAuthn Level 2 only.
  await page.addInitScript(() => {
    const pkc = PublicKeyCredential as unknown as Record<string, unknown>;
    delete pkc.parseCreationOptionsFromJSON;
    delete pkc.parseRequestOptionsFromJSON;
    delete (PublicKeyCredential.prototype as unknown as Record<string, unknown>).toJSON;
  });
  await page.goto(`${origin}/old-browser`);
  await page.addScriptTag({ content: helpers });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function post(path: string, token: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('passkey helpers without the WebAuthn JSON helpers', () => {
  it('the page really lacks them', async () => {
    const present = await page.evaluate(() => ({
      parseCreation: 'parseCreationOptionsFromJSON' in PublicKeyCredential,
      parseRequest: 'parseRequestOptionsFromJSON' in PublicKeyCredential,
      toJSON: 'toJSON' in PublicKeyCredential.prototype,
      helpers: typeof window.passkeys?.createPasskeyCredential,
    }));
    expect(present).toEqual({ parseCreation: false, parseRequest: false, toJSON: false, helpers: 'function' });
  });

  it('registers a passkey, answers the second step with it, and signs in password-free', async () => {
    const visitor = (await getVisitorToken(server.url, server.clientId)).access_token;
    const email = `fallback-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const reg = await post('/_api/iam/authentication/v2/register', visitor, { loginId: { email }, password: PASSWORD });
    expect(reg.body.state).toBe('SUCCESS');
    const session = await server.ctx.db.transaction((tx) => server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: reg.body.identity.id }));

    const options = await post('/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {});
    const credential = await page.evaluate((json) => window.passkeys.createPasskeyCredential(json), options.body.publicKeyCredentialCreationOptionsJson as string);
    // Built by hand: base64url fields, no padding.
    expect(credential).toMatchObject({ type: 'public-key', id: credential.rawId, response: { clientDataJSON: expect.stringMatching(/^[\w-]+$/), attestationObject: expect.stringMatching(/^[\w-]+$/) } });
    const added = await post('/_api/iam/mfa/v1/passkeys', session.accessToken, { challengeId: options.body.challengeId, credential, name: 'Old browser' });
    expect(added.body).toMatchObject({ factor: { factorType: 'WEBAUTHN', status: 'ACTIVE', name: 'Old browser' } });

    const login = await post('/_api/iam/authentication/v2/login', visitor, { loginId: { email }, password: PASSWORD });
    expect(login.body.state).toBe('REQUIRE_MFA');
    const challenge = await post('/_api/iam/authentication/v2/webauthn/verify', visitor, { stateToken: login.body.stateToken });
    const { challengeId, publicKeyCredentialRequestOptionsJson } = challenge.body.mfaChallengeData.verificationChallengeData.webauthnData;
    // allowCredentials ids arrive as base64url and must become bytes for navigator.credentials.get.
    expect(JSON.parse(publicKeyCredentialRequestOptionsJson).allowCredentials).toHaveLength(1);
    const assertion = await page.evaluate((json) => window.passkeys.getPasskeyCredential(json), publicKeyCredentialRequestOptionsJson as string);
    expect(assertion.response).toMatchObject({ authenticatorData: expect.stringMatching(/^[\w-]+$/), signature: expect.stringMatching(/^[\w-]+$/) });
    const ok = await post('/_api/iam/authentication/v2/webauthn/verify', visitor, { stateToken: login.body.stateToken, webauthnData: { challengeId, credential: assertion } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });

    const free = await post('/_api/iam/authentication/v2/webauthn/challenge', visitor, {});
    const discoverable = await page.evaluate((json) => window.passkeys.getPasskeyCredential(json), free.body.webauthn.publicKeyCredentialRequestOptionsJson as string);
    // A discoverable credential names its member in userHandle.
    expect(discoverable.response.userHandle).toMatch(/^[\w-]+$/);
    const signedIn = await post('/_api/iam/authentication/v2/webauthn/verify', visitor, { webauthnData: { challengeId: free.body.webauthn.challengeId, credential: discoverable } });
    expect(signedIn.body).toMatchObject({ state: 'SUCCESS', identity: { id: reg.body.identity.id } });
  });
});
