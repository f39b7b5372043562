import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, fragmentOf, pkce } from '../../../test-support/redirect-kit.js';
import { account, IDP, idTokenFrom, serverNonce, startSso, type SsoKit } from '../../../test-support/sso-kit.js';

let sso: SsoKit;
beforeAll(async () => {
  // A native app's ID token carries the email (Google, Apple): login-with-token-params has no UserInfo to read.
  sso = await startSso({ provider: { claimsInIdToken: true } });
});
afterAll(async () => {
  await sso?.close();
});

const PATH = '/_api/iam/authentication/v1/sso/login-with-token-params';

async function loginWithIdToken(idToken: string, nonce?: string, token?: string) {
  const visitor = token ?? (await sso.kit.visitor()).access_token;
  const res = await sso.kit.post(
    PATH,
    { idpConnectionId: IDP.id, tokenParams: { idToken, ...(nonce ? { nonce } : {}) } },
    visitor ? { authorization: visitor } : {},
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('login-with-token-params (an ID token a native app got from the provider)', () => {
  it('verifies the token against the provider and answers SUCCESS with a session token; the redirect session continues with it', async () => {
    const email = `native-${Date.now()}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true });
    const nonce = await serverNonce(sso);
    const { status, body } = await loginWithIdToken(await idTokenFrom(sso, id, { nonce }), nonce);
    expect(status).toBe(200);
    expect(body.state).toBe('SUCCESS');
    expect(body.identity.connections).toEqual([{ idpConnection: { idpConnectionId: IDP.id, idpUserId: id } }]);

    // GET /v1/callback?state=<redirect session>&sessionToken= ends at the client as the authorize page does.
    const p = pkce();
    const { body: rs } = await sso.kit.redirectSession(sso.kit.authRequest(p), (await sso.kit.visitor()).access_token);
    const url = `${sso.kit.server.url}/_api/iam/authentication/v1/callback?${new URLSearchParams({ state: rs.redirectSession.id, sessionToken: body.sessionToken })}`;
    const done = await fetch(url, { redirect: 'manual' });
    expect(done.status).toBe(302);
    const code = fragmentOf(done.headers.get('location')).get('code');
    const tokens = await sso.kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri });
    expect(tokens.status).toBe(200);
    // The session token was single use.
    const replay = await fetch(url, { redirect: 'manual' });
    expect(replay.status).toBe(400);
  });

  it('refuses a nonce that does not match the token', async () => {
    const id = account(sso.provider, { email: `nonce-${Date.now()}@shop.test`, email_verified: true });
    const token = await idTokenFrom(sso, id, { nonce: await serverNonce(sso) });
    const wrong = await loginWithIdToken(token, 'another-nonce');
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
    // The server issued the token's nonce and checks it itself: the app need not repeat it (audit S-9).
    expect((await loginWithIdToken(token)).status).toBe(200);
  });

  it('refuses an ID token issued to another client (audience)', async () => {
    const id = account(sso.provider, { email: `aud-${Date.now()}@shop.test`, email_verified: true });
    const token = await idTokenFrom(sso, id, { clientId: sso.provider.otherClientId });
    const { status, body } = await loginWithIdToken(token);
    expect(status).toBe(400);
    expect(body.details.applicationError.code).toBe('INVALID_ID_TOKEN');
    expect(body.message).toContain('aud');
  });

  it('refuses a forged token (signature) and a token without a visitor token', async () => {
    const id = account(sso.provider, { email: `forged-${Date.now()}@shop.test`, email_verified: true });
    const token = await idTokenFrom(sso, id);
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${token.split('.')[2]}`;
    expect((await loginWithIdToken(forged)).status).toBe(400);
    expect((await loginWithIdToken(token, undefined, '')).status).toBe(401);
  });

  it('answers account-exists (409) for an unverified address of an existing member', async () => {
    const email = `exists-${Date.now()}@shop.test`;
    await sso.kit.post(
      '/_api/iam/authentication/v2/register',
      { loginId: { email }, password: 'correct horse battery' },
      { authorization: (await sso.kit.visitor()).access_token },
    );
    const id = account(sso.provider, { email, email_verified: false });
    const { status, body } = await loginWithIdToken(await idTokenFrom(sso, id));
    expect(status).toBe(409);
    expect(body.details.applicationError.code).toBe('SSO_ACCOUNT_EXISTS');
  });

  it('lets a member disconnect a provider only when another way to sign in remains', async () => {
    const email = `only-${Date.now()}@shop.test`;
    const id = account(sso.provider, { email, email_verified: true });
    const { body } = await loginWithIdToken(await idTokenFrom(sso, id));
    const p = pkce();
    const { body: rs } = await sso.kit.redirectSession(
      sso.kit.authRequest({ ...p }, { sessionToken: body.sessionToken }, 'none'),
      (await sso.kit.visitor()).access_token,
    );
    const page = await fetch(rs.redirectSession.fullUrl, { redirect: 'manual' });
    const code = fragmentOf(page.headers.get('location')).get('code');
    const tokens = (await (
      await sso.kit.exchange({ code, codeVerifier: p.verifier, redirectUri: APP.redirectUri })
    ).json()) as { access_token: string };
    const base = `${sso.kit.server.url}/_api/iam/authentication/v1/sso/connections`;
    const listed = (await (await fetch(base, { headers: { authorization: tokens.access_token } })).json()) as {
      connections: unknown[];
      hasPassword: boolean;
    };
    expect(listed).toMatchObject({
      connections: [{ idpConnection: { idpConnectionId: IDP.id, idpUserId: id } }],
      hasPassword: false,
    });
    const refused = await fetch(`${base}/${IDP.id}`, {
      method: 'DELETE',
      headers: { authorization: tokens.access_token },
    });
    expect(refused.status).toBe(409);
    await sso.kit.server.ctx.db.query("update members set password_hash = 'set-elsewhere' where email_key = $1", [
      email,
    ]);
    const allowed = await fetch(`${base}/${IDP.id}`, {
      method: 'DELETE',
      headers: { authorization: tokens.access_token },
    });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ connections: [] });
  });
});
