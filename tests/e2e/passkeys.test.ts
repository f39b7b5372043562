/**
 * Passkeys (issue #14) in real headless Chromium with a virtual authenticator (DevTools protocol
 * `WebAuthn.addVirtualAuthenticator`): registered with a member token, used as the second factor of a
 * password sign-in, and as a password-free first factor with a discoverable credential.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '@vitrine/server/test-support';
import { launchChromium } from './browser.js';

const PASSWORD = 'passkey e2e pass 93';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
let clearAuthenticator: () => Promise<void>;

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
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  clearAuthenticator = async () => {
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  };
  await page.goto(`${origin}/passkey-page`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A JSON POST from the page (same origin as the API), as a storefront would send it. */
async function post(path: string, token: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return page.evaluate(
    async ({ path, token, body }) => {
      const res = await fetch(path, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.json() };
    },
    { path, token, body },
  );
}

const createPasskey = (optionsJson: string) =>
  page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(JSON.parse(json));
    const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
    return credential.toJSON();
  }, optionsJson);

const usePasskey = (optionsJson: string) =>
  page.evaluate(async (json) => {
    const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(JSON.parse(json));
    const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
    return credential.toJSON();
  }, optionsJson);

async function memberWithPasskey() {
  const visitor = (await getVisitorToken(origin, server.clientId)).access_token;
  const email = `passkey-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await post('/_api/iam/authentication/v2/register', visitor, { loginId: { email }, password: PASSWORD });
  expect(reg.body.state).toBe('SUCCESS');
  const session = await server.ctx.db.transaction((tx) => server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: reg.body.identity.id }));
  const options = await post('/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {});
  expect(options.status).toBe(200);
  expect(JSON.parse(options.body.publicKeyCredentialCreationOptionsJson).rp).toEqual({ name: expect.any(String), id: 'localhost' });
  const credential = await createPasskey(options.body.publicKeyCredentialCreationOptionsJson);
  const added = await post('/_api/iam/mfa/v1/passkeys', session.accessToken, { challengeId: options.body.challengeId, credential, name: 'Test laptop' });
  expect(added.body).toMatchObject({ factor: { factorType: 'WEBAUTHN', status: 'ACTIVE', name: 'Test laptop' }, recoveryCodes: expect.any(Array) });
  // The same registration answer cannot be used twice (its challenge is spent).
  expect((await post('/_api/iam/mfa/v1/passkeys', session.accessToken, { challengeId: options.body.challengeId, credential })).body.details.applicationError.code).toBe('WEBAUTHN_FAILED');
  return { email, visitor, memberId: reg.body.identity.id as string, credentialId: credential.id };
}

describe('passkeys in Chromium', () => {
  it('a passkey is the second step of a password sign-in; its sign counter is kept and a replayed assertion is refused', async () => {
    const member = await memberWithPasskey();
    const login = await post('/_api/iam/authentication/v2/login', member.visitor, { loginId: { email: member.email }, password: PASSWORD });
    expect(login.body).toMatchObject({ state: 'REQUIRE_MFA', requireMfaData: { availableFactors: expect.arrayContaining([{ factorType: 'WEBAUTHN', factorStatus: 'ENABLED' }]) } });
    const challenge = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, { stateToken: login.body.stateToken, webauthnData: {} });
    expect(challenge.body).toMatchObject({ state: 'MFA_CHALLENGE', mfaChallengeData: { factorType: 'WEBAUTHN', verificationChallengeData: { webauthnData: { challengeId: expect.any(String) } } } });
    const { challengeId, publicKeyCredentialRequestOptionsJson } = challenge.body.mfaChallengeData.verificationChallengeData.webauthnData;
    expect(JSON.parse(publicKeyCredentialRequestOptionsJson).allowCredentials).toEqual([expect.objectContaining({ id: member.credentialId })]);
    const assertion = await usePasskey(publicKeyCredentialRequestOptionsJson);
    const ok = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, { stateToken: login.body.stateToken, webauthnData: { challengeId, credential: assertion } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    const { rows } = await server.ctx.db.query<{ sign_count: string }>('select sign_count from mfa_factors where credential_id = $1', [member.credentialId]);
    expect(Number(rows[0]!.sign_count)).toBeGreaterThan(0);

    // The same assertion replayed against a fresh challenge of a new sign-in: refused.
    const again = await post('/_api/iam/authentication/v2/login', member.visitor, { loginId: { email: member.email }, password: PASSWORD });
    const fresh = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, { stateToken: again.body.stateToken });
    const replay = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      stateToken: again.body.stateToken,
      webauthnData: { challengeId: fresh.body.mfaChallengeData.verificationChallengeData.webauthnData.challengeId, credential: assertion },
    });
    expect(replay.body).toMatchObject({ state: 'REQUIRE_MFA', additionalData: { failure: { strValue: 'WRONG_CODE' } } });
  });

  it('password-free: a discoverable passkey signs in without a password or loginId', async () => {
    // One passkey on the authenticator, so the browser picks this member's.
    await clearAuthenticator();
    const member = await memberWithPasskey();
    const challenge = await post('/_api/iam/authentication/v2/webauthn/challenge', member.visitor, {});
    expect(challenge.body.webauthn).toMatchObject({ challengeId: expect.any(String) });
    expect(JSON.parse(challenge.body.webauthn.publicKeyCredentialRequestOptionsJson).allowCredentials ?? []).toEqual([]);
    const assertion = await usePasskey(challenge.body.webauthn.publicKeyCredentialRequestOptionsJson);
    const ok = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, { webauthnData: { challengeId: challenge.body.webauthn.challengeId, credential: assertion } });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String), identity: { id: member.memberId } });
    // A challenge is good once.
    const reused = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, { webauthnData: { challengeId: challenge.body.webauthn.challengeId, credential: assertion } });
    expect([reused.status, reused.body.details.applicationError.code]).toEqual([400, 'WEBAUTHN_FAILED']);
  });
});
