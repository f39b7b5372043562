import { createClient, OAuthStrategy } from '@wix/sdk';
import type { TestServer } from '@vitrine/server/test-support';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * Issue #14 with the unmodified @wix/sdk: its OAuthStrategy maps any state it does not know, such as
 * REQUIRE_MFA, to `{loginState: 'FAILURE', error: 'Unknown _state'}` (docs/wire-format.md §6.3). It must do
 * exactly that and nothing worse; members without factors sign in as before; and the session token of
 * a second step finished on our verify endpoint works with the same client's getAuthUrl.
 */
const CLIENT = 'wix-mfa';
const REDIRECT = 'https://mfa-compat.test/callback';
const PASSWORD = 'compat second factor 7';

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
const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const local = async (path: string, token: string, body: unknown) => {
  const res = await routing.realFetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const totp = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function memberTokens(client: Client, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, {
    prompt: 'none',
    responseMode: 'query',
    sessionToken,
  } as AuthUrlOptions);
  const location = (await routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const { code, state } = client.auth.parseFromUrl(location, 'query');
  return client.auth.getMemberTokens(code, state, oauthData);
}

/** Registers through @wix/sdk and turns on an authenticator app with the member's fresh token. */
async function memberWithTotp(client: Client) {
  const email = uniqueEmail('wix-mfa');
  const registered = await client.auth.register({ email, password: PASSWORD });
  expect(registered.loginState).toBe('SUCCESS');
  const tokens = await memberTokens(client, (registered as { data: { sessionToken: string } }).data.sessionToken);
  const added = await local('/_api/iam/mfa/v1/factors', tokens.accessToken.value, { factorType: 'TOTP' });
  const secret = added.body.totp.secret as string;
  const activated = await local(
    `/_api/iam/mfa/v1/factors/${added.body.factor.factorId}/activate`,
    tokens.accessToken.value,
    { code: totp(secret) },
  );
  expect(activated.body.factor.status).toBe('ACTIVE');
  return { email, secret };
}

describe('unmodified @wix/sdk and second factors', () => {
  it('members without factors are unaffected', async () => {
    const client = newClient();
    const email = uniqueEmail('wix-plain');
    expect((await client.auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login).toEqual({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });

  it('login of a member with a factor → exactly FAILURE "Unknown _state"; the client keeps working', async () => {
    const client = newClient();
    const { email, secret } = await memberWithTotp(client);
    const visitorBefore = client.auth.getTokens();
    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    // Nothing worse: no tokens changed, no exception, and a wrong password still reads as one.
    expect(client.auth.getTokens()).toEqual(visitorBefore);
    const wrong = await client.auth.login({ email, password: 'not the password 1' });
    expect(wrong).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });

    // The same answer carries the second step for clients that know it: finished on /v2/totp/verify,
    // its session token signs the @wix/sdk client in.
    const visitor = client.auth.getTokens().accessToken.value;
    const raw = await local('/_api/iam/authentication/v2/login', visitor, { loginId: { email }, password: PASSWORD });
    expect(raw.body.state).toBe('REQUIRE_MFA');
    const step = await local('/_api/iam/authentication/v2/totp/verify', visitor, {
      stateToken: raw.body.stateToken,
      totpData: { code: totp(secret, Date.now() + 30_000) },
    });
    expect(step.body.state).toBe('SUCCESS');
    const tokens = await memberTokens(client, step.body.sessionToken as string);
    expect(tokens.refreshToken.role).toBe('member');
  });
});
