import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/** The console's side of `/_admin/v1/commerce/discounts` (commerce/discounts/admin-routes.ts). */
const discountKeys = { all: (siteId: string) => ['shop-discounts', siteId] as const };

/** What the discount form sends: amounts in minor units, dates as ISO 8601 or null. */
export interface DiscountChange {
  code: string;
  kind: 'percentage' | 'amount';
  value: number;
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  active: boolean;
}

export function useDiscounts(siteId: string) {
  return useQuery({
    queryKey: discountKeys.all(siteId),
    queryFn: () => answer(client.GET('/_admin/v1/commerce/discounts', { params: { query: { siteId } } })),
  });
}

/** Creates (no id) or changes a code. */
export function useSaveDiscount(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id?: string; change: Partial<DiscountChange> }) =>
      answer(
        id
          ? client.PATCH('/_admin/v1/commerce/discounts/{id}', {
              params: { path: { id } },
              body: { siteId, ...change },
            })
          : client.POST('/_admin/v1/commerce/discounts', { body: { siteId, ...change } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all(siteId) }),
  });
}

export function useDeleteDiscount(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      answer(client.DELETE('/_admin/v1/commerce/discounts/{id}', { params: { path: { id }, query: { siteId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all(siteId) }),
  });
}
