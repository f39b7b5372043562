import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { useForm } from '../../forms/use-form.js';
import type { OrderDetail, OrderStatus, useSetOrderStatus } from './api.js';
import { ACTION_LABEL, STATUS_LABEL } from './order-status.js';

/**
 * The next steps of an order (the server's `nextStatuses`): Mark paid, Mark shipped (carrier and tracking
 * number), Mark delivered, Cancel order (asks first: the stock goes back). The server checks the rules
 * and the role again; its refusal is shown as it says it.
 */
export function StatusActions({
  detail,
  change,
}: {
  detail: OrderDetail;
  /** The page's status change (its success is said by the page). */
  change: ReturnType<typeof useSetOrderStatus>;
}) {
  const form = useForm({ carrier: '', trackingNumber: '', note: '' }, change);
  const busy = form.busy;
  const next = detail.nextStatuses;
  if (!next.length) return <p>This order is {STATUS_LABEL[detail.status].toLowerCase()}: nothing more to do.</p>;

  const apply = (status: OrderStatus) => {
    const { carrier, trackingNumber, note } = form.values;
    return change.mutateAsync(
      {
        status,
        ...(status === 'SHIPPED' ? { carrier, trackingNumber } : {}),
        ...(note.trim() ? { note } : {}),
      },
      { onSuccess: () => form.set('note', '') },
    );
  };
  const submit = (status: OrderStatus) => form.onSubmit(() => void apply(status).catch(() => undefined));

  return (
    <div className="order-actions">
      <label>
        Note to the customer (optional)
        <textarea rows={2} maxLength={500} {...form.field('note')} />
      </label>
      {next.includes('PAID') && (
        <form onSubmit={submit('PAID')}>
          <button type="submit" disabled={busy}>
            {ACTION_LABEL.PAID}
          </button>
        </form>
      )}
      {next.includes('SHIPPED') && (
        <form className="toolbar" onSubmit={submit('SHIPPED')} aria-label="Ship the order">
          <label>
            Carrier
            <input required maxLength={100} {...form.field('carrier')} />
          </label>
          <label>
            Tracking number
            <input required maxLength={100} spellCheck={false} {...form.field('trackingNumber')} />
          </label>
          <button type="submit" disabled={busy}>
            {ACTION_LABEL.SHIPPED}
          </button>
        </form>
      )}
      {next.includes('DELIVERED') && (
        <form onSubmit={submit('DELIVERED')}>
          <button type="submit" disabled={busy}>
            {ACTION_LABEL.DELIVERED}
          </button>
        </form>
      )}
      {next.includes('CANCELED') && (
        <ConfirmButton
          label={ACTION_LABEL.CANCELED}
          question={`Cancel order ${String(detail.order.number ?? '')}?`}
          consequence="Its items go back into stock and the customer is emailed. A cancelled order cannot be reopened."
          confirmLabel="Yes, cancel the order"
          disabled={busy}
          onConfirm={() => apply('CANCELED')}
        />
      )}
      <Notice error={form.error} />
    </div>
  );
}
