import { ORDER_STATUS_LABEL } from '../shop/order-words.js';

/** Words for the statuses the Overview's sales block names (the commerce module's). */
export const STATUS_LABEL: Record<string, string> = ORDER_STATUS_LABEL;

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-order-${status.toLowerCase()}`}>{STATUS_LABEL[status] ?? status}</span>;
}
