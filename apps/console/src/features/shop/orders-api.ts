import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import { pause } from '../../api/query.js';
import type { ShopOrderStatus } from '../../api/types.js';

/** The console's side of the module's orders, `/_admin/v1/commerce/orders` (commerce/orders/admin-routes.ts). */
const orderKeys = {
  all: (siteId: string) => ['shop-orders', siteId] as const,
  one: (siteId: string, id: string) => ['shop-orders', siteId, 'one', id] as const,
};

export interface OrderFilters {
  search: string;
  status: ShopOrderStatus | '';
  from: string;
  to: string;
}

/** The filled filters only (an empty filter is no filter). */
export const filledFilters = (filters: OrderFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) as Partial<
    Record<keyof OrderFilters, string>
  >;

export function useShopOrders(siteId: string, filters: OrderFilters, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...orderKeys.all(siteId), 'list', filledFilters(filters), page],
    queryFn: async ({ signal }) => {
      await pause(200, signal);
      const query = { siteId, ...filledFilters(filters), limit: page.limit, offset: page.offset };
      return answer(client.GET('/_admin/v1/commerce/orders', { params: { query }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

/** A plain link with the list's filters: the browser downloads the file with the session cookie (a GET needs no CSRF). */
export const shopOrdersExportUrl = (siteId: string, filters: OrderFilters) =>
  `/_admin/v1/commerce/orders/export?${new URLSearchParams({ siteId, ...filledFilters(filters) })}`;

export function useShopOrder(siteId: string, id: string) {
  return useQuery({
    queryKey: orderKeys.one(siteId, id),
    queryFn: () =>
      answer(client.GET('/_admin/v1/commerce/orders/{id}', { params: { path: { id }, query: { siteId } } })),
  });
}

/** Moves the order on; the answer is the order as it is now, and the lists are read again. */
export function useMoveOrder(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { status: ShopOrderStatus; note?: string }) =>
      answer(
        client.POST('/_admin/v1/commerce/orders/{id}/status', {
          params: { path: { id } },
          body: { siteId, ...change },
        }),
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(orderKeys.one(siteId, id), detail);
      // A cancel ends an open payment; a move changes what the payments section says (payments-api.ts).
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.one(siteId, id), 'payments'] });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all(siteId), refetchType: 'none' });
    },
  });
}
