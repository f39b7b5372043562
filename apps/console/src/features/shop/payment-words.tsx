/**
 * The commerce module's payment words as owners say them (docs/payments.md → Payment status): the order's
 * `paymentStatus` (Wix's enum), each payment's and refund's status, and the providers. The admin API types these
 * as plain strings, so a value this console does not know yet is shown as the server wrote it, never hidden.
 */

export const ORDER_PAYMENT_LABEL: Record<string, string> = {
  NOT_PAID: 'Not paid',
  PENDING: 'Payment being confirmed',
  PAID: 'Paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
  DECLINED: 'Payment declined',
};

export const orderPaymentLabel = (status: string) => ORDER_PAYMENT_LABEL[status] ?? status;

/** The order's payment status as a badge, coloured like the order's own (paid, waiting, money back, failed). */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-payment-${status.toLowerCase()}`}>{orderPaymentLabel(status)}</span>;
}

const PAYMENT_STATUS_LABEL: Record<string, string> = {
  pending: 'Started, not paid',
  processing: 'Paid, the provider confirms later',
  succeeded: 'Paid',
  failed: 'Failed',
};

export const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABEL[status] ?? status;

const REFUND_STATUS_LABEL: Record<string, string> = {
  pending: 'Under way',
  succeeded: 'Refunded',
  failed: 'Failed (no money moved)',
};

export const refundStatusLabel = (status: string) => REFUND_STATUS_LABEL[status] ?? status;

const PROVIDER_LABEL: Record<string, string> = {
  stripe: 'Stripe',
  dev: 'Dev provider (test, no real money)',
  offline: 'Offline',
};

/** "Stripe", "Offline · bank-transfer" (an offline payment names the owner's method by its id). */
export const providerLabel = (provider: string, method: string | null) =>
  [PROVIDER_LABEL[provider] ?? provider, method].filter(Boolean).join(' · ');
