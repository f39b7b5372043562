/** `sites[].policies`, `sites[].tokens` and `sites[].sessions`. */
import { Type } from 'typebox';
import { Choice, HttpUrl, List, OPERATOR_ONLY, Optional, SecretText, Strict, WholeNumber } from './common.js';

export const MFA_FACTORS = ['TOTP', 'EMAIL', 'WEBAUTHN', 'SMS', 'CALL', 'PUSH'] as const;

export const PoliciesSchema = Strict(
  {
    emailVerification: Optional(Choice(['off', 'required'])),
    memberApproval: Optional(Choice(['auto', 'manual'])),
    captcha: Optional(Choice(['off', 'altcha', 'recaptcha'])),
    recaptcha: Optional(
      Strict(
        // verifyUrl is where the secret is sent (tests point it at a fake): the config file's alone.
        { secret: SecretText(), verifyUrl: Optional(HttpUrl(OPERATOR_ONLY)) },
        { 'x-required': 'is required when captcha is "recaptcha" ({ "secret", "verifyUrl" })' },
      ),
    ),
    mfa: Optional(Choice(['off', 'optional', 'required'])),
    mfaFactors: Optional(List(Choice(MFA_FACTORS))),
  },
  { if: { properties: { captcha: { const: 'recaptcha' } }, required: ['captcha'] }, then: { required: ['recaptcha'] } },
);

export const TokensSchema = Strict({
  accessTokenTtl: Optional(WholeNumber(60, 86_400)),
  visitorRefreshTtl: Optional(WholeNumber(3600, 400 * 86_400)),
  memberSessionTtl: Optional(WholeNumber(3600, 400 * 86_400)),
});

/** idleDays may not exceed the absolute lifetime, which another key sets: sites.ts checks its range. */
export const SessionsSchema = Strict({
  absoluteDays: Optional(WholeNumber(1, 400)),
  idleDays: Optional(Type.Integer({ minimum: 0, maximum: 400, 'x-checked-in-code': true })),
});
