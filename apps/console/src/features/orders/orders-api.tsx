import { api } from '../../api/client.js';
import type { OrderDetail, OrderList, OrderStatus, SalesOverview } from '../../api/types.js';

/** The console's side of `/_admin/v1/orders` (admin/orders-routes.ts on the server); shapes in src/api/types.ts. */
export type { OrderDetail, OrderList, OrderRow, OrderStatus, SalesOverview } from '../../api/types.js';

export interface OrderQuery {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}

const params = (siteId: string, query: Partial<OrderQuery> & { limit?: number; offset?: number }) =>
  new URLSearchParams(
    Object.entries({ siteId, ...query })
      .filter(([, v]) => v !== '' && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

export const ordersApi = {
  list: (siteId: string, query: OrderQuery, page: { limit: number; offset: number }) =>
    api<OrderList>('GET', `/_admin/v1/orders?${params(siteId, { ...query, ...page })}`),
  get: (siteId: string, id: string) =>
    api<OrderDetail>('GET', `/_admin/v1/orders/${encodeURIComponent(id)}?${params(siteId, {})}`),
  setStatus: (
    siteId: string,
    id: string,
    change: { status: OrderStatus; carrier?: string; trackingNumber?: string; note?: string },
  ) => api<OrderDetail>('POST', `/_admin/v1/orders/${encodeURIComponent(id)}/status`, { siteId, ...change }),
  overview: (siteId: string) => api<SalesOverview>('GET', `/_admin/v1/orders/overview?${params(siteId, {})}`),
  /** A plain link: the browser downloads the file with the session cookie (a GET needs no CSRF value). */
  exportUrl: (siteId: string, query: OrderQuery) => `/_admin/v1/orders/export?${params(siteId, query)}`,
};

/** Words for each status, as owners say them. */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  PAID: 'Paid',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
};

/** The button that moves an order to each status. */
export const ACTION_LABEL: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'Mark awaiting payment',
  PAID: 'Mark paid',
  SHIPPED: 'Mark shipped',
  DELIVERED: 'Mark delivered',
  CANCELED: 'Cancel order',
};

export const ORDER_STATUSES = Object.keys(STATUS_LABEL) as OrderStatus[];

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-order-${status.toLowerCase()}`}>{STATUS_LABEL[status]}</span>;
}

export const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};
