import { createClient, OAuthStrategy } from '@wix/sdk';
import type { TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * Issue #10 §1: a phone keeps a member access token whose session was ended elsewhere. The unmodified
 * @wix/sdk never renews on a 401, so every way back in (login, register, getAuthUrl, password reset)
 * must serve that token as a signed-out caller of its site, while member-only routes keep the 401.
 */
const CLIENT = 'wix-phone';
const REDIRECT = 'https://phone.test/callback';
const PASSWORD = 'phone session pass 4821';

let server: TestServer;
let routing: WixClientServer['routing'];
let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT });
  ({ server, routing } = env);
});
afterAll(() => env?.close());

type Client = ReturnType<typeof newClient>;
type AuthUrlOptions = Parameters<Client['auth']['getAuthUrl']>[1];
const newClient = () => createClient({ auth: OAuthStrategy({ clientId: CLIENT }) });
const sessionTokenOf = (result: unknown) => (result as { data: { sessionToken: string } }).data.sessionToken;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const local = (path: string, init?: RequestInit) => routing.realFetch(`${server.url}${path}`, init);

async function codeFlow(client: Client, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  } as AuthUrlOptions);
  const location = (await routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  return { tokens: await client.auth.getMemberTokens(code, state, oauthData), code, oauthData };
}

/** A member signed in on "the phone": the client holds member tokens of one session. */
async function signedInPhone() {
  const phone = newClient();
  const email = uniqueEmail('phone');
  const registered = await phone.auth.register({ email, password: PASSWORD });
  expect(registered.loginState).toBe('SUCCESS');
  const { tokens, code, oauthData } = await codeFlow(phone, sessionTokenOf(registered));
  phone.auth.setTokens(tokens);
  return {
    phone,
    email,
    tokens,
    code,
    oauthData,
    memberId: JSON.parse(Buffer.from(tokens.accessToken.value.split('.')[1]!, 'base64url').toString()).sub as string,
  };
}

async function expectEnded(accessToken: string) {
  const me = await local('/_api/members/v1/members/my', { headers: { authorization: accessToken } });
  expect(me.status).toBe(401);
  expect((await me.json()).details.applicationError.code).toBe('INVALID_TOKEN');
}

/** Every way back in works on the same client, and the new session is a real member session. */
async function signsBackIn(phone: Client, email: string, password: string) {
  const authUrl = await phone.auth.getAuthUrl(phone.auth.generateOAuthData(REDIRECT), {
    prompt: 'login',
  } as AuthUrlOptions);
  expect(authUrl.authUrl).toContain('/oauth2/authorize?');
  await phone.auth.sendPasswordResetEmail(email, REDIRECT);
  const other = await phone.auth.register({ email: uniqueEmail('second'), password: PASSWORD });
  expect(other.loginState).toBe('SUCCESS');
  const login = await phone.auth.login({ email, password });
  expect(login.loginState).toBe('SUCCESS');
  const { tokens } = await codeFlow(phone, sessionTokenOf(login));
  const me = await local('/_api/members/v1/members/my', { headers: { authorization: tokens.accessToken.value } });
  expect(me.status).toBe(200);
  expect((await me.json()).member.loginEmail).toBe(email);
}

