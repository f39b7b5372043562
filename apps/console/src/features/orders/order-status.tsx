import { ORDER_STATUS_LABEL } from '../shop/order-words.js';

/**
 * Words for the statuses the Overview's sales block names: the older shop's (placed, shipped, delivered) and the
 * commerce module's (fulfilled), so the block reads either overview while the server moves onto the module.
 */
export const STATUS_LABEL: Record<string, string> = {
  ...ORDER_STATUS_LABEL,
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-order-${status.toLowerCase()}`}>{STATUS_LABEL[status] ?? status}</span>;
}

/** The sales overview's amounts, in the currency's major units as the overview gives them. */
export const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
};
