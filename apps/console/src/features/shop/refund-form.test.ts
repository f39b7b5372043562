import { describe, expect, it } from 'vitest';
import type { OrderPayment, OrderRefund } from '../../api/types.js';
import {
  attemptFor,
  checkRefund,
  keptAfter,
  lostAnswerMessage,
  newRefundKey,
  refundOutcome,
  refundRoom,
} from './refund-form.js';

const payment = (patch: Partial<OrderPayment>): OrderPayment => ({
  id: 'pay-1',
  provider: 'dev',
  method: null,
  status: 'succeeded',
  amount: 4350,
  currency: 'EUR',
  refundedAmount: 0,
  providerReference: 'devpay_1',
  chargeReference: null,
  failure: null,
  createdDate: '2026-12-01T10:00:00.000Z',
  completedDate: '2026-12-01T10:01:00.000Z',
  ...patch,
});
const refund = (patch: Partial<OrderRefund>): OrderRefund => ({
  id: 're-1',
  paymentId: 'pay-1',
  amount: 700,
  currency: 'EUR',
  status: 'succeeded',
  reason: null,
  actor: 'owner:1',
  createdDate: '2026-12-01T11:00:00.000Z',
  ...patch,
});

describe('what one refund may give back', () => {
  it('is what was paid less what was refunded and what is being refunded', () => {
    const room = refundRoom({
      payments: [payment({ refundedAmount: 700 })],
      refunds: [refund({}), refund({ id: 're-2', amount: 300, status: 'pending' }), refund({ status: 'failed' })],
    });
    expect(room).toEqual({ paid: 4350, refunded: 700, underWay: 300, left: 3350, provider: 'dev' });
  });

  it('counts only paid payments through a provider: not started, failed or offline ones', () => {
    const room = refundRoom({
      payments: [
        payment({ id: 'a', status: 'failed' }),
        payment({ id: 'b', status: 'pending' }),
        payment({ id: 'c', provider: 'offline', method: 'bank-transfer' }),
      ],
      refunds: [],
    });
    expect(room.left).toBe(0);
    expect(room.paid).toBe(0);
  });

  it('takes the payment with the most left when an order was paid twice, as the server does', () => {
    const room = refundRoom({
      payments: [payment({ id: 'a', refundedAmount: 4000 }), payment({ id: 'b', provider: 'stripe', amount: 1000 })],
      refunds: [],
    });
    expect([room.left, room.provider, room.paid]).toEqual([1000, 'stripe', 5350]);
  });
});

describe('the refund form', () => {
  const draft = (amount: string, reason = '') => ({ choice: 'part' as const, amount, reason });

  it('refunds everything left when asked for all, whatever the amount field holds', () => {
    expect(checkRefund({ choice: 'all', amount: 'junk', reason: '  chipped mug ' }, 3650, 'EUR')).toEqual({
      ok: true,
      amount: 3650,
      reason: 'chipped mug',
    });
  });

  it('reads a part as a decimal of the order’s currency', () => {
    expect(checkRefund(draft('7'), 4350, 'EUR')).toEqual({ ok: true, amount: 700, reason: undefined });
    expect(checkRefund(draft('7,25'), 4350, 'EUR')).toMatchObject({ amount: 725 });
    expect(checkRefund(draft('43.50'), 4350, 'EUR')).toMatchObject({ ok: true, amount: 4350 });
    expect(checkRefund(draft('500'), 1850, 'JPY')).toMatchObject({ ok: true, amount: 500 });
  });

  it('refuses a part that is not an amount of the currency, in words', () => {
    expect(checkRefund(draft(''), 4350, 'EUR')).toEqual({
      ok: false,
      field: 'amount',
      message: 'Type the amount to refund.',
    });
    expect(checkRefund(draft('7.255'), 4350, 'EUR')).toMatchObject({
      ok: false,
      message: '“7.255” is not an amount in EUR: type it like 12.50 (at most 2 decimals).',
    });
    expect(checkRefund(draft('-5'), 4350, 'EUR')).toMatchObject({ ok: false, field: 'amount' });
    expect(checkRefund(draft('5.5'), 1850, 'JPY')).toMatchObject({
      ok: false,
      message: '“5.5” is not an amount in JPY: type it like 1250 (no decimals).',
    });
    expect(checkRefund(draft('0.00'), 4350, 'EUR')).toMatchObject({
      ok: false,
      message: 'The amount must be more than zero.',
    });
  });

  it('refuses more than is left to refund, naming what is left', () => {
    expect(checkRefund(draft('36.51'), 3650, 'EUR')).toEqual({
      ok: false,
      field: 'amount',
      message: 'At most €36.50 is left to refund: type that or less.',
    });
    expect(checkRefund(draft('36.50'), 3650, 'EUR')).toMatchObject({ ok: true, amount: 3650 });
  });

  it('refuses anything when nothing is left, and a reason over 500 characters', () => {
    expect(checkRefund({ choice: 'all', amount: '', reason: '' }, 0, 'EUR')).toMatchObject({ ok: false });
    expect(checkRefund(draft('1', 'x'.repeat(501)), 4350, 'EUR')).toMatchObject({ ok: false, field: 'reason' });
    expect(checkRefund(draft('1', 'x'.repeat(500)), 4350, 'EUR')).toMatchObject({ ok: true });
  });
});

