import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
// Small limits so the suite reaches them quickly; each action has its own bucket.
useIpLimits({
  login: { limit: 3, windowSeconds: 60 },
  register: { limit: 2, windowSeconds: 60 },
  recovery: { limit: 2, windowSeconds: 60 },
  verification: { limit: 2, windowSeconds: 60 },
});
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

const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

function expectLimited(res: Awaited<ReturnType<typeof call>>) {
  expect(res.status).toBe(429);
  expect(res.body.details.applicationError.code).toBe('TOO_MANY_REQUESTS');
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(60);
}

describe('per-IP limits', () => {
  it('login', async () => {
    const post = () =>
      call('POST', '/_api/iam/authentication/v2/login', {
        token: visitor,
        body: { loginId: { email: unique('l') }, password: 'whatever pw' },
      });
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(400);
    expectLimited(await post());
  });

  it('register (nothing is written when refused)', async () => {
    const post = (email: string) =>
      call('POST', '/_api/iam/authentication/v2/register', {
        token: visitor,
        body: { loginId: { email }, password: 'correct horse battery' },
      });
    expect((await post(unique('r'))).status).toBe(200);
    expect((await post(unique('r'))).status).toBe(200);
    const refused = unique('refused');
    expectLimited(await post(refused));
    const { rows } = await server.ctx.db.query('select 1 from members where email_key = $1', [refused]);
    expect(rows).toHaveLength(0);
  });

  it('recovery', async () => {
    const post = () =>
      call('POST', '/_api/iam/recovery/v1/send-email', { token: visitor, body: { email: unique('rec') } });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expectLimited(await post());
  });

  it('verification', async () => {
    const post = () =>
      call('POST', '/_api/iam/verification/v1/auth/verify', {
        token: visitor,
        body: { stateToken: 'x'.repeat(43), code: '123456' },
      });
    expect((await post()).status).toBe(400);
    expect((await post()).status).toBe(400);
    expectLimited(await post());
    // The second step counts in the same bucket (mfa/verify.ts) and its route answers the same 429.
    expectLimited(
      await call('POST', '/_api/iam/authentication/v2/totp/verify', {
        token: visitor,
        body: { stateToken: 'x'.repeat(43), totpData: { code: '123456' } },
      }),
    );
  });
});
