import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { Alert } from '../../components/Alert.js';
import { useFormat } from '../../i18n/format.js';
import { useEcom } from '../cart/use-ecom.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrderPayment } from './payments-api.js';
import { awaitsPayment, useResumePayment } from './resume-payment.js';

/**
 * On an order's page (the member's, or a guest's by its link): an order still awaiting an online payment says so,
 * with **Pay now**, which opens its payment again (resume-payment.ts). Nothing for a paid or cancelled order, an
 * offline method (its instructions are in the mail), or when this browser may not pay the order (the payments API
 * answers only the visitor or member who placed it).
 */
export function PayNow({ order }: { order: Order }) {
  const { _ } = useLingui();
  const format = useFormat();
  const ecom = useEcom();
  const unpaid = awaitsPayment(order);
  const payment = useQuery(['order-payment', order.id], () => fetchOrderPayment(ecom, order.id), { enabled: unpaid });
  const { open, resume, busy, error } = useResumePayment(order, payment.data, unpaid);
  if (!unpaid || payment.data?.paymentStatus != 'NOT_PAID' || !open) return null;
  const amount = format.price(order.priceSummary.total.amount, order.currency);
  return (
    <div className="pay-now">
      <Alert tone="info" title={_('order.awaitingPayment', { amount })}>
        {_('checkout.paymentKept')}
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
      <p className="actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void resume()}>
          {_('order.payNow')}
        </button>
      </p>
    </div>
  );
}
