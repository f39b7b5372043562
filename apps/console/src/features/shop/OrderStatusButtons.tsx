import { useState } from 'react';
import type { ShopOrderDetail, ShopOrderStatus } from '../../api/types.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import type { useMoveOrder } from './orders-api.js';
import { ORDER_ACTION_LABEL, ORDER_STATUS_LABEL } from './order-words.js';

/**
 * The moves the server says the order may make now (`nextStatuses`): Mark paid, Mark fulfilled as the main
 * actions, Cancel order outlined at the row's end (asks first: its stock and the code's use go back). An optional note goes to the shopper's mail and the history.
 */
export function OrderStatusButtons({
  detail,
  move,
}: {
  detail: ShopOrderDetail;
  move: ReturnType<typeof useMoveOrder>;
}) {
  const [note, setNote] = useState('');
  const next = detail.order.nextStatuses;
  if (!next.length)
    return <p>This order is {ORDER_STATUS_LABEL[detail.order.status].toLowerCase()}: nothing more to do.</p>;
  const apply = (status: ShopOrderStatus) =>
    move.mutateAsync({ status, ...(note.trim() ? { note: note.trim() } : {}) }).then(() => setNote(''));
  return (
    <div className="order-actions">
      <label>
        Note to the shopper (optional)
        <textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="actions">
        {next
          .filter((s) => s !== 'CANCELED')
          .map((status) => (
            <button
              key={status}
              type="button"
              disabled={move.isPending}
              onClick={() => void apply(status).catch(() => undefined)}
            >
              {ORDER_ACTION_LABEL[status]}
            </button>
          ))}
        {next.includes('CANCELED') && (
          <span className="order-actions__secondary">
            <ConfirmButton
              quiet
              label={ORDER_ACTION_LABEL.CANCELED}
              question={`Cancel order ${detail.order.number}?`}
              consequence="Its items go back into stock, a discount code's use is given back, and the shopper is emailed. A cancelled order cannot be reopened."
              confirmLabel="Yes, cancel the order"
              disabled={move.isPending}
              onConfirm={() => apply('CANCELED')}
            />
          </span>
        )}
      </div>
    </div>
  );
}