describe('refund attempts and their idempotency keys', () => {
  let n = 0;
  const key = () => `k${++n}`;

  it('gives each new attempt its own key', () => {
    const first = attemptFor(undefined, { amount: 700, reason: undefined }, key);
    const second = attemptFor(undefined, { amount: 700, reason: undefined }, key);
    expect(first.key).not.toBe(second.key);
    expect(newRefundKey()).toMatch(/^console-refund-[0-9a-f]{32}$/);
    expect(newRefundKey()).not.toBe(newRefundKey());
  });

  it('asks again with the same key only when no answer came for the same refund', () => {
    const attempt = attemptFor(undefined, { amount: 700, reason: 'chipped' }, key);
    const lost = keptAfter(attempt, { status: 0 });
    expect(attemptFor(lost, { amount: 700, reason: 'chipped' }, key).key).toBe(attempt.key);
    // A proxy's error page (no code of the server's) is no answer either: the refund may have been made.
    expect(keptAfter(attempt, { status: 504 })).toBe(attempt);
    // Another amount or reason is another refund.
    expect(attemptFor(lost, { amount: 800, reason: 'chipped' }, key).key).not.toBe(attempt.key);
    expect(attemptFor(lost, { amount: 700, reason: undefined }, key).key).not.toBe(attempt.key);
    // The server answered (made it, or refused it): the next one is a new refund.
    expect(keptAfter(attempt, null)).toBeUndefined();
    expect(keptAfter(attempt, { status: 409, code: 'REFUND_EXCEEDS_PAID' })).toBeUndefined();
    expect(keptAfter(attempt, { status: 502, code: 'PAYMENT_PROVIDER_ERROR' })).toBeUndefined();
    // The owner is told the refund may have been made, and that asking again is safe.
    expect(lostAnswerMessage({ status: 0 })).toMatch(/may or may not have been made.*made only once/);
    expect(lostAnswerMessage({ status: 409, code: 'REFUND_EXCEEDS_PAID' })).toBeUndefined();
  });

  it('says what the server answered', () => {
    expect(refundOutcome({ amount: 700, currency: 'EUR', status: 'succeeded' }, 'EUR')).toEqual({
      success: 'Refunded €7.00; the shopper is being emailed.',
    });
    expect(refundOutcome({ amount: 700, currency: 'EUR', status: 'pending' }, 'EUR').success).toMatch(/under way/);
    expect(refundOutcome({ amount: 700, currency: 'EUR', status: 'failed' }, 'EUR').error).toMatch(
      /refused the refund of €7\.00; no money was refunded/,
    );
  });
});
