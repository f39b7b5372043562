import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMail } from '../mail/outbox.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@Example.com`;
const register = (email: string, password = 'correct horse battery', extra: Record<string, unknown> = {}) =>
  call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password, ...extra },
  });
const login = (email: string, password: string) =>
  call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body: { loginId: { email }, password } });

describe('register', () => {
  it('answers SUCCESS with a session token and the identity (profile in wire names, ISO dates)', async () => {
    const email = unique('reg');
    const res = await register(email, 'correct horse battery', {
      profile: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthdate: '1815-12-10',
        addresses: [
          { tag: 'SHIPPING', address: { addressLine: '1 Main St', city: 'London', country: 'GB', postalCode: 'N1' } },
        ],
        customFields: [{ name: 'since', value: { dateValue: '2020-01-01T00:00:00Z' } }],
        unknownField: 'dropped',
      },
      captchaTokens: [{ Recaptcha: 'x' }],
      clientMetaData: { a: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('SUCCESS');
    expect(res.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const identity = res.body.identity;
    expect(identity.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(identity.createdDate).toISOString()).toBe(identity.createdDate);
    expect(identity.email).toEqual({ address: email, isVerified: false });
    expect(identity.status).toEqual({ name: 'ACTIVE', reasons: [] });
    expect(identity.identityProfile).toMatchObject({
      firstName: 'Ada',
      birthdate: '1815-12-10',
      addresses: [{ tag: 'SHIPPING', address: { addressLine: '1 Main St', city: 'London' } }],
      customFields: [{ name: 'since', value: { dateValue: '2020-01-01T00:00:00.000Z' } }],
    });
    expect(identity.identityProfile.unknownField).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain('argon2');
  });

  it('refuses a taken email case-insensitively with -19995', async () => {
    const email = unique('dup');
    expect((await register(email)).status).toBe(200);
    const again = await register(email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.details.applicationError).toMatchObject({ code: '-19995', data: {} });
  });

  it('a malformed email is a validation error with data.type EMAIL on every path', async () => {
    for (const loginId of [
      { email: 'not-an-email' },
      { email: '' },
      {},
      'x',
      { email: 42 },
      { email: `${'a'.repeat(300)}@x.io` },
    ]) {
      const res = await call('POST', '/_api/iam/authentication/v2/register', {
        token: visitor,
        body: { loginId, password: 'long enough pw' },
      });
      expect(res.status).toBe(400);
      const violation = res.body.details.validationError.fieldViolations.find(
        (v: { field: string }) => v.field === 'loginId.email',
      );
      expect(violation.data).toEqual({ type: 'EMAIL' });
      for (const v of res.body.details.validationError.fieldViolations) expect(typeof v.data).toBe('object');
    }
  });

  it('a too short, missing, mistyped or huge password is a validation error on password', async () => {
    for (const password of ['short', undefined, 12345678, 'x'.repeat(257), ['a']]) {
      const res = await call('POST', '/_api/iam/authentication/v2/register', {
        token: visitor,
        body: { loginId: { email: unique('pw') }, password },
      });
      expect(res.status).toBe(400);
      const fields = res.body.details.validationError.fieldViolations.map(
        (v: { field: string; data: unknown }) => (expect(v.data).toBeTypeOf('object'), v.field),
      );
      expect(fields).toContain('password');
    }
    // 64 and 256 characters are accepted, unicode counted by code point
    expect((await register(unique('p64'), 'p'.repeat(64))).status).toBe(200);
    expect((await register(unique('p256'), 'q'.repeat(256))).status).toBe(200);
    expect((await register(unique('emoji'), '😀'.repeat(8))).status).toBe(200);
  });

  it('bad profiles, bodies and content are envelopes and write nothing', async () => {
    const email = unique('bad');
    const badProfile = await register(email, 'long enough pw', {
      profile: { firstName: 5, addresses: [{ tag: 'MOON' }], birthdate: '12/10/1815' },
    });
    expect(badProfile.status).toBe(400);
    const fields = badProfile.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(
      expect.arrayContaining(['profile.firstName', 'profile.addresses[0].tag', 'profile.birthdate']),
    );
    expect((await call('POST', '/_api/iam/authentication/v2/register', { token: visitor, raw: '[1,2]' })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/_api/iam/authentication/v2/register', { token: visitor, raw: '{"loginId":' })).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/_api/iam/authentication/v2/register', {
          token: visitor,
          body: { loginId: { email }, password: 'x'.repeat(100_000) },
        })
      ).status,
    ).toBe(400);
    // nothing was written for that address
    const ok = await register(email);
    expect(ok.status).toBe(200);
  });

  it('needs a token naming the site', async () => {
    const res = await call('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email: unique('anon') }, password: 'long enough pw' },
    });
    expect(res.status).toBe(401);
    expect(res.body.details.applicationError.code).toBeTypeOf('string');
    const bad = await call('POST', '/_api/iam/authentication/v2/register', { token: 'garbage.token.here', body: {} });
    expect(bad.status).toBe(401);
  });
});

describe('login', () => {
  it('logs in with any case of the email and answers SUCCESS with a fresh single-use token', async () => {
    const email = unique('login');
    await register(email, 'the right password');
    const a = await login(email.toLowerCase(), 'the right password');
    const b = await login(email.toUpperCase(), 'the right password');
    expect(a.status).toBe(200);
    expect(a.body.state).toBe('SUCCESS');
    expect(b.body.sessionToken).not.toBe(a.body.sessionToken);
  });

  it('wrong password and unknown email get the same -19976 answer in similar time', async () => {
    const email = unique('enum');
    await register(email, 'the right password');
    const t0 = performance.now();
    const wrong = await login(email, 'the wrong password');
    const t1 = performance.now();
    const unknown = await login(unique('nobody'), 'the wrong password');
    const t2 = performance.now();
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body.details.applicationError).toEqual(unknown.body.details.applicationError);
    expect(wrong.body.details.applicationError.code).toBe('-19976');
    // both verify an argon2id hash: neither is an order of magnitude faster
    expect(t2 - t1).toBeGreaterThan((t1 - t0) / 4);
  });

  it('login failures are application errors, never validation bodies', async () => {
    for (const body of [
      {},
      { loginId: { email: 'nope' }, password: 'x' },
      { loginId: { email: unique('x') } },
      { loginId: { email: unique('x') }, password: 'y'.repeat(10_000) },
    ]) {
      const res = await call('POST', '/_api/iam/authentication/v2/login', { token: visitor, body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.details.applicationError.code).toBeTypeOf('string');
    }
  });

  it('after 5 failures the account is paused for 15 minutes (no captcha on this site)', async () => {
    const email = unique('lock');
    await register(email, 'the right password');
    for (let i = 0; i < 5; i++)
      expect((await login(email, `wrong ${i} password`)).body.details.applicationError.code).toBe('-19976');
    const locked = await login(email, 'the right password');
    expect(locked.status).toBe(429);
    expect(locked.body.details.applicationError.code).toBe('TOO_MANY_FAILED_LOGINS');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // unknown addresses lock the same way, so the lockout does not reveal accounts either
    const ghost = unique('ghost');
    for (let i = 0; i < 5; i++) await login(ghost, 'whatever pw');
    expect((await login(ghost, 'whatever pw')).status).toBe(429);
  });
});

describe('mail', () => {
  it('register writes no mail when verification is off', async () => {
    const email = unique('nomail');
    await register(email);
    expect(await listMail(server.ctx.db, { to: email })).toHaveLength(0);
  });
});
