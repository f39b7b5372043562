import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, withPageTexts } from '../../i18n/i18n.js';
import { describeFailure, MESSAGES, plainMessage, safeReturnTo } from './auth-errors.js';

// The sentences come from the English catalog (the part lazy pages load).
beforeAll(async () => {
  await activateLanguage('en');
  await withPageTexts(async () => undefined)();
});

describe('auth error sentences', () => {
  it('gives every error code of the seed a sentence next to the field it concerns', () => {
    const cases = [
      ['login', 'invalidEmail', 'email', MESSAGES.invalidEmailLogin],
      ['register', 'invalidEmail', 'email', MESSAGES.invalidEmailRegister],
      ['register', 'emailAlreadyExists', 'email', MESSAGES.emailAlreadyExists],
      ['login', 'invalidPassword', 'password', MESSAGES.invalidPassword],
      ['login', 'resetPassword', 'password', MESSAGES.resetPassword],
      ['login', 'missingCaptchaToken', 'form', MESSAGES.missingCaptchaToken],
      ['register', 'invalidCaptchaToken', 'form', MESSAGES.invalidCaptchaToken],
      ['login', 'networkError', 'form', MESSAGES.networkError],
      ['register', 'unexpectedResponse', 'form', MESSAGES.unexpectedResponse],
    ] as const;
    for (const [flow, errorCode, field, message] of cases) {
      expect(describeFailure({ loginState: 'FAILURE', errorCode, error: 'x' }, flow), `${flow} ${errorCode}`).toEqual({
        field,
        message,
      });
    }
    // Every sentence is a full sentence, not a code.
    for (const text of Object.values(MESSAGES)) expect(text).toMatch(/^[A-Z“].*[.!]$/);
  });

  it('explains blocked accounts, throttling and wrong codes', () => {
    expect(
      describeFailure(
        { loginState: 'FAILURE', errorCode: 'invalidEmail', error: 'This account is blocked; contact the site owner' },
        'login',
      ),
    ).toEqual({
      field: 'form',
      message: MESSAGES.blocked,
    });
    expect(
      describeFailure(
        { loginState: 'FAILURE', errorCode: 'invalidEmail', error: '{"message":"Too many requests, try again later"}' },
        'login',
      ).message,
    ).toBe(MESSAGES.tooManyAttempts);
    expect(describeFailure({ loginState: 'FAILURE', error: 'VERIFICATION_FAILED' }, 'verify')).toEqual({
      field: 'code',
      message: MESSAGES.wrongCode,
    });
    expect(
      describeFailure(
        {
          loginState: 'FAILURE',
          error: '{"message":"INVALID_ARGUMENT: \\"password\\" must be at least 8 characters"}',
        },
        'register',
      ),
    ).toEqual({
      field: 'password',
      message: MESSAGES.weakPassword,
    });
  });

  it('reads JSON error strings and keeps plain text', () => {
    expect(plainMessage('{"message":"Nope","details":{}}')).toBe('Nope');
    expect(plainMessage('plain')).toBe('plain');
    expect(plainMessage(undefined)).toBe('');
  });

  it('follows only same-site return paths', () => {
    expect(safeReturnTo('/checkout')).toBe('/checkout');
    expect(safeReturnTo('//evil.example/x')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo(null, '/account')).toBe('/account');
  });
});
