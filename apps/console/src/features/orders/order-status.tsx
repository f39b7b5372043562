import type { OrderStatus } from '../../api/types.js';

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
