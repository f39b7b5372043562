import { useLingui } from '@lingui/react';
import { useQuery } from '@vitrine/react';
import { Link, useParams } from '../../app/router/index.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { useEcom } from '../cart/use-ecom.js';
import { fetchOrder } from './orders-api.js';
import { OrderSummary } from './OrderSummary.js';

export function OrderDetailPage() {
  return (
    <RequireMember>
      <OrderDetail />
    </RequireMember>
  );
}

function OrderDetail() {
  const { _ } = useLingui();
  const { orderId = '' } = useParams();
  const ecom = useEcom();
  const order = useQuery(['order', orderId], () => fetchOrder(ecom, orderId));
  if (order.status == 'error') {
    return (
      <LoadFailedPage
        heading={_('order.heading')}
        message={_('order.loadFailed')}
        onRetry={() => void order.refetch()}
      />
    );
  }
  if (order.data === undefined) return <Skeleton lines={5} label={_('order.loading')} />;
  if (order.data === null) return <NotFoundPage what="order" />;
  return (
    <section className="page order-page">
      <p className="breadcrumb">
        <Link to="/account/orders">{_('order.backToList')}</Link>
      </p>
      <PageHeading>{_('order.title', { number: order.data.number })}</PageHeading>
      <OrderSummary order={order.data} payable />
    </section>
  );
}
