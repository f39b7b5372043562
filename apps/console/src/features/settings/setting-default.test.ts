import { describe, expect, it } from 'vitest';
import { defaultInWords } from './setting-default.js';

describe('a changed setting’s default in words', () => {
  it('reads each control as its owner would', () => {
    expect(defaultInWords('text', 'name', 'Started Shop')).toBe('Started Shop');
    expect(defaultInWords('number', 'shop.maxUnitsPerProduct', undefined)).toBe('not set');
    expect(defaultInWords('flag', 'graphql.introspection', false)).toBe('off');
    expect(defaultInWords('choices', 'policies.mfaFactors', ['TOTP', 'WEBAUTHN'])).toBe('Authenticator app, Passkey');
    expect(defaultInWords('lines', 'languages', ['en', 'fr'])).toBe('en, fr');
    expect(defaultInWords('lines', 'languages', [])).toBe('none');
    expect(defaultInWords('json', 'phone.limits', { perNumberPerDay: 5 })).toBe('{"perNumberPerDay":5}');
    expect(defaultInWords('json', 'x', { long: 'y'.repeat(200) })).toHaveLength(80);
  });
});
