import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors/wire.js';
import { readDiscountInput } from './input.js';
import type { StoredDiscount } from './store.js';

const field = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).violations[0]!.field;
  }
  throw new Error('accepted');
};

describe('discount codes as the admin API takes them', () => {
  it('keeps codes in capitals and defaults what a new code leaves out', () => {
    expect(readDiscountInput({ code: ' welcome10 ', kind: 'percentage', value: 10 })).toEqual({
      code: 'WELCOME10',
      kind: 'percentage',
      value: 10,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      active: true,
    });
  });

  it('refuses what cannot be a discount', () => {
    expect(field(() => readDiscountInput({ kind: 'percentage', value: 10 }))).toBe('code');
    expect(field(() => readDiscountInput({ code: 'TWO WORDS', kind: 'amount', value: 10 }))).toBe('code');
    expect(field(() => readDiscountInput({ code: 'X', kind: 'bogof', value: 10 }))).toBe('kind');
    expect(field(() => readDiscountInput({ code: 'X', kind: 'percentage', value: 150 }))).toBe('value');
    expect(field(() => readDiscountInput({ code: 'X', kind: 'amount', value: 9.99 }))).toBe('value');
    const dates = {
      code: 'X',
      kind: 'amount',
      value: 500,
      startsAt: '2025-07-01T00:00:00Z',
      endsAt: '2025-06-01T00:00:00Z',
    };
    expect(field(() => readDiscountInput(dates))).toBe('endsAt');
    expect(field(() => readDiscountInput({ code: 'X', kind: 'amount', value: 5, usageLimit: 0 }))).toBe('usageLimit');
  });

  it('changes only what an update names', () => {
    const current: StoredDiscount = {
      id: 'd1',
      code: 'SUMMER',
      kind: 'amount',
      value: 500,
      minSubtotal: 2000,
      startsAt: null,
      endsAt: new Date('2025-09-01T00:00:00Z'),
      usageLimit: 100,
      used: 7,
      active: true,
      createdAt: new Date(),
    };
    expect(readDiscountInput({ active: false, usageLimit: null }, current)).toMatchObject({
      code: 'SUMMER',
      value: 500,
      minSubtotal: 2000,
      endsAt: current.endsAt,
      usageLimit: null,
      active: false,
    });
  });
});
