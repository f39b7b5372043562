import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useIpLimits } from '../../test-support/limits.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

/** Arbitrary JSON at every identity endpoint: always an envelope, never a 500. */
let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let visitor: string;
useIpLimits((limits) =>
  Object.fromEntries(Object.keys(limits).map((action) => [action, { limit: 100_000, windowSeconds: 60 }])),
);
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'required', memberApproval: 'manual', captcha: 'altcha' },
    }),
  });
  call = api(server.url);
  visitor = await visitorToken(server.url, server.clientId);
});
afterAll(() => server.close());

const POSTS = [
  '/_api/iam/authentication/v2/register',
  '/_api/iam/authentication/v2/login',
  '/_api/iam/authentication/v2/change-password',
  '/_api/iam/authentication/v2/sign-on',
  '/_api/iam/authentication/v2/validate-email',
  '/_api/iam/verification/v1/auth/verify',
  '/_api/iam/verification/v1/auth/resend',
  '/_api/iam/verification/v1/start',
  '/_api/iam/recovery/v1/send-email',
  '/_api/iam/recovery/v1/recover',
  '/_api/iam/recovery/v1/activation-email',
  '/_admin/v1/members/approve',
  '/_admin/v1/members/block',
];

// Values shaped like the real fields, and wrong in every way JSON allows.
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 3000 }),
  fc.constant('a@b.co'),
  fc.constant('x'.repeat(300)),
  fc.integer(),
  fc.constant(null),
);
const bodyArb = fc.oneof(
  fc.record(
    {
      loginId: fc.oneof(anyValue, fc.record({ email: anyValue })),
      password: anyValue,
      newPassword: anyValue,
      profile: fc.oneof(
        anyValue,
        fc.record({ firstName: anyValue, addresses: anyValue, customFields: anyValue, birthdate: anyValue }),
      ),
      captchaTokens: fc.oneof(anyValue, fc.array(fc.record({ Altcha: anyValue, Recaptcha: anyValue }))),
      code: anyValue,
      stateToken: anyValue,
      identityId: anyValue,
      target: anyValue,
      email: anyValue,
      redirect: fc.oneof(anyValue, fc.record({ url: anyValue, clientId: anyValue })),
      recoveryToken: anyValue,
      siteId: anyValue,
      emailOptions: anyValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('fuzzed identity input', () => {
  it('every endpoint answers arbitrary JSON with a 2xx or a 4xx envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...POSTS),
        bodyArb,
        fc.constantFrom(visitor, undefined, `Bearer ${server.adminKey}`),
        async (path, body, token) => {
          const res = await call('POST', path, { token, raw: JSON.stringify(body) });
          expect(res.status, `${path} ${JSON.stringify(body).slice(0, 300)} → ${res.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
          if (res.status !== 200) {
            const details = res.body?.details ?? {};
            expect(details.applicationError ?? details.validationError).toBeDefined();
            for (const v of details.validationError?.fieldViolations ?? []) expect(typeof v.data).toBe('object');
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('query strings of the GET endpoints too', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/_admin/v1/members',
          '/_api/iam/authentication/v1/logout',
          '/reset-password',
          '/_dev/mail.json',
          '/_api/members/v1/members/my',
        ),
        fc.dictionary(
          fc.constantFrom('siteId', 'status', 'limit', 'offset', 'token', 'to', 'postLogoutRedirectUri', 'clientId'),
          fc.string({ maxLength: 300 }),
        ),
        async (path, params) => {
          const qs = new URLSearchParams(params).toString();
          const res = await call('GET', `${path}?${qs}`, { token: `Bearer ${server.adminKey}` });
          expect(res.status, `${path}?${qs} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
