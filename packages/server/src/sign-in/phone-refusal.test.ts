import { describe, expect, it } from 'vitest';
import { appError } from '../errors/catalogue.js';
import { phoneRefusal } from './mfa-step.js';

describe("the hosted second step's phone refusals name their cause", () => {
  it('tells a country the site does not serve from too many codes, and a site without phone codes from a failure', () => {
    expect(phoneRefusal(appError('PHONE_LIMIT_REACHED', { status: 400, data: { limit: 'country' } }))).toBe(
      'error.phoneCountry',
    );
    expect(phoneRefusal(appError('PHONE_LIMIT_REACHED', { data: { limit: 'member' } }))).toBe('error.phoneLimit');
    expect(phoneRefusal(appError('PHONE_RESEND_TOO_SOON'))).toBe('error.phoneTooSoon');
    expect(phoneRefusal(appError('PHONE_DELIVERY_FAILED'))).toBe('error.phoneFailed');
    expect(phoneRefusal(appError('FACTOR_NOT_AVAILABLE'))).toBe('error.phoneUnavailable');
    expect(phoneRefusal(appError('FACTOR_EXISTS'))).toBeUndefined();
    expect(phoneRefusal(new Error('x'))).toBeUndefined();
  });
});
