/** `@vitrine/sdk/sso` against a real @vitrine/server and a real local OpenID Connect provider (issue #15). */
import { account, APP, Browser, idTokenFrom, IDP, startSso, type SsoKit } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStrategy } from '../auth/oauth-strategy.js';
import { ssoOf } from './index.js';

let sso: SsoKit;
beforeAll(async () => {
  // Claims in the ID token: loginWithIdToken signs a new shopper in (login-with-token-params reads no UserInfo).
  sso = await startSso({ provider: { claimsInIdToken: true } });
});
afterAll(() => sso?.close());

const strategy = () => OAuthStrategy({ clientId: APP.clientId, baseUrl: sso.kit.server.url });

/** Follows an SSO URL as a browser: out to the provider, its login form as `accountId`, back to Vitrine, on to the app. */
async function throughProvider(url: string, accountId: string): Promise<string> {
  const browser = new Browser();
  const start = await browser.go(url);
  expect(start.status).toBe(302);
  const atProvider = await browser.go(start.headers.get('location')!);
  const interaction = new URL(atProvider.headers.get('location')!, sso.provider.issuer).href;
  const loggedIn = await browser.go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `login=${accountId}`,
  });
  const resumed = await browser.go(new URL(loggedIn.headers.get('location')!, sso.provider.issuer).href);
  const back = await browser.go(resumed.headers.get('location')!);
  return back.headers.get('location') ?? `${back.status} ${await back.text()}`;
}

describe('@vitrine/sdk/sso', () => {
  it('providers(), then getSsoUrl → provider sign-in → code at the redirect URI → member tokens → connections (disconnecting the only way in is refused)', async () => {
    const auth = strategy();
    const sso_ = ssoOf(auth);
    expect((await sso_.providers()).providers).toContainEqual({ idpConnectionId: IDP.id, name: IDP.name });
    const oauthData = await auth.generateOAuthData(APP.redirectUri, '/account');
    const url = await sso_.getSsoUrl(IDP.id, oauthData);
    expect(url).toContain(
      `/_api/iam/authentication/v1/sso/login/${sso.kit.server.siteId}/${IDP.id}?tenantType=SITE&sessionId=`,
    );
    const id = account(sso.provider, { email: `sdk-sso-${Date.now()}@shop.test`, email_verified: true });
    const landed = await throughProvider(url, id);
    expect(landed.startsWith(APP.redirectUri)).toBe(true);
    const { code, state } = auth.parseFromUrl(landed);
    auth.setTokens(await auth.getMemberTokens(code, state, oauthData));
    expect(auth.loggedIn()).toBe(true);

    const mine = await sso_.connections();
    expect(mine).toMatchObject({
      connections: [{ idpConnection: { idpConnectionId: IDP.id, idpUserId: id } }],
      hasPassword: false,
    });
    await expect(sso_.disconnect(IDP.id)).rejects.toMatchObject({ code: 'LAST_SIGN_IN_METHOD' });
    // A connect flow for this member starts at the provider (the cookie binding it is set on the caller).
    const { authUrl } = await sso_.connect(IDP.id, { returnUrl: `${APP.origin}/account/sign-in-methods` });
    expect(authUrl.startsWith(sso.provider.issuer)).toBe(true);
  });

  it('loginWithIdToken: a verified token → SUCCESS with a session token; a token for another audience → FAILURE', async () => {
    const id = account(sso.provider, { email: `sdk-token-${Date.now()}@shop.test`, email_verified: true });
    // The app asks Vitrine for a nonce, then the provider for a token carrying it.
    const { nonce, expiresIn } = await ssoOf(strategy()).nonce(IDP.id);
    expect(expiresIn).toBe(600);
    const result = await ssoOf(strategy()).loginWithIdToken({
      idpConnectionId: IDP.id,
      idToken: await idTokenFrom(sso, id, { nonce }),
    });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
    const other = await ssoOf(strategy()).loginWithIdToken({
      idpConnectionId: IDP.id,
      idToken: await idTokenFrom(sso, id, { clientId: sso.provider.otherClientId }),
    });
    expect(other.loginState).toBe('FAILURE');
  });
});
