import { describe, expect, it } from 'vitest';
import { changesOf, controlOf, fromDraft, toDraft } from './setting-values.js';

describe('settings form values', () => {
  it('picks a control from the config schema', () => {
    expect(controlOf({ enum: ['off', 'required'] })).toBe('choice');
    expect(controlOf({ type: 'boolean' })).toBe('flag');
    expect(controlOf({ type: 'integer', minimum: 1 })).toBe('number');
    expect(controlOf({ type: 'array', items: { type: 'string' } })).toBe('lines');
    expect(controlOf({ type: 'array', items: { enum: ['TOTP', 'EMAIL'] } })).toBe('choices');
    expect(controlOf({ type: 'string' }, true)).toBe('secret');
    expect(controlOf({ type: 'object', properties: {} })).toBe('json');
  });

  it('reads lines, numbers and JSON; an empty draft clears the value, an untouched secret sends nothing', () => {
    expect(fromDraft('lines', ' https://a.example/cb \n\nhttps://b.example/cb')).toEqual({
      value: ['https://a.example/cb', 'https://b.example/cb'],
    });
    expect(fromDraft('lines', '')).toEqual({ value: null });
    expect(fromDraft('number', '30')).toEqual({ value: 30 });
    expect(fromDraft('number', 'thirty')).toEqual({ value: 'thirty' });
    expect(fromDraft('json', '{"a": 1')).toEqual({ error: expect.stringMatching(/^is not valid JSON: .*position 7/) });
    expect(fromDraft('secret', '')).toEqual({ value: undefined });
    expect(toDraft('lines', ['en', 'fr'])).toBe('en\nfr');
  });

  it('sends only the keys that changed', () => {
    const result = changesOf([
      { key: 'policies.emailVerification', control: 'choice', initial: 'off', draft: 'required' },
      { key: 'policies.captcha', control: 'choice', initial: 'off', draft: 'off' },
      { key: 'identityProviders[a].clientSecret', control: 'secret', initial: '', draft: '' },
    ]);
    expect(result).toEqual({ changes: { 'policies.emailVerification': 'required' } });
  });
});
