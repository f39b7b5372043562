import { useLingui } from '@lingui/react';
import { useQuery, useVitrine } from '@vitrine/react';
import { Link, useLocation, useParams } from '../../app/router/index.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrder } from '../orders/orders-api.js';
import { OrderSummary } from '../orders/OrderSummary.js';

export function ConfirmationPage() {
  return (
    <RequireMember>
      <Confirmation />
    </RequireMember>
  );
}

function Confirmation() {
  const { _ } = useLingui();
  const { orderId = '' } = useParams();
  const placed = (useLocation().state as { order?: Order } | null)?.order;
  const { authFetch } = useVitrine();
  const fetched = useQuery(['order', orderId], () => fetchOrder(authFetch, orderId), { enabled: !placed });
  const order = placed?._id == orderId ? placed : fetched.data;

  if (!order) {
    if (fetched.status == 'error') return <Alert tone="error">{_('order.loadFailed')}</Alert>;
    if (fetched.data === null) return <NotFoundPage what="order" />;
    return <Skeleton lines={4} label={_('confirmation.loading')} />;
  }
  return (
    <section className="page confirmation-page">
      <PageHeading title={_('confirmation.title', { number: order.number })}>{_('confirmation.heading')}</PageHeading>
      <Alert tone="success" title={_('confirmation.number', { number: order.number })}>
        {_('confirmation.body')}
      </Alert>
      <OrderSummary order={order} />
      <p className="actions">
        <Link to="/" className="button">
          {_('common.continueShopping')}
        </Link>
        <Link to={`/account/orders/${encodeURIComponent(order._id)}`}>{_('confirmation.viewDetails')}</Link>
      </p>
    </section>
  );
}
