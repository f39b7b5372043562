/**
 * Passkeys (issue #14) in real headless Chromium with a virtual authenticator (DevTools protocol
 * `WebAuthn.addVirtualAuthenticator`): registered with a member token, used as the second factor of a
 * password sign-in, and as a password-free first factor with a discoverable credential.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, type TestServer } from '@vitrine/server/test-support';
import { addVirtualAuthenticator, createPasskeyInPage, launchChromium, usePasskeyInPage } from './support/browser.js';
import { expectConsoleMessage } from './support/console-guard.js';
import { BLANK_PAGE, startPasskeyServer } from './support/passkey-server.js';

const PASSWORD = 'passkey e2e pass 93';
let browser: Browser;
let server: TestServer;
let origin: string;
let page: Page;
let clearAuthenticator: () => Promise<void>;

beforeAll(async () => {
  ({ server, origin } = await startPasskeyServer());
  browser = await launchChromium();
  page = await browser.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  clearAuthenticator = async () => {
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  };
  await page.goto(origin + BLANK_PAGE);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A JSON POST from the page (same origin as the API), as a storefront would send it. */
async function post(
  path: string,
  token: string,
  body: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: Record<string, any> }> {
  return page.evaluate(
    async ({ path, token, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, token, body },
  );
}

async function memberWithPasskey() {
  const visitor = (await getVisitorToken(origin, server.clientId)).access_token;
  const email = `passkey-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const reg = await post('/_api/iam/authentication/v2/register', visitor, { loginId: { email }, password: PASSWORD });
  expect(reg.body.state).toBe('SUCCESS');
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, {
      siteId: server.siteId,
      clientId: server.clientId,
      memberId: reg.body.identity.id,
    }),
  );
  const options = await post('/_api/iam/mfa/v1/passkeys/registration-options', session.accessToken, {});
  expect(options.status).toBe(200);
  expect(JSON.parse(options.body.publicKeyCredentialCreationOptionsJson).rp).toEqual({
    name: expect.any(String),
    id: 'localhost',
  });
  const credential = await createPasskeyInPage(page, options.body.publicKeyCredentialCreationOptionsJson);
  const added = await post('/_api/iam/mfa/v1/passkeys', session.accessToken, {
    challengeId: options.body.challengeId,
    credential,
    name: 'Test laptop',
  });
  expect(added.body).toMatchObject({
    factor: { factorType: 'WEBAUTHN', status: 'ACTIVE', name: 'Test laptop' },
    recoveryCodes: expect.any(Array),
  });
  // The same registration answer cannot be used twice (its challenge is spent): a 400, which Chromium logs.
  expectConsoleMessage(page, { text: /status of 400/, url: /\/_api\/iam\/mfa\/v1\/passkeys$/ });
  expect(
    (
      await post('/_api/iam/mfa/v1/passkeys', session.accessToken, {
        challengeId: options.body.challengeId,
        credential,
      })
    ).body.details.applicationError.code,
  ).toBe('WEBAUTHN_FAILED');
  return { email, visitor, memberId: reg.body.identity.id as string, credentialId: credential.id };
}

describe('passkeys in Chromium', () => {
  it('a passkey is the second step of a password sign-in; its sign counter is kept and a replayed assertion is refused', async () => {
    const member = await memberWithPasskey();
    const login = await post('/_api/iam/authentication/v2/login', member.visitor, {
      loginId: { email: member.email },
      password: PASSWORD,
    });
    expect(login.body).toMatchObject({
      state: 'REQUIRE_MFA',
      requireMfaData: {
        availableFactors: expect.arrayContaining([{ factorType: 'WEBAUTHN', factorStatus: 'ENABLED' }]),
      },
    });
    const challenge = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      stateToken: login.body.stateToken,
      webauthnData: {},
    });
    expect(challenge.body).toMatchObject({
      state: 'MFA_CHALLENGE',
      mfaChallengeData: {
        factorType: 'WEBAUTHN',
        verificationChallengeData: { webauthnData: { challengeId: expect.any(String) } },
      },
    });
    const { challengeId, publicKeyCredentialRequestOptionsJson } =
      challenge.body.mfaChallengeData.verificationChallengeData.webauthnData;
    expect(JSON.parse(publicKeyCredentialRequestOptionsJson).allowCredentials).toEqual([
      expect.objectContaining({ id: member.credentialId }),
    ]);
    const assertion = await usePasskeyInPage(page, publicKeyCredentialRequestOptionsJson);
    const ok = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      stateToken: login.body.stateToken,
      webauthnData: { challengeId, credential: assertion },
    });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    const { rows } = await server.ctx.db.query<{ sign_count: string }>(
      'select sign_count from mfa_factors where credential_id = $1',
      [member.credentialId],
    );
    expect(Number(rows[0]!.sign_count)).toBeGreaterThan(0);

    // The same assertion replayed against a fresh challenge of a new sign-in: refused.
    const again = await post('/_api/iam/authentication/v2/login', member.visitor, {
      loginId: { email: member.email },
      password: PASSWORD,
    });
    const fresh = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      stateToken: again.body.stateToken,
    });
    const replay = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      stateToken: again.body.stateToken,
      webauthnData: {
        challengeId: fresh.body.mfaChallengeData.verificationChallengeData.webauthnData.challengeId,
        credential: assertion,
      },
    });
    expect(replay.body).toMatchObject({
      state: 'REQUIRE_MFA',
      additionalData: { failure: { strValue: 'WRONG_CODE' } },
    });
  });

  it('password-free: a discoverable passkey signs in without a password or loginId', async () => {
    // One passkey on the authenticator, so the browser picks this member's.
    await clearAuthenticator();
    const member = await memberWithPasskey();
    const challenge = await post('/_api/iam/authentication/v2/webauthn/challenge', member.visitor, {});
    expect(challenge.body.webauthn).toMatchObject({ challengeId: expect.any(String) });
    expect(JSON.parse(challenge.body.webauthn.publicKeyCredentialRequestOptionsJson).allowCredentials ?? []).toEqual(
      [],
    );
    const assertion = await usePasskeyInPage(page, challenge.body.webauthn.publicKeyCredentialRequestOptionsJson);
    const ok = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      webauthnData: { challengeId: challenge.body.webauthn.challengeId, credential: assertion },
    });
    expect(ok.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { id: member.memberId },
    });
    // A challenge is good once: the second use is a 400, which Chromium logs.
    expectConsoleMessage(page, { text: /status of 400/, url: /\/_api\/iam\/authentication\/v2\/webauthn\/verify$/ });
    const reused = await post('/_api/iam/authentication/v2/webauthn/verify', member.visitor, {
      webauthnData: { challengeId: challenge.body.webauthn.challengeId, credential: assertion },
    });
    expect([reused.status, reused.body.details.applicationError.code]).toEqual([400, 'WEBAUTHN_FAILED']);
  });
});
