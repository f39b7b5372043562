/**
 * An order's statuses and the moves between them, as pure rules (docs/commerce.md → Orders):
 *
 *   AWAITING_PAYMENT ──► PAID ──► FULFILLED
 *          │              │
 *          └──► CANCELED ◄┘
 *
 * An order is placed AWAITING_PAYMENT (issue #51 adds payment providers); an owner marks it PAID, then FULFILLED
 * (handed to the carrier or delivered); it may be CANCELED before it is fulfilled, by an owner or by the expiry of
 * an unpaid order. FULFILLED and CANCELED are final. Cancelling gives the reserved stock and the discount code's
 * use back, once: the move to CANCELED can happen only once. Every move adds a history row (status.ts).
 */
import { appError } from '../../errors/catalogue.js';

export const ORDER_STATUSES = ['AWAITING_PAYMENT', 'PAID', 'FULFILLED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Payment as the order records it beside its status, in Wix's words (the eCom wire shows it as is): NOT_PAID
 * (nothing yet), PENDING (a provider is processing a payment), PAID, PARTIALLY_REFUNDED, FULLY_REFUNDED, DECLINED
 * (the payment failed; the order was cancelled and its stock given back). commerce/payments/ moves it.
 */
export const PAYMENT_STATUSES = [
  'NOT_PAID',
  'PENDING',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'DECLINED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PAYMENT: ['PAID', 'CANCELED'],
  PAID: ['FULFILLED', 'CANCELED'],
  FULFILLED: [],
  CANCELED: [],
};

const WORDS: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'awaiting payment',
  PAID: 'paid',
  FULFILLED: 'fulfilled',
  CANCELED: 'cancelled',
};

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** Throws ORDER_TRANSITION_REFUSED (409) saying what the order may become instead. */
export function checkTransition(from: OrderStatus, to: OrderStatus): void {
  if (NEXT_STATUSES[from].includes(to)) return;
  const next = NEXT_STATUSES[from].map((s) => WORDS[s]);
  const description =
    from === to
      ? `The order is already ${WORDS[from]}`
      : `An order that is ${WORDS[from]} cannot become ${WORDS[to]}` +
        (next.length ? `; it can become ${next.join(' or ')}` : `; ${WORDS[from]} is final`);
  throw appError('ORDER_TRANSITION_REFUSED', { description, data: { from, to, allowed: [...NEXT_STATUSES[from]] } });
}

/** What a move does besides the status: the payment it records, whether it gives stock back, the expiry it ends. */
export function effectsOf(from: OrderStatus, to: OrderStatus, payment: PaymentStatus) {
  checkTransition(from, to);
  return {
    paymentStatus: (to === 'PAID' ? 'PAID' : payment) as PaymentStatus,
    releasesStock: to === 'CANCELED',
    /** Only an order awaiting payment expires. */
    keepsExpiry: to === 'AWAITING_PAYMENT',
  };
}

/** The webhook event of a move (docs/webhooks.md): a cancel is `order.cancelled`, any other `order.updated`. */
export const eventOf = (to: OrderStatus): 'order.cancelled' | 'order.updated' =>
  to === 'CANCELED' ? 'order.cancelled' : 'order.updated';
