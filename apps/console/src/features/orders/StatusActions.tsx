import { useState, type FormEvent } from 'react';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { Notice } from '../../components/Notice.js';
import { ACTION_LABEL, ordersApi, STATUS_LABEL, type OrderDetail, type OrderStatus } from './orders-api.js';

/**
 * The next steps of an order (the server's `nextStatuses`): Mark paid, Mark shipped (carrier and tracking
 * number), Mark delivered, Cancel order (asks first: the stock goes back). The server checks the rules
 * and the role again; its refusal is shown as it says it.
 */
export function StatusActions({
  siteId,
  detail,
  onChanged,
}: {
  siteId: string;
  detail: OrderDetail;
  onChanged: (detail: OrderDetail, message: string) => void;
}) {
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const next = detail.nextStatuses;
  if (!next.length) return <p>This order is {STATUS_LABEL[detail.status].toLowerCase()}: nothing more to do.</p>;

  async function apply(status: OrderStatus) {
    setBusy(true);
    setError(undefined);
    try {
      const changed = await ordersApi.setStatus(siteId, detail.order._id as string, {
        status,
        ...(status === 'SHIPPED' ? { carrier, trackingNumber } : {}),
        ...(note.trim() ? { note } : {}),
      });
      setNote('');
      onChanged(changed, `Marked ${STATUS_LABEL[status].toLowerCase()}; the customer is being emailed.`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  const submit = (status: OrderStatus) => (event: FormEvent) => {
    event.preventDefault();
    void apply(status);
  };

  return (
    <div className="order-actions">
      <label>
        Note to the customer (optional)
        <textarea value={note} rows={2} maxLength={500} onChange={(e) => setNote(e.target.value)} />
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
            <input value={carrier} required maxLength={100} onChange={(e) => setCarrier(e.target.value)} />
          </label>
          <label>
            Tracking number
            <input
              value={trackingNumber}
              required
              maxLength={100}
              spellCheck={false}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
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
      <Notice error={error} />
    </div>
  );
}
