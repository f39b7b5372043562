import { useId } from 'react';
import type { OrderPayment, OrderRefund } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { formatMoney } from './money.js';
import { actorLabel } from './order-words.js';
import { useOrderPayments } from './payments-api.js';
import { paymentStatusLabel, providerLabel, refundStatusLabel } from './payment-words.js';
import { RefundForm } from './RefundForm.js';
import { refundRoom } from './refund-form.js';

const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;

function RefundLine({ refund }: { refund: OrderRefund }) {
  return (
    <li>
      {`${formatMoney(refund.amount, refund.currency)} · ${refundStatusLabel(refund.status)} · `}
      {when(refund.createdDate)}
      {`, by ${actorLabel(refund.actor)}`}
      {refund.reason && <q>{refund.reason}</q>}
    </li>
  );
}

function PaymentItem({ payment, refunds }: { payment: OrderPayment; refunds: OrderRefund[] }) {
  const refundsId = useId();
  const failure = payment.failure && typeof payment.failure.message === 'string' ? payment.failure.message : '';
  return (
    <li className="payment">
      <dl className="facts">
        <dt>Provider</dt>
        <dd>{providerLabel(payment.provider, payment.method)}</dd>
        <dt>Amount</dt>
        <dd>{formatMoney(payment.amount, payment.currency)}</dd>
        <dt>Status</dt>
        <dd>
          {paymentStatusLabel(payment.status)}
          {failure && ` (${failure})`}
        </dd>
        <dt>When</dt>
        <dd>
          Started {when(payment.createdDate)}
          {payment.completedDate && <>, done {when(payment.completedDate)}</>}
        </dd>
        {payment.refundedAmount > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatMoney(payment.refundedAmount, payment.currency)}</dd>
          </>
        )}
      </dl>
      {refunds.length > 0 && (
        <>
          <h3 id={refundsId}>Refunds</h3>
          <ul className="refund-list" aria-labelledby={refundsId}>
            {refunds.map((r) => (
              <RefundLine key={r.id} refund={r} />
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/**
 * The order's payments (provider, method, amount, status, when) with the refunds of each, and the Refund form for
 * owners (CONSOLE_ROLES.refunds); editors and support are told who may refund instead of being offered a button
 * the server would refuse.
 */
export function OrderPayments({
  siteId,
  orderId,
  orderNumber,
  currency,
  paymentStatus,
  canRefund,
}: {
  siteId: string;
  orderId: string;
  orderNumber: string;
  currency: string;
  /** The order's own (its page's), which a move changes at once. */
  paymentStatus: string;
  canRefund: boolean;
}) {
  const { data, error } = useOrderPayments(siteId, orderId);
  const room = data ? refundRoom(data) : undefined;
  return (
    <>
      <section aria-labelledby="payments-heading">
        <h2 id="payments-heading">Payments</h2>
        <Notice error={error?.message} />
        {!data && !error && <p role="status">Loading the payments…</p>}
        {data && !data.payments.length && <p>No payment was started for this order.</p>}
        {data && data.payments.length > 0 && (
          <ul className="payment-list">
            {data.payments.map((p) => (
              <PaymentItem key={p.id} payment={p} refunds={data.refunds.filter((r) => r.paymentId === p.id)} />
            ))}
          </ul>
        )}
      </section>
      {data && room && (room.paid > 0 || paymentStatus === 'PAID') && (
        <section aria-labelledby="refund-heading">
          <h2 id="refund-heading" tabIndex={-1}>
            Refund
          </h2>
          {room.paid === 0 ? (
            <p>Paid outside Vitrine (marked paid by hand): give the money back the way it came.</p>
          ) : canRefund ? (
            <RefundForm siteId={siteId} orderId={orderId} orderNumber={orderNumber} currency={currency} room={room} />
          ) : room.left > 0 ? (
            <p>{`${formatMoney(room.left, currency)} can be refunded. Refunds are made by the site’s owners.`}</p>
          ) : (
            <p>Everything paid has been refunded.</p>
          )}
        </section>
      )}
    </>
  );
}
