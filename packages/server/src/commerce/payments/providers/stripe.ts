/**
 * Stripe through its official SDK (docs/payments.md → Stripe): Stripe Checkout, the hosted page, so card data
 * never touches Vitrine (PCI SAQ-A). One line of the order's total, computed by the server, in the order's
 * currency; every create and refund carries an idempotency key; webhooks are verified with the SDK's
 * `webhooks.constructEvent` over the raw bytes received. The server's requests go to Stripe's API only, through
 * the SDK (a test points it at a local fake with `api`).
 *
 * Events read: checkout.session.completed (paid, or processing for a delayed method), .async_payment_succeeded,
 * .async_payment_failed and .expired; payment_intent.payment_failed (a declined try: the shopper may try again on
 * Stripe's page, where 3-D Secure's requires_action is handled too); charge.refunded (refunds made in Stripe).
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { appError } from '../../../errors/catalogue.js';
import type { PaymentSettings } from '../../../config/types.js';
import type { PaymentEvent, PaymentProvider, WebhookRequest } from '../provider.js';

const MIN_SESSION_S = 31 * 60; // Stripe: at least 30 minutes
const MAX_SESSION_S = 23 * 3600 + 59 * 60; // Stripe: at most 24 hours

type StripeSettings = NonNullable<PaymentSettings['stripe']>;

const refused = (why: string) => appError('PAYMENT_EVENT_REFUSED', { description: why });
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

// Loaded only on a server with Stripe keys: the SDK is ~13 MB of memory a shop without Stripe never uses.
const require = createRequire(import.meta.url);

export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const StripeSdk = require('stripe') as typeof Stripe;
  const stripe = new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Vitrine' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });

  return {
    id: 'stripe',
    async createSession(input) {
      const now = Math.floor(Date.now() / 1000);
      const until = Math.floor(input.expiresAt.getTime() / 1000);
      const expiresAt = Math.min(Math.max(until, now + MIN_SESSION_S), now + MAX_SESSION_S);
      const metadata = {
        vitrinePaymentId: input.paymentId,
        vitrineSiteId: input.siteId,
        vitrineOrderId: input.orderId,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: `${input.siteName} · order ${input.orderNumber}` },
              },
            },
          ],
          success_url: input.returnUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.orderId,
          ...(input.buyerEmail ? { customer_email: input.buyerEmail } : {}),
          expires_at: expiresAt,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a session without a URL');
      return { providerReference: session.id, step: { type: 'redirect', url: session.url } };
    },

    async retrieve(reference) {
      const session = await stripe.checkout.sessions.retrieve(reference);
      const status = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
      return { status, paid: session.payment_status === 'paid' };
    },

    async cancelSession(reference) {
      await stripe.checkout.sessions.expire(reference);
    },

    async refund(input) {
      if (!input.chargeReference) throw new Error('the payment has no Stripe payment intent to refund');
      const refund = await stripe.refunds.create(
        {
          payment_intent: input.chargeReference,
          amount: input.amount,
          metadata: {
            vitrinePaymentId: input.paymentId,
            ...(input.reason ? { reason: input.reason.slice(0, 500) } : {}),
          },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const status = refund.status === 'succeeded' ? 'succeeded' : refund.status === 'pending' ? 'pending' : 'failed';
      return { providerReference: refund.id, status };
    },

    parseWebhook(request: WebhookRequest): PaymentEvent | null {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string') throw refused('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.rawBody, signature, settings.webhookSecret);
      } catch {
        // A wrong secret, a changed body or a timestamp outside the SDK's tolerance (5 minutes: replays).
        throw refused('The Stripe signature does not match');
      }
      return readEvent(event);
    },
  };
}

function readEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { provider: 'stripe' as const, eventId: event.id };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const money = {
        providerReference: s.id,
        paymentId: s.metadata?.vitrinePaymentId,
        amount: s.amount_total ?? undefined,
        currency: s.currency ?? undefined,
        chargeReference: idOf(s.payment_intent),
      };
      if (s.payment_status === 'paid') return { ...base, kind: 'succeeded', ...money };
      if (s.payment_status === 'unpaid') return { ...base, kind: 'processing', ...money };
      return null;
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = event.data.object;
      const expired = event.type === 'checkout.session.expired';
      return {
        ...base,
        kind: 'failed',
        providerReference: s.id,
        paymentId: s.metadata?.vitrinePaymentId,
        failure: expired
          ? { code: 'expired', message: 'The payment session expired' }
          : { code: 'async_payment_failed', message: 'The payment failed' },
      };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const error = pi.last_payment_error;
      return {
        ...base,
        kind: 'attempt_failed',
        paymentId: pi.metadata?.vitrinePaymentId,
        failure: {
          code: error?.decline_code ?? error?.code ?? 'payment_failed',
          message: error?.message ?? 'The payment was declined',
        },
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'refunded',
        chargeReference: idOf(charge.payment_intent),
        refundedTotal: charge.amount_refunded,
      };
    }
    default:
      return null;
  }
}
