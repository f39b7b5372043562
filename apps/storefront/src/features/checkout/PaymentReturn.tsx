import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useFormat } from '../../i18n/format.js';
import { useCart } from '../cart/cart-context.js';
import { useEcom } from '../cart/use-ecom.js';
import { fetchOrder } from '../orders/orders-api.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrderPayment, refillCart } from './payments-api.js';
import { useResumePayment } from './resume-payment.js';

const PAID = ['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'];

/**
 * Back at `/checkout?order={id}` from the provider's page (its cancel URL). A declined payment cancelled the order
 * and gave its stock back: its lines go back into the cart (once per order and tab) and the checkout says why. A
 * payment left unfinished (the shopper came back from the provider) keeps the order awaiting payment: "Pay $43.50"
 * opens the same payment again. A paid order goes to its confirmation. `children` renders the checkout itself (after
 * a decline, with the declined order, whose email, address and delivery fill the form again).
 */
export function PaymentReturn({ children }: { children: (notice?: string, declined?: Order) => ReactNode }) {
  const { _ } = useLingui();
  const format = useFormat();
  const ecom = useEcom();
  const cart = useCart();
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const back = useQuery(
    ['payment-return', orderId],
    async () => {
      const [payment, order] = await Promise.all([fetchOrderPayment(ecom, orderId), fetchOrder(ecom, orderId)]);
      const mark = `vitrine.refilled.${orderId}`;
      if (order && payment.paymentStatus == 'DECLINED' && !sessionStorage.getItem(mark)) {
        sessionStorage.setItem(mark, '1');
        await refillCart(ecom, order);
        await cart.reload().catch(() => undefined);
      }
      return { payment, order };
    },
    { enabled: !!orderId },
  );
  const { open, resume, busy, error } = useResumePayment(back.data?.order ?? undefined, back.data?.payment, !!orderId);
  if (!orderId || back.status == 'error' || back.data?.order === null) return <>{children()}</>;
  if (!back.data) return <Skeleton lines={3} label={_('checkout.paymentChecking')} />;
  const { payment, order } = back.data;
  if (!order) return <>{children()}</>;
  const declined = payment.paymentStatus == 'DECLINED';
  if (PAID.includes(payment.paymentStatus))
    return <Navigate to={`/checkout/confirmation/${encodeURIComponent(order.id)}`} replace />;
  if (declined) return <>{children(_('checkout.paymentDeclined', { number: order.number }), order)}</>;
  if (order.status == 'CANCELED') return <>{children()}</>;
  const amount = format.price(order.priceSummary.total.amount, order.currency);
  return (
    <section className="page checkout-page">
      <PageHeading>{_('checkout.heading')}</PageHeading>
      <Alert tone="info" title={_('checkout.paymentUnfinished', { number: order.number })}>
        {_('checkout.paymentKept')}
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
      {open && (
        <p className="actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void resume()}>
            {_('checkout.pay', { amount })}
          </button>
        </p>
      )}
    </section>
  );
}
