import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { RefundAttempt } from './refund-form.js';

/**
 * An order's payments and refunds (commerce/payments/admin-routes.ts): read by every console role, refunded by
 * owners. The keys sit under the orders' own (`['shop-orders', siteId, …]`), so a refund also refreshes the order
 * (its payment status and history row) and the lists.
 */
const paymentKeys = {
  orders: (siteId: string) => ['shop-orders', siteId] as const,
  order: (siteId: string, id: string) => ['shop-orders', siteId, 'one', id] as const,
  payments: (siteId: string, id: string) => ['shop-orders', siteId, 'one', id, 'payments'] as const,
};

export function useOrderPayments(siteId: string, id: string) {
  return useQuery({
    queryKey: paymentKeys.payments(siteId, id),
    queryFn: () =>
      answer(client.GET('/_admin/v1/commerce/orders/{id}/payments', { params: { path: { id }, query: { siteId } } })),
  });
}

/**
 * Refunds `amount` (minor units) with the attempt's idempotency key. The answer carries the payments and refunds
 * as they are now; the order is read again for its payment status and history. A refusal reads the payments
 * again too: what is left may have changed elsewhere (another owner, Stripe's dashboard).
 */
export function useRefundOrder(siteId: string, id: string) {
  const queryClient = useQueryClient();
  const reread = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.order(siteId, id) });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.orders(siteId), refetchType: 'none' });
  };
  return useMutation({
    mutationFn: (attempt: RefundAttempt) =>
      answer(
        client.POST('/_admin/v1/commerce/orders/{id}/refunds', {
          params: { path: { id } },
          body: {
            siteId,
            amount: attempt.amount,
            idempotencyKey: attempt.key,
            ...(attempt.reason ? { reason: attempt.reason } : {}),
          },
        }),
      ),
    onSuccess: ({ paymentStatus, payments, refunds }) => {
      queryClient.setQueryData(paymentKeys.payments(siteId, id), { paymentStatus, payments, refunds });
      reread();
    },
    onError: reread,
  });
}
