import { createClient, OAuthStrategy } from '@wix/sdk';
import type { TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/** The unmodified @wix/sdk through Vitrine's redirect login: session token → code → member tokens, logout, external login. */
const CLIENT = 'wix-compat';
const REDIRECT = 'https://shop.test/callback';
const API_KEY = 'compat-backend-key-0123456789abcdef';

let server: TestServer;
let routing: WixClientServer['routing'];
let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT }, (s) => ({
    ...s,
    apiKeys: [...s.apiKeys, { name: 'compat', key: API_KEY }],
  }));
  ({ server, routing } = env);
});
afterAll(() => env?.close());

const newClient = () => createClient({ auth: OAuthStrategy({ clientId: CLIENT }) });
// The runtime sends opts.sessionToken (docs/wire-format.md §4.2); this version's typings leave it out.
type AuthUrlOptions = Parameters<ReturnType<typeof newClient>['auth']['getAuthUrl']>[1];
const withSessionToken = (sessionToken: string) =>
  ({ prompt: 'none', responseMode: 'query', sessionToken }) as AuthUrlOptions;
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

async function registered(client: ReturnType<typeof newClient>) {
  const email = `wix${Date.now()}${Math.random().toString(16).slice(2, 6)}@example.com`;
  const password = 'a long enough password';
  const result = await client.auth.register({ email, password });
  expect(result.loginState).toBe('SUCCESS');
  return { email, password, sessionToken: (result as unknown as { data: { sessionToken: string } }).data.sessionToken };
}

/** getAuthUrl with prompt none + the session token, the authorize page followed by hand, then getMemberTokens. */
async function codeFlow(client: ReturnType<typeof newClient>, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(REDIRECT, 'https://shop.test/account');
  const { authUrl } = await client.auth.getAuthUrl(oauthData, withSessionToken(sessionToken));
  expect(authUrl.startsWith(`${server.url}/oauth2/authorize?`)).toBe(true);
  const page = await routing.realFetch(authUrl, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const location = page.headers.get('location')!;
  expect(location.startsWith(`${REDIRECT}?`)).toBe(true);
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  return { tokens: await client.auth.getMemberTokens(code, state, oauthData), location };
}

describe('unmodified @wix/sdk: redirect login', () => {
  it('session token → authorization code → member tokens, refreshable with the same refresh token', async () => {
    const client = newClient();
    const { sessionToken } = await registered(client);
    const { tokens } = await codeFlow(client, sessionToken);
    expect(tokens.refreshToken.role).toBe('member');
    expect(claims(tokens.accessToken.value)).toMatchObject({ role: 'member', client_id: CLIENT });
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    const again = await client.auth.renewToken(tokens.refreshToken);
    expect(claims(renewed.accessToken.value).sub).toBe(claims(tokens.accessToken.value).sub);
    expect(claims(again.accessToken.value).sub).toBe(claims(tokens.accessToken.value).sub);
    expect(routing.seen.some((r) => r.path === '/_api/redirects-api/v1/redirect-session')).toBe(true);
  });

  it('a session token works once: the second authorization answers login_required', async () => {
    const client = newClient();
    const { sessionToken } = await registered(client);
    await codeFlow(client, sessionToken);
    const oauthData = client.auth.generateOAuthData(REDIRECT);
    const { authUrl } = await client.auth.getAuthUrl(oauthData, withSessionToken(sessionToken));
    const location = (await routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
    const parsed = client.auth.parseFromUrl(location, 'query');
    expect(parsed).toMatchObject({ error: 'login_required', state: oauthData.state });
  });

  it('login (not register) gives a session token the code flow accepts too', async () => {
    const first = newClient();
    const { email, password } = await registered(first);
    const client = newClient();
    const login = await client.auth.login({ email, password });
    expect(login.loginState).toBe('SUCCESS');
    const { tokens } = await codeFlow(
      client,
      (login as unknown as { data: { sessionToken: string } }).data.sessionToken,
    );
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('logout: the logout URL ends the member session and goes back to the original URL', async () => {
    const client = newClient();
    const { sessionToken } = await registered(client);
    const { tokens } = await codeFlow(client, sessionToken);
    client.auth.setTokens(tokens);
    const { logoutUrl } = await client.auth.logout('https://shop.test/');
    expect(client.auth.loggedIn()).toBe(false);
    const res = await routing.realFetch(logoutUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.test/');
    await expect(client.auth.renewToken(tokens.refreshToken)).rejects.toThrow(/invalid_grant/);
  });

  it('logout to an address outside the client is refused', async () => {
    const client = newClient();
    await expect(client.auth.logout('https://evil.test/')).rejects.toThrow();
  });
});

describe('unmodified @wix/sdk: external login', () => {
  it('getMemberTokensForExternalLogin(memberId, apiKey)', async () => {
    const client = newClient();
    const { sessionToken } = await registered(client);
    const { tokens: memberTokens } = await codeFlow(client, sessionToken);
    const memberId = claims(memberTokens.accessToken.value).sub as string;
    const backend = newClient();
    await backend.auth.generateVisitorTokens().then((t) => backend.auth.setTokens(t));
    const tokens = await backend.auth.getMemberTokensForExternalLogin(memberId, API_KEY);
    expect(tokens.refreshToken.role).toBe('member');
    expect(claims(tokens.accessToken.value)).toMatchObject({ sub: memberId, role: 'member' });
    await expect(backend.auth.getMemberTokensForExternalLogin(memberId, 'wrong-key')).rejects.toThrow(/invalid_client/);
  });

  it('getMemberTokensForExternalLoginWithSession(email, apiKey) signs on and exchanges the session token', async () => {
    const backend = newClient();
    const email = `sso${Date.now()}@example.com`;
    const tokens = await backend.auth.getMemberTokensForExternalLoginWithSession(email, API_KEY);
    expect(tokens.refreshToken.role).toBe('member');
    expect(claims(tokens.accessToken.value).role).toBe('member');
  });
});
