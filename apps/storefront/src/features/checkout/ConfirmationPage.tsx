import { useLingui } from '@lingui/react';
import { useQuery, useSession } from '@vitrine/react';
import { Link, useLocation, useParams } from '../../app/router/index.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { LoadFailedPage } from '../../components/LoadFailedPage.js';
import { Skeleton } from '../../components/Skeleton.js';
import { Rich } from '../../i18n/Rich.js';
import { isolate } from '../../i18n/isolate.js';
import { useEcom } from '../cart/use-ecom.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrder } from '../orders/orders-api.js';
import { OrderSummary } from '../orders/OrderSummary.js';
import { PaymentState } from './PaymentState.js';

interface Placed {
  order?: Order;
  email?: string;
}

/**
 * `/checkout/confirmation/:orderId`: right after checkout it shows the order checkout handed over; later (a
 * reload), the order read again with `GET /ecom/v1/orders/{id}`, which the member or the visitor that placed it may
 * read. Its payment comes from the payments API (PaymentState). A guest's confirmation mail links to the order's own page (`/order?token=…`).
 */
export function ConfirmationPage() {
  const { orderId = '' } = useParams();
  const placed = useLocation().state as Placed | null;
  if (placed?.order?.id == orderId) return <Confirmation order={placed.order} email={placed.email} />;
  return <FetchedConfirmation orderId={orderId} email={placed?.email} />;
}

function FetchedConfirmation({ orderId, email }: { orderId: string; email?: string }) {
  const { _ } = useLingui();
  const ecom = useEcom();
  const fetched = useQuery(['order', orderId], () => fetchOrder(ecom, orderId));
  if (fetched.status == 'error')
    return (
      <LoadFailedPage
        heading={_('order.heading')}
        message={_('order.loadFailed')}
        onRetry={() => void fetched.refetch()}
      />
    );
  if (fetched.data === null) return <NotFoundPage what="order" />;
  if (!fetched.data) return <Skeleton lines={4} label={_('confirmation.loading')} />;
  return <Confirmation order={fetched.data} email={email ?? fetched.data.buyerInfo.email} />;
}

function Confirmation({ order, email }: { order: Order; email?: string }) {
  const { _ } = useLingui();
  const { isMember } = useSession();
  const guest = !order.buyerInfo.memberId;
  return (
    <section className="page confirmation-page">
      <PageHeading title={_('confirmation.title', { number: order.number })}>{_('confirmation.heading')}</PageHeading>
      <Alert tone="success" title={_('confirmation.number', { number: order.number })}>
        {email ? _('confirmation.mailSent', { email: isolate(email) }) : _('confirmation.body')}
      </Alert>
      <PaymentState order={order} />
      <OrderSummary order={order} />
      {guest && !isMember && (
        <p>
          <Rich id="confirmation.createAccount" components={{ 0: <Link to="/create-account" /> }} />
        </p>
      )}
      <p className="actions">
        <Link to="/" className="button">
          {_('common.continueShopping')}
        </Link>
        {!guest && <Link to={`/account/orders/${encodeURIComponent(order.id)}`}>{_('confirmation.viewDetails')}</Link>}
      </p>
    </section>
  );
}
