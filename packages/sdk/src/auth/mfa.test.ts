import { describe, expect, it } from 'vitest';
import { toLoginResult } from './login-result.js';

describe('second-step states', () => {
  it('maps REQUIRE_MFA, MFA_CHALLENGE and a remembered device', () => {
    const factors = [{ factorType: 'TOTP', factorStatus: 'ENABLED' }];
    expect(
      toLoginResult({
        state: 'REQUIRE_MFA',
        stateToken: 'T',
        requireMfaData: { availableFactors: factors, reason: 'USER_SETTINGS' },
      }),
    ).toEqual({
      loginState: 'MFA_REQUIRED',
      data: { stateToken: 'T', factors },
    });
    expect(
      toLoginResult({
        state: 'REQUIRE_MFA',
        stateToken: 'T',
        requireMfaData: { availableFactors: factors },
        additionalData: { attemptsLeft: { numValue: 3 } },
      }).data,
    ).toEqual({
      stateToken: 'T',
      factors,
      attemptsLeft: 3,
    });
    const challenge = {
      factorType: 'WEBAUTHN',
      verificationChallengeData: { webauthnData: { challengeId: 'C', publicKeyCredentialRequestOptionsJson: '{}' } },
      availableFactors: factors,
    };
    expect(toLoginResult({ state: 'MFA_CHALLENGE', stateToken: 'T', mfaChallengeData: challenge })).toEqual({
      loginState: 'MFA_REQUIRED',
      data: { stateToken: 'T', factors, challenge },
    });
    expect(
      toLoginResult({ state: 'SUCCESS', sessionToken: 'S', additionalData: { deviceToken: { strValue: 'D' } } }),
    ).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'S', deviceToken: 'D' } });
  });
});
