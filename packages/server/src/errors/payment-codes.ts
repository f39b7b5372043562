/**
 * The payments' application codes (commerce/payments/, docs/payments.md), part of the one catalogue: `ERRORS` in
 * catalogue.ts spreads them in. The rules of catalogue.ts hold here (never change a shipped code or status).
 */
export const PAYMENT_ERRORS = {
  PAYMENT_PROVIDER_UNAVAILABLE: {
    code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    status: 400,
    text: 'This payment method is not offered by the shop',
  },
  ORDER_NOT_PAYABLE: { code: 'ORDER_NOT_PAYABLE', status: 409, text: 'The order is not awaiting payment' },
  PAYMENT_IN_PROGRESS: {
    code: 'PAYMENT_IN_PROGRESS',
    status: 409,
    text: 'A payment of this order is already under way with another method',
  },
  PAYMENT_NOT_FOUND: { code: 'PAYMENT_NOT_FOUND', status: 404, text: 'No such payment' },
  PAYMENT_EVENT_REFUSED: {
    code: 'PAYMENT_EVENT_REFUSED',
    status: 400,
    text: 'The payment event was refused',
  },
  PAYMENT_PROVIDER_ERROR: {
    code: 'PAYMENT_PROVIDER_ERROR',
    status: 502,
    text: 'The payment provider could not be reached or refused the request; nothing was charged or refunded',
  },
  REFUND_EXCEEDS_PAID: {
    code: 'REFUND_EXCEEDS_PAID',
    status: 409,
    text: 'The refund is more than what is left to refund on this order',
  },
  NOTHING_TO_REFUND: { code: 'NOTHING_TO_REFUND', status: 409, text: 'The order has no payment left to refund' },
  // A refund's idempotency key names one refund of the site: sent again for another order or another amount, it
  // is a mistake to refuse, not a retry to answer with the first refund (commerce/payments/refunds.ts).
  REFUND_KEY_REUSED: {
    code: 'REFUND_KEY_REUSED',
    status: 409,
    text: 'This idempotency key was used for another refund (another order or amount); send a new key for a new refund',
  },
} as const;
