import { describe, expect, it } from 'vitest';
import { formatMoney, toDecimal, toMinor } from './money.js';

describe('shop money', () => {
  it('reads what owners type into minor units of the currency', () => {
    expect(toMinor('18.5', 'EUR')).toBe(1850);
    expect(toMinor('18,50', 'EUR')).toBe(1850);
    expect(toMinor('18', 'EUR')).toBe(1800);
    expect(toMinor('0.07', 'EUR')).toBe(7);
    expect(toMinor('1850', 'JPY')).toBe(1850);
    expect(toMinor('18.5', 'JPY')).toBeUndefined();
    expect(toMinor('18.505', 'EUR')).toBeUndefined();
    expect(toMinor('-1', 'EUR')).toBeUndefined();
    expect(toMinor('', 'EUR')).toBeUndefined();
    expect(toMinor('12.345', 'KWD')).toBe(12345);
  });

  it('shows minor units as decimals of the currency', () => {
    expect(toDecimal(1850, 'EUR')).toBe('18.50');
    expect(toDecimal(1850, 'JPY')).toBe('1850');
    expect(formatMoney(1850, 'EUR')).toBe('€18.50');
    expect(formatMoney(1850, 'JPY')).toBe('¥1,850');
  });
});
