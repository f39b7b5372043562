import { createClient, OAuthStrategy } from '@wix/sdk';
import type { TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWixClientServer, type WixClientServer } from './wix-fetch.js';

/**
 * Issue #32 with the unmodified @wix/sdk: a member with a text-message factor gets the same FAILURE
 * "Unknown _state" the SDK gives any state it does not know; a client that knows the second step finishes
 * it on /v2/sms/verify with the code from the dev phone, and its session token signs the SDK client in.
 * The same for push approval: FAILURE for the SDK; /v2/push/verify pending, approved by the member's
 * signed-in session, then SUCCESS.
 */
const CLIENT = 'wix-phone';
const REDIRECT = 'https://phone-compat.test/callback';
const PASSWORD = 'compat phone factor 8';

let server: TestServer;
let routing: WixClientServer['routing'];
let env: WixClientServer;
beforeAll(async () => {
  env = await startWixClientServer({ clientId: CLIENT, redirectUri: REDIRECT }, (s) => ({
    ...s,
    phone: {
      provider: { kind: 'dev' },
      allowedCountries: [],
      limits: { perNumberPerDay: 50, perAddressPerDay: 50, perMemberPerDay: 50, perSitePerDay: 50, resendSeconds: 10 },
    },
    push: { expirySeconds: 60, placeHeader: undefined, vapid: undefined },
  }));
  ({ server, routing } = env);
});
afterAll(() => env?.close());

type Client = ReturnType<typeof newClient>;
type AuthUrlOptions = Parameters<Client['auth']['getAuthUrl']>[1];
const newClient = () => createClient({ auth: OAuthStrategy({ clientId: CLIENT }) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted shape by shape
const local = async (method: string, path: string, token?: string, body?: unknown): Promise<Record<string, any>> => {
  const res = await routing.realFetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
};
const lastCode = async (to: string) => {
  const { messages } = await local('GET', `/_dev/phone.json?to=${encodeURIComponent(to)}`);
  return /#(\d{6})$/.exec(messages[0].text as string)![1]!;
};

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

describe('unmodified @wix/sdk and phone factors', () => {
  it('login of a member with an SMS factor → exactly FAILURE "Unknown _state"; the SMS second step signs the client in', async () => {
    const client = newClient();
    const email = `wix-sms-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const number = `+3361${String(Date.now()).slice(-7)}`;
    const registered = await client.auth.register({ email, password: PASSWORD });
    const first = await memberTokens(client, (registered as { data: { sessionToken: string } }).data.sessionToken);
    const member = first.accessToken.value;
    const added = await local('POST', '/_api/iam/mfa/v1/factors', member, { factorType: 'SMS', phoneNumber: number });
    const activated = await local('POST', `/_api/iam/mfa/v1/factors/${added.factor.factorId}/activate`, member, {
      code: await lastCode(number),
    });
    expect(activated.factor.status).toBe('ACTIVE');

    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });

    const visitor = client.auth.getTokens().accessToken.value;
    const raw = await local('POST', '/_api/iam/authentication/v2/login', visitor, {
      loginId: { email },
      password: PASSWORD,
    });
    expect(raw.state).toBe('REQUIRE_MFA');
    const challenge = await local('POST', '/_api/iam/authentication/v2/sms/verify', visitor, {
      stateToken: raw.stateToken,
    });
    expect(challenge.state).toBe('MFA_CHALLENGE');
    const step = await local('POST', '/_api/iam/authentication/v2/sms/verify', visitor, {
      stateToken: raw.stateToken,
      smsData: { code: await lastCode(number) },
    });
    expect(step.state).toBe('SUCCESS');
    const tokens = await memberTokens(client, step.sessionToken as string);
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('login of a member with push approval → exactly FAILURE "Unknown _state"; the approved push step signs the client in', async () => {
    const client = newClient();
    const email = `wix-push-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const registered = await client.auth.register({ email, password: PASSWORD });
    const first = await memberTokens(client, (registered as { data: { sessionToken: string } }).data.sessionToken);
    const member = first.accessToken.value;
    const added = await local('POST', '/_api/iam/mfa/v1/factors', member, { factorType: 'PUSH' });
    expect(added.factor).toMatchObject({ factorType: 'PUSH', status: 'ACTIVE' });

    const login = await client.auth.login({ email, password: PASSWORD });
    expect(login).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });

    const visitor = client.auth.getTokens().accessToken.value;
    const raw = await local('POST', '/_api/iam/authentication/v2/login', visitor, {
      loginId: { email },
      password: PASSWORD,
    });
    const started = await local('POST', '/_api/iam/authentication/v2/push/verify', visitor, {
      stateToken: raw.stateToken,
    });
    const { transactionId, matchNumber } = started.mfaChallengeData.verificationChallengeData.pushData;
    const pending = await local('POST', '/_api/iam/authentication/v2/push/verify', visitor, {
      stateToken: raw.stateToken,
      pushData: { transactionId },
    });
    expect(pending.additionalData.pushStatus.strValue).toBe('PENDING');
    const approved = await local('POST', `/_api/iam/mfa/v1/push/transactions/${transactionId}/approve`, member, {
      number: matchNumber,
    });
    expect(approved.status).toBe('APPROVED');
    const step = await local('POST', '/_api/iam/authentication/v2/push/verify', visitor, {
      stateToken: raw.stateToken,
      pushData: { transactionId },
    });
    expect(step.state).toBe('SUCCESS');
    expect((await memberTokens(client, step.sessionToken as string)).refreshToken.role).toBe('member');
  });
});
