import { describe, expect, it } from 'vitest';
import { allocate, currencyDigits, formatMoney, percentOf, toDecimalString, toMinor } from './money.js';

describe('money in minor units', () => {
  it('knows each currency its digits', () => {
    expect([currencyDigits('EUR'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 3]);
  });

  it('turns decimals into minor units without float drift', () => {
    expect(toMinor(4.9, 'EUR')).toBe(490);
    expect(toMinor(1.005, 'USD')).toBe(101);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(toMinor(1.2345, 'KWD')).toBe(1235);
  });

  it('writes the decimal strings of the Wix wire', () => {
    expect(toDecimalString(1850, 'EUR')).toBe('18.50');
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(1850, 'JPY')).toBe('1850');
    expect(toDecimalString(-250, 'USD')).toBe('-2.50');
  });

  it('formats for people in their language', () => {
    expect(formatMoney(1850, 'USD')).toBe('$18.50');
    expect(formatMoney(1850, 'JPY')).toBe('¥1,850');
    expect(formatMoney(1850, 'EUR', 'fr')).toMatch(/^18,50\s€$/);
  });

  it('rounds percentages to whole minor units and splits amounts exactly', () => {
    expect(percentOf(1999, 20)).toBe(400);
    expect(percentOf(1000, 5.5)).toBe(55);
    const parts = allocate(100, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(parts).toEqual([34, 33, 33]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
  });
});
