import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import { pause } from '../../api/query.js';
import type { OrderStatus } from '../../api/types.js';

/** The console's side of `/_admin/v1/orders` (admin/orders-routes.ts on the server). */
export type { OrderDetail, OrderRow, OrderStatus, SalesOverview } from '../../api/types.js';

const ordersKeys = {
  all: (siteId: string) => ['orders', siteId] as const,
  one: (siteId: string, id: string) => ['orders', siteId, 'order', id] as const,
};

export interface OrderQuery {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}

/** The query's filled fields only (an empty filter is no filter). */
const filled = (query: Partial<OrderQuery>) =>
  Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)) as Partial<OrderQuery>;

export function useOrders(siteId: string, query: OrderQuery, page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...ordersKeys.all(siteId), 'list', filled(query), page],
    queryFn: async ({ signal }) => {
      await pause(200, signal);
      return answer(
        client.GET('/_admin/v1/orders', { params: { query: { siteId, ...filled(query), ...page } }, signal }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF value). */
export const ordersExportUrl = (siteId: string, query: OrderQuery) =>
  `/_admin/v1/orders/export?${new URLSearchParams({ siteId, ...filled(query) })}`;

export function useOrder(siteId: string, id: string) {
  return useQuery({
    queryKey: ordersKeys.one(siteId, id),
    queryFn: () => answer(client.GET('/_admin/v1/orders/{id}', { params: { path: { id }, query: { siteId } } })),
  });
}

export function useSalesOverview(siteId: string) {
  return useQuery({
    queryKey: [...ordersKeys.all(siteId), 'overview'],
    queryFn: () => answer(client.GET('/_admin/v1/orders/overview', { params: { query: { siteId } } })),
  });
}

export interface StatusChange {
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  note?: string;
}

/** Moves the order on; its answer is the order as it is now, and the lists are read again. */
export function useSetOrderStatus(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) =>
      answer(client.POST('/_admin/v1/orders/{id}/status', { params: { path: { id } }, body: { siteId, ...change } })),
    onSuccess: (detail) => {
      queryClient.setQueryData(ordersKeys.one(siteId, id), detail);
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all(siteId), refetchType: 'none' });
    },
  });
}
