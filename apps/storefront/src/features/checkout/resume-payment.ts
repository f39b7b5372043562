import { useQuery, useVitrine } from '@vitrine/react';
import { useState } from 'react';
import type { Order } from '../orders/order-types.js';
import { useEcom } from '../cart/use-ecom.js';
import { checkoutErrorMessage } from './checkout-errors.js';
import { fetchPayWays, isOnline, startPayment, type OrderPayment, type PayWay } from './payments-api.js';

/**
 * Paying again an order that awaits an online payment: the payment left open (else, when none started, the shop's
 * first online way) through `POST …/payments/start` with the same return and cancel URLs as the checkout's
 * (payments-api.ts `paymentUrls`). The server keeps one payment under way per order: the same method and URLs answer
 * the open session again, so a shopper who left the provider's page goes back to the same payment, never a second.
 * `open` is undefined when there is nothing to pay online (offline method, a payment being processed, no way).
 */
export function useResumePayment(order: Order | undefined, payment: OrderPayment | undefined, enabled: boolean) {
  const ecom = useEcom();
  const { navigate: leave, authFetch } = useVitrine();
  // The shop's ways to pay, for an order whose payment never started (shared with the checkout's own query).
  const ways = useQuery(['pay-ways'], () => fetchPayWays(authFetch), { shared: true, enabled }).data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const last = payment?.payments.find((p) => p.status == 'pending' || p.status == 'processing') ?? payment?.payments[0];
  const way: PayWay | undefined = last
    ? { provider: last.provider, ...(last.method ? { method: last.method } : {}) }
    : ways?.find(isOnline);
  const open = isOnline(way) && last?.status != 'processing' && !payment?.instructions ? way : undefined;
  const resume = async () => {
    if (!open || !order) return;
    setBusy(true);
    setError(undefined);
    try {
      const step = await startPayment(ecom, order.id, open);
      if (step.type == 'redirect') return leave(step.url);
      setBusy(false);
    } catch (e) {
      setError(checkoutErrorMessage(e));
      setBusy(false);
    }
  };
  return { open, resume, busy, error };
}

/** An order this shopper may still pay: placed, not cancelled, nothing paid yet. */
export const awaitsPayment = (order: Pick<Order, 'status' | 'paymentStatus'>) =>
  order.status != 'CANCELED' && order.paymentStatus == 'NOT_PAID';
