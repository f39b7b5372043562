import { authentication } from '@wix/identity';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { routeWixToLocal } from '../../test-support/server.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/**
 * Audit F-6 (checklist #30): changing the password needs the current password or a sign-in within the
 * last 10 minutes; a refresh is not a sign-in. The unmodified @wix/sdk, which sends only the new
 * password, still works right after signing in. The flow's other rules (a wrong current password in a fresh
 * session, the login's lock for wrong ones, audit S-2, the limit of 10 changes) are checked by calling it:
 * identity/flows/change-password.integration.test.ts.
 */
const CLIENT = 'reauth-app';
const REDIRECT = 'https://reauth.test/callback';
const MINUTE = 60_000;
let offset = 0;
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    now: () => Date.now() + offset,
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      clients: [
        ...s.clients,
        {
          clientId: CLIENT,
          redirectUris: [REDIRECT],
          allowedOrigins: ['https://reauth.test'],
          refreshTokenRotation: true,
        },
      ],
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
beforeEach(() => {
  offset = 0;
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
const PASSWORD = 'reauth first pass 1';
const change = (accessToken: string, body: Record<string, unknown>) =>
  call('POST', '/_api/iam/authentication/v2/change-password', { token: accessToken, body });
const login = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body: { loginId: { email }, password } });
const appError = (res: { body: { details?: { applicationError?: { code: string } } } }) =>
  res.body.details?.applicationError?.code;

async function signedIn() {
  const email = unique('reauth');
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: PASSWORD },
  });
  const memberId = reg.body.identity.id as string;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: CLIENT, memberId }),
  );
  return { email, memberId, ...session };
}

describe('change password: current password or a recent sign-in', () => {
  it('the unmodified @wix/sdk changes it with only the new password right after signing in', async () => {
    const routing = routeWixToLocal(server.url);
    try {
      const client = createClient({ auth: OAuthStrategy({ clientId: CLIENT }), modules: { authentication } });
      const email = unique('wix');
      const registered = await client.auth.register({ email, password: PASSWORD });
      expect(registered.loginState).toBe('SUCCESS');
      const oauthData = client.auth.generateOAuthData(REDIRECT);
      const sessionToken = (registered as { data: { sessionToken: string } }).data.sessionToken;
      const { authUrl } = await client.auth.getAuthUrl(oauthData, {
        prompt: 'none',
        responseMode: 'query',
        sessionToken,
      } as Parameters<typeof client.auth.getAuthUrl>[1]);
      const location = (await routing.realFetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
      const { code, state } = client.auth.parseFromUrl(location, 'query');
      client.auth.setTokens(await client.auth.getMemberTokens(code, state, oauthData));
      await expect(client.authentication.changePassword('changed by the wix sdk 7')).resolves.toBeUndefined();
      expect(routing.seen.filter((r) => r.path === '/_api/iam/authentication/v2/change-password')).toHaveLength(1);
      expect((await login(email, 'changed by the wix sdk 7')).body.state).toBe('SUCCESS');
      // it sent no current password: the recent sign-in was what allowed it
      const memberId = JSON.parse(
        Buffer.from(client.auth.getTokens().accessToken.value.split('.')[1]!, 'base64url').toString(),
      ).sub as string;
      const events = await server.ctx.authEvents.list(server.siteId, { memberId, type: 'password_changed' });
      expect(events).toEqual([expect.objectContaining({ outcome: 'success', detail: { via: 'recent-sign-in' } })]);
    } finally {
      routing.restore();
    }
  });

  it('a session signed in over 10 minutes ago needs the current password; a refresh does not count as a sign-in', async () => {
    const m = await signedIn();
    offset = 9 * MINUTE;
    // still recent: no current password needed
    expect((await change(m.accessToken, { newPassword: 'second reauth pass 2' })).status).toBe(200);

    offset = 11 * MINUTE;
    const refreshed = await call('POST', '/oauth2/token', {
      body: { clientId: CLIENT, grantType: 'refresh_token', refreshToken: m.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    for (const token of [m.accessToken, refreshed.body.access_token as string]) {
      const stale = await change(token, { newPassword: 'third reauth pass 3' });
      expect(stale.status).toBe(403);
      expect(appError(stale)).toBe('REAUTHENTICATION_REQUIRED');
      expect(stale.body.details.applicationError.data).toEqual({ maxAgeSeconds: 600 });
    }
    const wrong = await change(m.accessToken, {
      newPassword: 'third reauth pass 3',
      currentPassword: 'not the password',
    });
    expect(wrong.status).toBe(400);
    expect(appError(wrong)).toBe('-19976');
    const ok = await change(m.accessToken, {
      newPassword: 'third reauth pass 3',
      currentPassword: 'second reauth pass 2',
    });
    expect(ok.status).toBe(200);
    expect((await login(m.email, 'third reauth pass 3')).body.state).toBe('SUCCESS');

    const events = await server.ctx.authEvents.list(server.siteId, { memberId: m.memberId, type: 'password_changed' });
    const seen = events.map((e) => `${e.outcome}:${String(e.detail.reason ?? e.detail.via)}`).sort();
    expect(seen).toEqual([
      'failure:REAUTHENTICATION_REQUIRED',
      'failure:REAUTHENTICATION_REQUIRED',
      'failure:WRONG_CURRENT_PASSWORD',
      'success:current-password',
      'success:recent-sign-in',
    ]);
    expect(events.every((e) => e.clientId === CLIENT && typeof e.ip === 'string')).toBe(true);
    expect(JSON.stringify(events)).not.toContain('reauth pass');
  });
});
