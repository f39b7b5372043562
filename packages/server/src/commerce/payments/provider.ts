/**
 * What a payment provider does for the commerce module (docs/payments.md), in the shape of Medusa v2's payment
 * providers: open a payment session for an amount the server computed, say where the shopper goes next (the
 * provider's hosted page, or the owner's offline instructions), refund all or part of a payment, and turn the
 * provider's webhook into a provider-neutral event. The service (service.ts) owns the money and the order: a
 * provider never changes an order itself, it only reports what happened at its end. No provider ever sees or
 * returns card data: cards are typed on the provider's own page.
 */

export const PAYMENT_PROVIDER_IDS = ['stripe', 'dev', 'offline'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

export interface PaymentSessionInput {
  /** Vitrine's payment id: the provider keeps it in its metadata, so its events name the payment. */
  paymentId: string;
  siteId: string;
  siteName: string;
  orderId: string;
  orderNumber: string;
  /** Minor units of `currency`, computed on the server from the order. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** Sent with every create: a retried start never opens a second session. */
  idempotencyKey: string;
  buyerEmail: string | null;
  /** Allowed origins of the site's client, checked by the service (never an open redirect). */
  returnUrl: string;
  cancelUrl: string;
  /** The session ends by then (the order's own expiry): a late payment cannot land on a cancelled order. */
  expiresAt: Date;
  /** The offline method chosen (offline provider only). */
  method?: string | undefined;
}

/** Where the shopper goes next. */
export type PaymentStep =
  { type: 'redirect'; url: string } | { type: 'instructions'; name: string; instructions: string };

export interface PaymentSession {
  /** The provider's id of the session (Stripe: `cs_…`); unique per provider. */
  providerReference: string;
  step: PaymentStep;
}

/**
 * What happened at the provider, in Vitrine's words:
 * - `succeeded`: the money is taken (amount and currency say how much: checked against the payment);
 * - `processing`: the shopper finished but the money is not confirmed yet (a bank debit);
 * - `attempt_failed`: one try failed (a declined card, failed authentication) but the shopper may try again;
 * - `failed`: the payment is over without money (declined for good, session expired): the order is cancelled;
 * - `refunded`: the provider reports refunds made (possibly outside Vitrine), `refundedTotal` in all.
 */
export type PaymentEventKind = 'succeeded' | 'processing' | 'attempt_failed' | 'failed' | 'refunded';

export interface PaymentEvent {
  provider: PaymentProviderId;
  /** The provider's event id: an event is applied once, whatever the number of deliveries. */
  eventId: string;
  kind: PaymentEventKind;
  /** The session the event is about, or Vitrine's payment id the provider kept in its metadata. */
  providerReference?: string | undefined;
  paymentId?: string | undefined;
  amount?: number | undefined;
  currency?: string | undefined;
  /** The provider's payment once it exists (Stripe: `pi_…`): what refunds name. */
  chargeReference?: string | undefined;
  failure?: { code: string; message: string } | undefined;
  /** `refunded` only: the total refunded on the payment at the provider, in minor units. */
  refundedTotal?: number | undefined;
}

export interface RefundInput {
  paymentId: string;
  providerReference: string | null;
  chargeReference: string | null;
  amount: number;
  currency: string;
  idempotencyKey: string;
  reason?: string | undefined;
}

export interface RefundResult {
  /** The provider's refund id (Stripe: `re_…`). */
  providerReference: string;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface WebhookRequest {
  /** The exact bytes received: a signature covers them, not a re-serialised copy. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createSession(input: PaymentSessionInput): Promise<PaymentSession>;
  /** The session as the provider has it now (reconciliation after a lost webhook). */
  retrieve?(providerReference: string): Promise<{ status: 'open' | 'complete' | 'expired'; paid: boolean }>;
  /** Ends an open session so it can no longer be paid (a new method chosen instead). */
  cancelSession?(providerReference: string): Promise<void>;
  /** Refunds all or part of a payment; idempotent by `idempotencyKey`. Throws when the provider refuses. */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Verifies a webhook and reads it: an event, or null for an event type Vitrine does not use. Throws
   * PAYMENT_EVENT_REFUSED on a bad or missing signature (nothing is applied).
   */
  parseWebhook?(request: WebhookRequest): PaymentEvent | null;
}
