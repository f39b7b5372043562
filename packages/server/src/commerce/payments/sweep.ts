/**
 * Payments left open on orders that were cancelled meanwhile (an owner's cancel, the expiry of an unpaid order:
 * orders/expiry.ts) are closed at their provider, so the shopper can no longer pay an order that gave its stock
 * back: Stripe's Checkout Session is expired, and the payment marked failed (`order_cancelled`). A session the
 * provider will not end (paid in the meantime) is left for its event, which records the money on the cancelled
 * order for a refund. Every instance runs it; the conditional move makes a payment close once.
 */
import { pruneCheckoutPages } from '../hosted-checkout/store.js';
import type { AppContext } from '../../context.js';
import type { PaymentProviderId } from './provider.js';
import type { PaymentProviders } from './registry.js';
import { movePayment } from './store.js';

const BATCH = 100;

export async function closePaymentsOfCancelledOrders(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  providers: PaymentProviders,
): Promise<number> {
  const { rows } = await ctx.db.query<{
    site_id: string;
    id: string;
    provider: PaymentProviderId;
    provider_reference: string | null;
  }>(
    `select p.site_id, p.id, p.provider, p.provider_reference from commerce_payments p
     join commerce_orders o on o.site_id = p.site_id and o.id = p.order_id
     where p.status = 'pending' and o.status = 'CANCELED' order by p.created_at limit ${BATCH}`,
  );
  let closed = 0;
  for (const row of rows) {
    try {
      if (row.provider_reference) await providers.get(row.provider)?.cancelSession?.(row.provider_reference);
    } catch (error) {
      ctx.log.warn({ siteId: row.site_id, paymentId: row.id, err: (error as Error).message }, 'payment not closed');
      continue;
    }
    const failure = { code: 'order_cancelled', message: 'The order was cancelled' };
    if (await movePayment(ctx.db, row.site_id, row.id, ['pending'], 'failed', { failure }, ctx.now())) closed++;
  }
  return closed;
}

/** Runs the sweep (and the expired hosted checkout pages' removal) every `intervalMs` (unref'd); returns a stopper. */
export function startPaymentSweep(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  providers: PaymentProviders,
  intervalMs = 5 * 60 * 1000,
): () => void {
  const timer = setInterval(() => {
    closePaymentsOfCancelledOrders(ctx, providers).catch((error: unknown) =>
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'payment sweep failed'),
    );
    // Hosted checkout pages past their 24 hours (hosted-checkout/store.ts) go with the same sweep.
    pruneCheckoutPages(ctx.db, ctx.now()).catch((error: unknown) =>
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'checkout page sweep failed'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
