import { describe, expect, it } from 'vitest';
import { ApplicationError } from '../../errors/wire.js';
import { checkTransition, effectsOf, NEXT_STATUSES, ORDER_STATUSES } from './state.js';

describe('the order state machine', () => {
  it('moves an unpaid order to paid or cancelled, a paid one to fulfilled or cancelled, and no further', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => {
        try {
          checkTransition(from, to);
          return true;
        } catch (error) {
          expect(error).toBeInstanceOf(ApplicationError);
          return false;
        }
      }).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'AWAITING_PAYMENT->PAID',
      'AWAITING_PAYMENT->CANCELED',
      'PAID->FULFILLED',
      'PAID->CANCELED',
    ]);
    expect(NEXT_STATUSES.FULFILLED).toEqual([]);
  });

  it('says what the order may become instead', () => {
    expect(() => checkTransition('FULFILLED', 'CANCELED')).toThrow('fulfilled is final');
    expect(() => checkTransition('AWAITING_PAYMENT', 'FULFILLED')).toThrow('it can become paid or cancelled');
    expect(() => checkTransition('PAID', 'PAID')).toThrow('already paid');
  });

  it('records the payment, gives stock back only on cancelling, and ends the expiry of an unpaid order', () => {
    expect(effectsOf('AWAITING_PAYMENT', 'PAID', 'NOT_PAID')).toEqual({
      paymentStatus: 'PAID',
      releasesStock: false,
      keepsExpiry: false,
    });
    expect(effectsOf('PAID', 'CANCELED', 'PAID')).toEqual({
      paymentStatus: 'PAID',
      releasesStock: true,
      keepsExpiry: false,
    });
    expect(effectsOf('AWAITING_PAYMENT', 'CANCELED', 'NOT_PAID').releasesStock).toBe(true);
  });
});
