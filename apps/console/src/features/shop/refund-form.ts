/**
 * The refund form's rules (docs/payments.md → Refunds), checked before anything is sent; the server checks them
 * again under the order's lock, so a refund made meanwhile elsewhere is still refused there.
 *  - What one refund may give back: the paid payment with the most left, less what was refunded and what is being
 *    refunded (the server refunds from that one payment). Offline payments are refunded by hand, never here.
 *  - Full or partial: a part is a decimal of the order's currency, above zero, at most what is left.
 *  - Each attempt has its own idempotency key; only an attempt that got no answer (the connection dropped) keeps it
 *    when asked again, so the server answers that refund instead of making a second one.
 */
import type { OrderPayments } from '../../api/types.js';
import { currencyDigits, formatMoney, toMinor } from './money.js';

export const MAX_REFUND_REASON = 500;

export interface RefundRoom {
  /** Paid through a provider (succeeded payments), minor units. */
  paid: number;
  refunded: number;
  /** Refunds sent to the provider and not answered yet. */
  underWay: number;
  /** What one refund may give back now. */
  left: number;
  /** The provider it goes back through ("stripe", "dev"), when there is one. */
  provider: string | undefined;
}

export function refundRoom({ payments, refunds }: Pick<OrderPayments, 'payments' | 'refunds'>): RefundRoom {
  const room: RefundRoom = { paid: 0, refunded: 0, underWay: 0, left: 0, provider: undefined };
  for (const payment of payments) {
    if (payment.status !== 'succeeded' || payment.provider === 'offline') continue;
    const underWay = refunds
      .filter((r) => r.paymentId === payment.id && r.status === 'pending')
      .reduce((sum, r) => sum + r.amount, 0);
    const left = Math.max(0, payment.amount - payment.refundedAmount - underWay);
    room.paid += payment.amount;
    room.refunded += payment.refundedAmount;
    room.underWay += underWay;
    if (!room.provider || left > room.left) {
      room.left = left;
      room.provider = payment.provider;
    }
  }
  return room;
}

export interface RefundDraft {
  /** All that is left, or a part the owner types. */
  choice: 'all' | 'part';
  amount: string;
  reason: string;
}

export const blankRefund: RefundDraft = { choice: 'all', amount: '', reason: '' };

export type RefundCheck =
  { ok: true; amount: number; reason: string | undefined } | { ok: false; field: 'amount' | 'reason'; message: string };

/** The draft as a refund the server may make, or the first mistake in words, with the field it is in. */
export function checkRefund(draft: RefundDraft, left: number, currency: string): RefundCheck {
  if (left <= 0) return { ok: false, field: 'amount', message: 'Nothing is left to refund on this order.' };
  const reason = draft.reason.trim();
  if (reason.length > MAX_REFUND_REASON)
    return { ok: false, field: 'reason', message: `The reason can be at most ${MAX_REFUND_REASON} characters.` };
  const said = reason || undefined;
  if (draft.choice === 'all') return { ok: true, amount: left, reason: said };
  const text = draft.amount.trim();
  if (!text) return { ok: false, field: 'amount', message: 'Type the amount to refund.' };
  const amount = toMinor(text, currency);
  if (amount === undefined) {
    const digits = currencyDigits(currency);
    const example = digits ? `12${(0.5).toFixed(digits).slice(1)}` : '1250';
    const decimals = digits ? `at most ${digits} decimal${digits > 1 ? 's' : ''}` : 'no decimals';
    return {
      ok: false,
      field: 'amount',
      message: `“${text}” is not an amount in ${currency}: type it like ${example} (${decimals}).`,
    };
  }
  if (amount === 0) return { ok: false, field: 'amount', message: 'The amount must be more than zero.' };
  if (amount > left)
    return {
      ok: false,
      field: 'amount',
      message: `At most ${formatMoney(left, currency)} is left to refund: type that or less.`,
    };
  return { ok: true, amount, reason: said };
}

export interface RefundAttempt {
  key: string;
  amount: number;
  reason: string | undefined;
}

/** A key no other attempt has: 128 random bits (crypto.getRandomValues works on plain http too). */
export function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-refund-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The attempt for this refund: the unanswered one again when it asked for the same amount and reason (its answer
 * was lost, it may have been made: the same key makes the server answer it instead of refunding twice); a new key
 * otherwise.
 */
export function attemptFor(
  unanswered: RefundAttempt | undefined,
  refund: { amount: number; reason: string | undefined },
  newKey: () => string = newRefundKey,
): RefundAttempt {
  if (unanswered && unanswered.amount === refund.amount && unanswered.reason === refund.reason) return unanswered;
  return { key: newKey(), ...refund };
}

/**
 * After a try: the attempt to keep for the next one when the server's own answer never came (no answer at all,
 * status 0, or a proxy's 5xx without the server's code: the refund may have been made), else none (made, or
 * refused by the server: the next try is a new refund).
 */
export const keptAfter = (attempt: RefundAttempt, error: { status: number; code?: string | undefined } | null) =>
  error && (error.status === 0 || (error.status >= 500 && !error.code)) ? attempt : undefined;

/** What the owner is told when the server's own answer never came (see `keptAfter`); undefined otherwise. */
export const lostAnswerMessage = (error: { status: number; code?: string | undefined } | null) =>
  error && keptAfter({ key: '', amount: 0, reason: undefined }, error)
    ? 'No answer came from the server, so the refund may or may not have been made. Ask for the same refund again: it is sent with the same key, so it is made only once.'
    : undefined;

/** What the owner is told of the server's answer: a refund it made, one still under way, or one that failed. */
export function refundOutcome(
  refund: { amount: number; currency: string; status: string },
  currency: string,
): { success?: string; error?: string } {
  const money = formatMoney(refund.amount, refund.currency || currency);
  if (refund.status === 'succeeded') return { success: `Refunded ${money}; the shopper is being emailed.` };
  if (refund.status === 'pending')
    return { success: `The refund of ${money} is under way with the payment provider; reload in a moment.` };
  return { error: `The payment provider refused the refund of ${money}; no money was refunded.` };
}
