import { useLingui } from '@lingui/react';
import { useQuery, useSession, useVitrine } from '@vitrine/react';
import { Link, useLocation, useParams } from '../../app/router/index.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { Rich } from '../../i18n/Rich.js';
import { isolate } from '../../i18n/isolate.js';
import { RequireMember } from '../auth/RequireMember.js';
import type { Order } from '../orders/order-types.js';
import { fetchOrder } from '../orders/orders-api.js';
import { OrderSummary } from '../orders/OrderSummary.js';

interface Placed {
  order?: Order;
  /** A guest's signed link token (the confirmation mail has the same link). */
  orderToken?: string;
  email?: string;
}

/**
 * `/checkout/confirmation/:orderId`: right after checkout it shows the order checkout handed over (guests
 * and members); later, a member's own order read from the server (a visitor is asked to sign in).
 */
export function ConfirmationPage() {
  const { orderId = '' } = useParams();
  const placed = useLocation().state as Placed | null;
  const { isMember } = useSession();
  if (placed?.order?._id == orderId) return <Confirmation order={placed.order} placed={placed} />;
  if (!isMember) return <RequireMember>{null}</RequireMember>;
  return <MemberConfirmation orderId={orderId} />;
}

function MemberConfirmation({ orderId }: { orderId: string }) {
  const { _ } = useLingui();
  const { authFetch } = useVitrine();
  const fetched = useQuery(['order', orderId], () => fetchOrder(authFetch, orderId));
  if (fetched.status == 'error') return <Alert tone="error">{_('order.loadFailed')}</Alert>;
  if (fetched.data === null) return <NotFoundPage what="order" />;
  if (!fetched.data) return <Skeleton lines={4} label={_('confirmation.loading')} />;
  return <Confirmation order={fetched.data} placed={{}} />;
}

function Confirmation({ order, placed }: { order: Order; placed: Placed }) {
  const { _ } = useLingui();
  const guest = !!placed.orderToken;
  const details = guest
    ? `/order?token=${encodeURIComponent(placed.orderToken!)}`
    : `/account/orders/${encodeURIComponent(order._id)}`;
  return (
    <section className="page confirmation-page">
      <PageHeading title={_('confirmation.title', { number: order.number })}>{_('confirmation.heading')}</PageHeading>
      <Alert tone="success" title={_('confirmation.number', { number: order.number })}>
        {placed.email ? _('confirmation.mailSent', { email: isolate(placed.email) }) : _('confirmation.body')}
      </Alert>
      <p>{_('checkout.paymentOffline')}</p>
      <OrderSummary order={order} />
      {guest && (
        <p>
          <Rich id="confirmation.createAccount" components={{ 0: <Link to="/create-account" /> }} />
        </p>
      )}
      <p className="actions">
        <Link to="/" className="button">
          {_('common.continueShopping')}
        </Link>
        <Link to={details}>{_('confirmation.viewDetails')}</Link>
      </p>
    </section>
  );
}
