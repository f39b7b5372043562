/** The ISO 3166 table addresses are read with (countries.ts). */
import { describe, expect, it } from 'vitest';
import { ALPHA3_TO_ALPHA2, COUNTRY_CODES, toAlpha2 } from './countries.js';

describe('toAlpha2', () => {
  it('reads alpha-2 and alpha-3 codes in any case', () => {
    expect(toAlpha2('FR')).toBe('FR');
    expect(toAlpha2('fra')).toBe('FR');
    expect(toAlpha2(' GBR ')).toBe('GB');
    expect(toAlpha2('deu')).toBe('DE');
    expect(toAlpha2('ARE')).toBe('AE');
  });

  it('answers nothing for what is no ISO 3166-1 code', () => {
    for (const value of ['XX', 'XYZ', 'France', '', 'F', 'UK', 'EU']) expect(toAlpha2(value)).toBeUndefined();
  });

  it('holds the 249 countries, each alpha-3 code naming one alpha-2 code', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(ALPHA3_TO_ALPHA2.size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
  });
});
