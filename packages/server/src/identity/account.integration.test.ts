import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeSessionToken } from '../sessions/session-tokens.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

const API_KEY = 'backend-key-0123456789-abcdefghij';
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'backend', key: API_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function signedIn(password = 'first password 1') {
  const email = unique('acct');
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password, profile: { firstName: 'Grace' } },
  });
  const memberId = reg.body.identity.id as string;
  const open = () =>
    server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
  return { email, memberId, sessionToken: reg.body.sessionToken as string, a: await open(), b: await open() };
}

describe('session tokens', () => {
  it('are single use, also under concurrency, and record the visitor', async () => {
    const m = await signedIn();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.ctx.db.transaction((tx) => consumeSessionToken(tx, server.siteId, m.sessionToken)),
      ),
    );
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.memberId).toBe(m.memberId);
    expect(winners[0]!.visitorId).toMatch(/.+/);
    expect(await consumeSessionToken(server.ctx.db, 'other-site', m.sessionToken)).toBeNull();
    expect(await consumeSessionToken(server.ctx.db, server.siteId, 'x'.repeat(43))).toBeNull();
  });

  it('expire after a few minutes', async () => {
    const m = await signedIn();
    expect(
      await consumeSessionToken(server.ctx.db, server.siteId, m.sessionToken, Date.now() + 6 * 60 * 1000),
    ).toBeNull();
  });
});

