import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { useFormat } from '../../i18n/format.js';
import { useEcom } from '../cart/use-ecom.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrderPayment } from './payments-api.js';
import './checkout.css';

/** How long the page asks again while a provider has not confirmed the money yet (its webhook may come later). */
const POLL_MS = 2000;
const POLL_FOR_MS = 30_000;

/**
 * What was paid for the order, read from `GET /_api/vitrine/v1/payments/orders/{id}`: paid (and how much), awaiting
 * payment with an offline method's instructions, being confirmed (asked again every 2 s for half a minute), or
 * failed. Without any payment it says the order awaits payment, as before payments existed.
 */
export function PaymentState({ order }: { order: Order }) {
  const { _ } = useLingui();
  const format = useFormat();
  const ecom = useEcom();
  const payment = useQuery(['order-payment', order.id], () => fetchOrderPayment(ecom, order.id));
  const started = useRef(Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const data = payment.data;
  const onlinePending =
    !!data &&
    (data.paymentStatus == 'PENDING' ||
      (data.paymentStatus == 'NOT_PAID' &&
        data.payments.some((p) => p.provider != 'offline' && (p.status == 'pending' || p.status == 'processing'))));
  const { refetch, fetching } = payment;
  useEffect(() => {
    if (!onlinePending || fetching) return;
    if (Date.now() - started.current > POLL_FOR_MS) return setGaveUp(true);
    const timer = setTimeout(() => void refetch().catch(() => undefined), POLL_MS);
    return () => clearTimeout(timer);
  }, [onlinePending, fetching, refetch]);

  const amount = format.price(order.priceSummary.total.amount, order.currency);
  if (!data) return payment.status == 'error' ? <p>{_('checkout.paymentOffline')}</p> : null;
  switch (data.paymentStatus) {
    case 'PAID':
    case 'PARTIALLY_REFUNDED':
    case 'FULLY_REFUNDED':
      return (
        <Alert tone="success" title={_('confirmation.paid', { amount })}>
          {_('confirmation.paidBody')}
        </Alert>
      );
    case 'DECLINED':
      return (
        <Alert tone="error" title={_('confirmation.declined')}>
          <Link to={`/checkout?order=${encodeURIComponent(order.id)}`}>{_('confirmation.tryAgain')}</Link>
        </Alert>
      );
  }
  if (data.instructions)
    return (
      <Alert tone="info" title={_('confirmation.awaiting', { amount })}>
        <p>
          <strong>
            <bdi>{data.instructions.name}</bdi>
          </strong>
        </p>
        <p className="payment-instructions">
          <bdi>{data.instructions.instructions}</bdi>
        </p>
      </Alert>
    );
  if (onlinePending)
    return <Alert tone="info">{gaveUp ? _('confirmation.notConfirmedYet') : _('confirmation.confirming')}</Alert>;
  return <p>{_('checkout.paymentOffline')}</p>;
}
