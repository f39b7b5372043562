import { useLingui } from '@lingui/react';
import { useQuery, useSession } from '@vitrine/react';
import { useState } from 'react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { useEcom } from '../cart/use-ecom.js';
import { fetchOrder } from '../orders/orders-api.js';
import { useLastOrder } from './last-order.js';
import { awaitsPayment } from './resume-payment.js';

/**
 * The empty checkout of a shopper whose last order (placed in this browser) still awaits payment, as after Back on
 * the provider's page: it names the order, with a link to where it can be paid (the member's order page, or for a
 * guest the checkout's return view). A paid, cancelled or unreadable order is forgotten.
 */
export function AwaitingOrder() {
  const { _ } = useLingui();
  const ecom = useEcom();
  const { isMember } = useSession();
  const last = useLastOrder();
  const [orderId] = useState(last.get);
  const order = useQuery(
    ['order', orderId ?? ''],
    async () => {
      const found = await fetchOrder(ecom, orderId!);
      // A paid, cancelled or unreadable order is forgotten as soon as it is read.
      if (!found || !awaitsPayment(found)) last.forget();
      return found;
    },
    { enabled: !!orderId },
  );
  if (!order.data || !awaitsPayment(order.data)) return null;
  const id = encodeURIComponent(order.data.id);
  return (
    <Alert tone="info" title={_('checkout.orderAwaiting', { number: order.data.number })}>
      <Link to={isMember ? `/account/orders/${id}` : `/checkout?order=${id}`}>{_('checkout.orderAwaitingLink')}</Link>
    </Alert>
  );
}