async function resetViaMail(email: string, password: string) {
  const visitor = newClient();
  await visitor.auth.sendPasswordResetEmail(email, REDIRECT);
  const mail = await (await local(`/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
  const link = (mail.messages as { text: string }[])
    .map((m) => /reset-password\?token=([\w-]+)/.exec(m.text)?.[1])
    .find(Boolean)!;
  const res = await local('/_api/iam/recovery/v1/recover', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ recoveryToken: link, password }),
  });
  expect(res.status).toBe(200);
}

describe('unmodified @wix/sdk: a client whose member session ended elsewhere signs in again', () => {
  it('after logout from another device (the session’s own logout URL opened elsewhere)', async () => {
    const { phone, email, tokens } = await signedInPhone();
    const res = await local(`/_api/iam/authentication/v1/logout?clientId=${CLIENT}`, {
      headers: { authorization: tokens.accessToken.value },
    });
    expect(res.status).toBe(200);
    await expectEnded(tokens.accessToken.value);
    await signsBackIn(phone, email, PASSWORD);
  });

  it('after a password change on another device', async () => {
    const { phone, email, tokens } = await signedInPhone();
    const laptop = newClient();
    const { tokens: laptopTokens } = await codeFlow(
      laptop,
      sessionTokenOf(await laptop.auth.login({ email, password: PASSWORD })),
    );
    const changed = await local('/_api/iam/authentication/v2/change-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: laptopTokens.accessToken.value },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: 'laptop chose this 9931' }),
    });
    expect(changed.status).toBe(200);
    await expectEnded(tokens.accessToken.value);
    await signsBackIn(phone, email, 'laptop chose this 9931');
  });

  it('after a password recovery', async () => {
    const { phone, email, tokens } = await signedInPhone();
    await resetViaMail(email, 'recovered pass 7719');
    await expectEnded(tokens.accessToken.value);
    await signsBackIn(phone, email, 'recovered pass 7719');
  });

  it('after the owner blocks and unblocks the member', async () => {
    const { phone, email, tokens } = await signedInPhone();
    const admin = (path: string) =>
      local(`/_admin/v1/members/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` },
        body: JSON.stringify({ siteId: server.siteId, email }),
      });
    expect((await admin('block')).status).toBe(200);
    await expectEnded(tokens.accessToken.value);
    expect((await admin('approve')).status).toBe(200);
    await signsBackIn(phone, email, PASSWORD);
  });

  it('after its authorization code was replayed (the replay revokes what the code issued)', async () => {
    const { phone, email, tokens, code, oauthData } = await signedInPhone();
    const replay = await local('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: CLIENT,
        grantType: 'authorization_code',
        code,
        codeVerifier: oauthData.codeVerifier,
        redirectUri: REDIRECT,
      }),
    });
    expect(replay.status).toBe(400);
    await expectEnded(tokens.accessToken.value);
    await signsBackIn(phone, email, PASSWORD);
  });
});

describe('an ended session is signed out, not a member, and other bad tokens stay 401', () => {
  it('reads public data as its own site, owns nothing, and gets 401 where the member is needed', async () => {
    const { tokens } = await signedInPhone();
    await local(`/_api/iam/authentication/v1/logout?clientId=${CLIENT}`, {
      headers: { authorization: tokens.accessToken.value },
    });
    const auth = { 'content-type': 'application/json', authorization: tokens.accessToken.value };
    const products = await local('/wix-data/v2/items/query', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ dataCollectionId: 'Products', query: {} }),
    });
    expect(products.status).toBe(200);
    expect((await products.json()).dataItems.length).toBeGreaterThan(0);
    const orders = await local('/ecom/v1/orders/search', { method: 'POST', headers: auth, body: '{}' });
    expect(orders.status).toBe(401);
    const change = await local('/_api/iam/authentication/v2/change-password', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ newPassword: 'whatever it is 1234' }),
    });
    expect(change.status).toBe(401);
    const memberId = JSON.parse(Buffer.from(tokens.accessToken.value.split('.')[1]!, 'base64url').toString()).sub;
    const start = await local('/_api/iam/verification/v1/start', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ identityId: memberId, target: 'EMAIL' }),
    });
    expect(start.status).toBe(401);
  });

  it('a forged, expired or foreign token is still refused on login', async () => {
    const { tokens, email } = await signedInPhone();
    const [h, p, sig] = tokens.accessToken.value.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, site: 'other' })).toString('base64url')}.${sig}`;
    const foreign = `${h}.${Buffer.from(JSON.stringify({ ...claims, client_id: 'nope', aud: 'nope' })).toString('base64url')}.${sig}`;
    for (const token of [forged, foreign, 'garbage.token.value']) {
      const res = await local('/_api/iam/authentication/v2/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ loginId: { email }, password: PASSWORD }),
      });
      expect(res.status).toBe(401);
    }
  });
});
