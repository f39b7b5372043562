import type { ShopOrderStatus } from '../../api/types.js';

/** The module's order statuses (commerce/orders/state.ts) as owners say them. */
export const ORDER_STATUS_LABEL: Record<ShopOrderStatus, string> = {
  AWAITING_PAYMENT: 'Awaiting payment',
  PAID: 'Paid',
  FULFILLED: 'Fulfilled',
  CANCELED: 'Cancelled',
};

/** The button that moves an order to each status. */
export const ORDER_ACTION_LABEL: Record<ShopOrderStatus, string> = {
  AWAITING_PAYMENT: 'Mark awaiting payment',
  PAID: 'Mark paid',
  FULFILLED: 'Mark fulfilled',
  CANCELED: 'Cancel order',
};

export const SHOP_ORDER_STATUSES = Object.keys(ORDER_STATUS_LABEL) as ShopOrderStatus[];

export function OrderStatusBadge({ status }: { status: ShopOrderStatus }) {
  return <span className={`badge badge-order-${status.toLowerCase()}`}>{ORDER_STATUS_LABEL[status]}</span>;
}

/**
 * Who moved an order, from the history's actor ('shopper', 'owner:<id>', 'api-key:<name>', 'admin-key', 'system',
 * 'payment:<provider>').
 */
export function actorLabel(actor: string): string {
  if (actor === 'shopper') return 'the shopper';
  if (actor === 'system') return 'the shop (automatically)';
  if (actor === 'admin-key') return 'the admin key';
  if (actor.startsWith('owner:')) return 'an owner';
  if (actor.startsWith('payment:')) return `the payment provider (${actor.slice('payment:'.length)})`;
  if (actor.startsWith('api-key:')) return `API key ${actor.slice('api-key:'.length)}`;
  return actor;
}
