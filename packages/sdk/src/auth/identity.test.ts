import { describe, expect, it } from 'vitest';
import { SystemError, VitrineError, toHttpError } from '../http/errors.js';
import { recorder } from '../../test-support/recorder.js';
import { createIdentity, toWireCaptchaTokens } from './identity.js';
import { toFailure, toLoginResult } from './login-result.js';

const appError = (code: string | number, description = 'boom') =>
  toHttpError(
    400,
    'Bad Request',
    { message: description, details: { applicationError: { code, description, data: {} } } },
    'R',
  );
const emailViolation = toHttpError(
  400,
  'Bad Request',
  {
    message: 'invalid',
    details: {
      validationError: {
        fieldViolations: [
          {
            field: 'loginId.email',
            description: 'must be a valid email',
            violatedRule: 'FORMAT',
            data: { type: 'EMAIL' },
          },
        ],
      },
    },
  },
  'R',
);
const otherViolation = toHttpError(
  400,
  'Bad Request',
  { details: { validationError: { fieldViolations: [{ field: 'password', description: 'too short' }] } } },
  'R',
);

describe('toLoginResult', () => {
  it('maps the server states exactly', () => {
    expect(toLoginResult({ state: 'SUCCESS', sessionToken: 'ST' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'ST' },
    });
    expect(toLoginResult({ state: 'REQUIRE_OWNER_APPROVAL' })).toEqual({ loginState: 'OWNER_APPROVAL_REQUIRED' });
    expect(toLoginResult({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'T' })).toEqual({
      loginState: 'EMAIL_VERIFICATION_REQUIRED',
      data: { stateToken: 'T' },
    });
    for (const r of [{ state: 'STATUS_CHECK' }, {}, null]) {
      expect(toLoginResult(r)).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    }
  });
});

describe('register failures', () => {
  it('uses the email violation description with invalidEmail', () => {
    expect(toFailure(emailViolation, 'register')).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid email',
      errorCode: 'invalidEmail',
    });
  });

  it('maps -19971, -19995, -19970 (as strings only)', () => {
    expect(toFailure(appError('-19971'), 'register').errorCode).toBe('missingCaptchaToken');
    expect(toFailure(appError('-19995', 'Email already exists'), 'register')).toEqual({
      loginState: 'FAILURE',
      error: 'Email already exists',
      errorCode: 'emailAlreadyExists',
    });
    expect(toFailure(appError('-19970'), 'register').errorCode).toBe('invalidCaptchaToken');
    expect(toFailure(appError(-19995), 'register')).toEqual({ loginState: 'FAILURE', error: 'boom' });
  });

  it('gives the message alone for anything else', () => {
    for (const e of [appError('-19976'), appError('-19973'), appError('X'), otherViolation]) {
      const r = toFailure(e, 'register');
      expect(r.loginState).toBe('FAILURE');
      expect(r).not.toHaveProperty('errorCode');
      expect(r.error).toBe(e.message);
    }
  });
});

describe('login failures', () => {
  it('maps the login codes', () => {
    expect(toFailure(appError('-19971'), 'login').errorCode).toBe('missingCaptchaToken');
    expect(toFailure(appError('-19970'), 'login').errorCode).toBe('invalidCaptchaToken');
    expect(toFailure(appError('-19976'), 'login').errorCode).toBe('invalidPassword');
    expect(toFailure(appError('-19973'), 'login').errorCode).toBe('resetPassword');
  });

  it('treats every other verdict as invalidEmail', () => {
    for (const e of [
      appError('-19995'),
      appError(-19976),
      appError('other'),
      toHttpError(404, 'Not Found', null, 'R'),
    ]) {
      expect(toFailure(e, 'login')).toEqual({ loginState: 'FAILURE', error: e.message, errorCode: 'invalidEmail' });
    }
    expect(toFailure(emailViolation, 'login')).toEqual({
      loginState: 'FAILURE',
      error: 'must be a valid email',
      errorCode: 'invalidEmail',
    });
  });
});

describe('second-step refusals', () => {
  it('name the phone and push refusals, with the wait; other verify errors keep the message alone', () => {
    const tooSoon = toHttpError(
      429,
      'Too Many Requests',
      {
        details: {
          applicationError: { code: 'PHONE_RESEND_TOO_SOON', description: 'wait', data: { retryAfterSeconds: 42 } },
        },
      },
      'R',
    );
    expect(toFailure(tooSoon, 'verify')).toMatchObject({ errorCode: 'PHONE_RESEND_TOO_SOON', retryAfterSeconds: 42 });
    expect(toFailure(appError('PHONE_LIMIT_REACHED'), 'verify').errorCode).toBe('PHONE_LIMIT_REACHED');
    expect(toFailure(appError('PHONE_DELIVERY_FAILED'), 'verify').errorCode).toBe('PHONE_DELIVERY_FAILED');
    expect(toFailure(appError('PUSH_DENIED'), 'verify').errorCode).toBe('PUSH_DENIED');
    expect(toFailure(appError('PUSH_DENIED'), 'login').errorCode).toBe('invalidEmail');
    expect(toFailure(appError('other'), 'verify')).toEqual({ loginState: 'FAILURE', error: 'boom' });
  });

  it('passes the resend wait of a texted code through with the challenge', () => {
    const r = toLoginResult({
      state: 'MFA_CHALLENGE',
      stateToken: 's',
      mfaChallengeData: { factorType: 'SMS', verificationChallengeData: { hint: 'h', resendAfterSeconds: 60 } },
    });
    expect(r.data?.challenge?.verificationChallengeData?.resendAfterSeconds).toBe(60);
  });
});

