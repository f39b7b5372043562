import { describe, expect, it } from 'vitest';
import { phoneRefusal } from './phone-refusal.js';

const invalid = (field: string, ruleName: string, data: Record<string, unknown> = {}) => ({
  code: 'INVALID_ARGUMENT',
  violations: [{ field, ruleName, data }],
});

describe('phoneRefusal names the cause the server gave', () => {
  it('tells a way the site does not offer from a bad number', () => {
    expect(phoneRefusal(invalid('factorType', 'INVALID_FACTOR_TYPE'), 'SMS')).toEqual({
      cause: 'notOffered',
      way: 'SMS',
    });
    expect(phoneRefusal({ code: 'FACTOR_NOT_AVAILABLE' }, 'CALL')).toEqual({ cause: 'notOffered', way: 'CALL' });
    expect(phoneRefusal(invalid('phoneNumber', 'INVALID_PHONE'), 'SMS')).toEqual({ cause: 'format' });
  });

  it('says a phone is already on, and which countries the site serves', () => {
    expect(phoneRefusal({ code: 'FACTOR_EXISTS' }, 'SMS')).toEqual({ cause: 'exists' });
    expect(
      phoneRefusal(invalid('phoneNumber', 'PHONE_COUNTRY_NOT_ALLOWED', { allowedCountries: ['FR', 'BE'] }), 'SMS'),
    ).toEqual({ cause: 'country', countries: ['FR', 'BE'] });
    expect(phoneRefusal({ code: 'PHONE_LIMIT_REACHED', data: { limit: 'country' } }, 'SMS')).toEqual({
      cause: 'country',
      countries: [],
    });
  });

  it('keeps limits and the provider apart, and passes anything else through', () => {
    expect(phoneRefusal({ code: 'PHONE_LIMIT_REACHED', data: { limit: 'member' } }, 'SMS')).toEqual({ cause: 'limit' });
    expect(phoneRefusal({ code: 'PHONE_RESEND_TOO_SOON' }, 'SMS')).toEqual({ cause: 'tooSoon' });
    expect(phoneRefusal({ code: 'PHONE_DELIVERY_FAILED' }, 'SMS')).toEqual({ cause: 'delivery' });
    expect(phoneRefusal({ code: 'X', message: 'Boom' }, 'SMS')).toEqual({ cause: 'other', message: 'Boom' });
  });
});
