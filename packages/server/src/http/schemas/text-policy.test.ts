/** The character policies of text-policy.ts on their own (the HTTP side: text-policy.integration.test.ts). */
import { describe, expect, it } from 'vitest';
import { findForbidden, forbiddenIn } from './text-policy.js';

describe('forbiddenIn', () => {
  it.each([
    ['a\u0000b', 'any', 'U+0000'],
    ['lone \uD800 high', 'any', 'U+D800'],
    ['lone \uDC00 low', 'any', 'U+DC00'],
    ['swapped \uDC00\uD800', 'any', 'U+DC00'],
    ['emoji \uD83D\uDE00 is a pair', 'line', undefined],
    ['tab\tand\nbreaks\r', 'multiline', undefined],
    ['tab\t', 'line', 'U+0009'],
    ['bell\u0007', 'multiline', 'U+0007'],
    ['bell\u0007', 'any', undefined],
    ['next line \u0085', 'line', 'U+0085'],
    ['delete \u007F', 'line', 'U+007F'],
    ['no-break space \u00A0 and \u202E', 'line', undefined],
  ] as const)('%j under %s → %s', (value, policy, expected) => {
    expect(forbiddenIn(value, policy)).toBe(expected);
  });
});

describe('findForbidden', () => {
  it('names the path of the value or key that holds the character', () => {
    expect(findForbidden({ a: [1, 'x', { b: 'y\u0000' }] }, 'any')).toEqual({
      path: ['a', '2', 'b'],
      codePoint: 'U+0000',
    });
    expect(findForbidden({ 'k\u0000': 1 }, 'any')).toEqual({ path: ['k\u0000'], codePoint: 'U+0000' });
    expect(findForbidden({ a: 'multi\nline', b: [true, null, 3] }, 'any')).toBeUndefined();
  });

  it('under json, decodes JSON text and checks what it holds', () => {
    const credential = JSON.stringify({ id: 'a\u0000' });
    expect(credential).not.toContain('\u0000');
    expect(findForbidden({ credential }, 'json')).toEqual({ path: ['credential', 'id'], codePoint: 'U+0000' });
    expect(findForbidden({ credential }, 'any')).toBeUndefined();
    expect(findForbidden('not json \\u0000', 'json')).toBeUndefined();
  });
});