describe('transport failures never throw', () => {
  it('has codes of their own', () => {
    for (const flow of ['register', 'login', 'verify'] as const) {
      expect(toFailure(new SystemError(null), flow).errorCode).toBe('networkError');
      expect(toFailure(toHttpError(502, 'Bad Gateway', null, 'R'), flow)).toEqual({
        loginState: 'FAILURE',
        error: 'System error occurred, request-id: R',
        errorCode: 'unexpectedResponse',
      });
      expect(toFailure(new TypeError('x is undefined'), flow).errorCode).toBe('unexpectedResponse');
      expect(toFailure(new VitrineError('Unexpected response', 'UNEXPECTED_RESPONSE'), flow).errorCode).toBe(
        'unexpectedResponse',
      );
    }
  });
});

describe('captcha tokens', () => {
  it('serialises into one element with capitalised keys, dropping undefined', () => {
    expect(JSON.stringify(toWireCaptchaTokens({ recaptcha: 'RC', invisibleRecaptcha: 'IRC' }))).toBe(
      '[{"Recaptcha":"RC","InvisibleRecaptcha":"IRC"}]',
    );
    expect(JSON.stringify(toWireCaptchaTokens({ altcha: 'A' }))).toBe('[{"Altcha":"A"}]');
    expect(toWireCaptchaTokens(undefined)).toBeUndefined();
  });
});

describe('identity operations', () => {
  it('sends the register and login bodies of the wire contract', async () => {
    const { http, calls } = recorder([
      { state: 'SUCCESS', sessionToken: 'S1' },
      { state: 'SUCCESS', sessionToken: 'S2' },
    ]);
    const id = createIdentity(http, 'CID');
    expect(
      await id.register({
        email: 'a@b.c',
        password: 'pw',
        profile: { firstName: 'A' },
        captchaTokens: { recaptcha: 'RC' },
      }),
    ).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'S1' } });
    expect(await id.login({ email: 'a@b.c', password: 'pw' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'S2' },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/_api/iam/authentication/v2/register' });
    expect(JSON.stringify(calls[0]!.body)).toBe(
      '{"loginId":{"email":"a@b.c"},"password":"pw","captchaTokens":[{"Recaptcha":"RC"}],"profile":{"firstName":"A"}}',
    );
    expect(calls[1]!.path).toBe('/_api/iam/authentication/v2/login');
    expect(JSON.stringify(calls[1]!.body)).toBe('{"loginId":{"email":"a@b.c"},"password":"pw"}');
    // Not anonymous: the visitor token goes along so the server can link visitor → member.
    expect(calls.every((c) => !c.anonymous)).toBe(true);
  });

  it('remembers the verification state for processVerification and resend', async () => {
    const { http, calls } = recorder([
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'ST' },
      {},
      { state: 'SUCCESS', sessionToken: 'S' },
    ]);
    const id = createIdentity(http, 'CID');
    expect((await id.register({ email: 'a@b.c', password: 'pw' })).loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
    await id.resendVerificationCode();
    expect(await id.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'S' },
    });
    expect(calls[1]).toMatchObject({ path: '/_api/iam/verification/v1/auth/resend', body: { stateToken: 'ST' } });
    expect(calls[2]).toMatchObject({
      path: '/_api/iam/verification/v1/auth/verify',
      body: { code: '123456', stateToken: 'ST' },
    });
  });

  it('refuses processVerification outside EMAIL_VERIFICATION_REQUIRED without a request', async () => {
    const { http, calls } = recorder([]);
    const id = createIdentity(http, 'CID');
    expect(await id.processVerification({ verificationCode: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(await id.processVerification({ code: '1' }, { loginState: 'SUCCESS' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(calls).toHaveLength(0);
  });

  it('returns failures instead of throwing', async () => {
    const { http } = recorder([new SystemError(null), appError('-19976'), 'not an object']);
    const id = createIdentity(http, 'CID');
    expect((await id.login({ email: 'a@b.c', password: 'x' })).errorCode).toBe('networkError');
    expect((await id.login({ email: 'a@b.c', password: 'x' })).errorCode).toBe('invalidPassword');
    expect((await id.login({ email: 'a@b.c', password: 'x' })).loginState).toBe('FAILURE');
  });

  it('sends recovery and password-change bodies', async () => {
    const { http, calls } = recorder([{}, {}, {}]);
    const id = createIdentity(http, 'CID');
    await expect(id.sendPasswordResetEmail('a@b.c', 'https://shop/reset')).resolves.toBeUndefined();
    await id.changePassword('n3w');
    await id.changePassword('n3w', 'old one');
    expect(calls[0]).toMatchObject({
      path: '/_api/iam/recovery/v1/send-email',
      body: { email: 'a@b.c', redirect: { url: 'https://shop/reset', clientId: 'CID' } },
    });
    expect(calls[1]).toMatchObject({
      path: '/_api/iam/authentication/v2/change-password',
      body: { newPassword: 'n3w' },
    });
    // the current password goes along when given (audit F-6: it is what a stale session needs)
    expect(calls[2]).toMatchObject({
      path: '/_api/iam/authentication/v2/change-password',
      body: { newPassword: 'n3w', currentPassword: 'old one' },
    });
  });
});
