import { describe, expect, it } from 'vitest';
import { mailTo, PASSWORD, startMfaServer } from '../../../test-support/mfa-kit.js';

/**
 * Under the "required" second-factor policy (issue #14), registration and the email verification step
 * answer REQUIRE_MFA with the factors to set up (REQUIRE_ACTIVATION) instead of a session token.
 */
describe('registration under "required"', () => {
  it('under "required", registration and the email verification step answer REQUIRE_MFA with REQUIRE_ACTIVATION', async () => {
    const r = await startMfaServer({ mfa: 'required', mfaFactors: ['TOTP'] });
    try {
      const email = `required-reg-${Date.now()}@example.com`;
      const answer = await r.call('POST', '/_api/iam/authentication/v2/register', {
        token: r.visitor,
        body: { loginId: { email }, password: PASSWORD },
      });
      expect(answer.body).toMatchObject({
        state: 'REQUIRE_MFA',
        requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'REQUIRE_ACTIVATION' }] },
      });
      expect(answer.body.sessionToken).toBeUndefined();
    } finally {
      await r.server.close();
    }

    const v = await startMfaServer({ mfa: 'required', mfaFactors: ['TOTP'], emailVerification: 'required' });
    try {
      const email = `required-verify-${Date.now()}@example.com`;
      const reg = await v.call('POST', '/_api/iam/authentication/v2/register', {
        token: v.visitor,
        body: { loginId: { email }, password: PASSWORD },
      });
      expect(reg.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
      const code = (await mailTo(v, email)).map((x) => /\b(\d{6})\b/.exec(x.text)?.[1]).find(Boolean)!;
      const verified = await v.call('POST', '/_api/iam/verification/v1/auth/verify', {
        token: v.visitor,
        body: { code, stateToken: reg.body.stateToken },
      });
      expect(verified.body).toMatchObject({
        state: 'REQUIRE_MFA',
        requireMfaData: { availableFactors: [{ factorType: 'TOTP', factorStatus: 'REQUIRE_ACTIVATION' }] },
      });
      expect(verified.body.sessionToken).toBeUndefined();
    } finally {
      await v.server.close();
    }
  });
});