describe('change password', () => {
  it('needs a member token, validates, ends the other sessions but not this one', async () => {
    const m = await signedIn();
    expect(
      (
        await call('POST', '/_api/iam/authentication/v2/change-password', {
          token: visitor,
          body: { newPassword: 'second password 2' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await call('POST', '/_api/iam/authentication/v2/change-password', {
          body: { newPassword: 'second password 2' },
        })
      ).status,
    ).toBe(401);
    const short = await call('POST', '/_api/iam/authentication/v2/change-password', {
      token: m.a.accessToken,
      body: { newPassword: 'short' },
    });
    expect(short.body.details.validationError.fieldViolations[0].field).toBe('newPassword');
    const wrongCurrent = await call('POST', '/_api/iam/authentication/v2/change-password', {
      token: m.a.accessToken,
      body: { newPassword: 'second password 2', currentPassword: 'nope nope nope' },
    });
    expect(wrongCurrent.body.details.applicationError.code).toBe('-19976');
    // The current password proves who is asking; without it only a sign-in of the last 10 minutes
    // would do (audit F-6, reauthentication.test.ts).
    const ok = await call('POST', '/_api/iam/authentication/v2/change-password', {
      token: m.a.accessToken,
      body: { newPassword: 'second password 2', currentPassword: 'first password 1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({});
    expect((await call('GET', '/_api/members/v1/members/my', { token: m.a.accessToken })).status).toBe(200);
    expect((await call('GET', '/_api/members/v1/members/my', { token: m.b.accessToken })).status).toBe(401);
    const login = (password: string) =>
      call('POST', '/_api/iam/authentication/v2/login', {
        token: visitor,
        body: { loginId: { email: m.email }, password },
      });
    expect((await login('first password 1')).body.details.applicationError.code).toBe('-19976');
    expect((await login('second password 2')).body.state).toBe('SUCCESS');
    const mails = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(m.email)}`);
    expect(mails.body.messages[0].subject).toContain('password was changed');
  });
});

describe('sign-on', () => {
  const signOn = (body: unknown, authorization?: string) =>
    call('POST', '/_api/iam/authentication/v2/sign-on', { token: authorization, body });

  it('finds or creates the member with the site API key and answers {sessionToken, identity}', async () => {
    const email = unique('sso');
    const auth = `${visitor},${API_KEY}`;
    const created = await signOn({ loginId: { email }, profile: { firstName: 'Ext' }, verifyEmail: true }, auth);
    expect(created.status).toBe(200);
    expect(created.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.identity).toMatchObject({
      email: { address: email, isVerified: true },
      identityProfile: { firstName: 'Ext' },
    });
    const again = await signOn({ loginId: { email: email.toUpperCase() } }, auth);
    expect(again.body.identity.id).toBe(created.body.identity.id);
    // a password login is not possible for a member created without a password; the answer is the
    // wrong-password one, so it does not tell such accounts apart from unknown addresses (audit F-10)
    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'anything at all' },
    });
    expect(login.body.details.applicationError.code).toBe('-19976');
  });

  it('refuses without a valid API key and validates the body', async () => {
    expect((await signOn({ loginId: { email: unique('x') } }, visitor)).status).toBe(401);
    expect((await signOn({ loginId: { email: unique('x') } }, `${visitor},wrong-key`)).status).toBe(401);
    expect((await signOn({ loginId: { email: unique('x') } })).status).toBe(401);
    const bad = await signOn({ loginId: { email: 'bad' } }, `${visitor},${API_KEY}`);
    expect(bad.body.details.validationError.fieldViolations[0].data.type).toBe('EMAIL');
  });
});

describe('logout', () => {
  it('ends the session and redirects only to a registered URI', async () => {
    const m = await signedIn();
    const target = encodeURIComponent(`${server.url}/callback`);
    const evil = await call(
      'GET',
      `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent('https://evil.example/')}&clientId=${server.clientId}`,
      { token: m.a.accessToken },
    );
    expect(evil.status).toBe(400);
    expect((await call('GET', '/_api/members/v1/members/my', { token: m.a.accessToken })).status).toBe(200);
    const out = await call(
      'GET',
      `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${target}&clientId=${server.clientId}`,
      { token: m.a.accessToken },
    );
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`${server.url}/callback`);
    expect((await call('GET', '/_api/members/v1/members/my', { token: m.a.accessToken })).status).toBe(401);
    const refresh = await call('POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: server.clientId, refreshToken: m.a.refreshToken },
    });
    expect(refresh.status).toBe(400);
    // the other session is untouched; logging out twice is fine
    expect((await call('GET', '/_api/members/v1/members/my', { token: m.b.accessToken })).status).toBe(200);
    expect((await call('GET', '/_api/iam/authentication/v1/logout', { token: m.a.accessToken })).status).toBe(200);
    expect(
      (await call('GET', `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${target}&clientId=unknown`)).status,
    ).toBe(400);
  });
});

describe('my member profile', () => {
  it('reads and patches names and tagged addresses', async () => {
    const m = await signedIn();
    const me = await call('GET', '/_api/members/v1/members/my', { token: m.a.accessToken });
    expect(me.body.member).toMatchObject({
      id: m.memberId,
      loginEmail: m.email,
      status: 'ACTIVE',
      profile: { firstName: 'Grace' },
    });
    const patched = await call('PATCH', '/_api/members/v1/members/my', {
      token: m.a.accessToken,
      body: {
        profile: {
          lastName: 'Hopper',
          addresses: [{ tag: 'BILLING', address: { addressLine: '5 Navy Rd', city: 'Arlington', country: 'US' } }],
        },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.member.profile).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      addresses: [{ tag: 'BILLING', address: { city: 'Arlington' } }],
    });
    expect(patched.body.member.profile.addresses[0].id).toMatch(/.+/);
    const removed = await call('PATCH', '/_api/members/v1/members/my', {
      token: m.a.accessToken,
      body: { profile: { firstName: null } },
    });
    expect(removed.body.member.profile.firstName).toBeUndefined();
    expect(removed.body.member.profile.lastName).toBe('Hopper');
    expect(Number(removed.body.member.revision)).toBeGreaterThan(Number(me.body.member.revision));
  });

  it('rejects bad patches without writing and needs a member token', async () => {
    const m = await signedIn();
    const bad = await call('PATCH', '/_api/members/v1/members/my', {
      token: m.a.accessToken,
      body: { profile: { lastName: 'Ok', addresses: [{ tag: 'MARS' }] } },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call('GET', '/_api/members/v1/members/my', { token: m.a.accessToken })).body.member.profile.lastName,
    ).toBeUndefined();
    expect(
      (await call('PATCH', '/_api/members/v1/members/my', { token: m.a.accessToken, body: { profile: 'x' } })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', '/_api/members/v1/members/my', {
          token: m.a.accessToken,
          body: { profile: { firstName: 'x'.repeat(10_000) } },
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', '/_api/members/v1/members/my', { token: visitor })).status).toBe(401);
    expect((await call('GET', '/_api/members/v1/members/my')).status).toBe(401);
  });
});
