import { useLingui } from '@lingui/react';
import { ApiRequestError, useQuery } from '@vitrine/react';
import { Link, useSearchParams } from '../../app/router/index.js';
import { ORDER_LINK_EXPIRED } from '../../app/error-codes.js';
import { NotFoundPage } from '../../app/NotFoundPage.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useEcom } from '../cart/use-ecom.js';
import { fetchOrderByLink } from './orders-api.js';
import { OrderSummary } from './OrderSummary.js';

/**
 * `/order?token=…`: a guest's order, opened from the link of its confirmation mail (signed by the server,
 * valid for 30 days; the token goes in a POST body, never in the API's URLs).
 */
export function GuestOrderPage() {
  const { _ } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const ecom = useEcom();
  const order = useQuery(['guest-order', token], () => fetchOrderByLink(ecom, token), {
    enabled: !!token,
    shared: true,
  });
  if (!token || order.data === null) return <NotFoundPage what="order" />;
  if (order.status == 'error') {
    const expired = order.error instanceof ApiRequestError && order.error.code == ORDER_LINK_EXPIRED;
    return (
      <section className="page">
        <PageHeading>{_('order.heading')}</PageHeading>
        <Alert tone="error">{expired ? _('guestOrder.expired') : _('order.loadFailed')}</Alert>
        {expired && (
          <p className="actions">
            <Link to="/sign-in" className="button">
              {_('header.signIn')}
            </Link>
            <Link to="/create-account">{_('header.createAccount')}</Link>
          </p>
        )}
      </section>
    );
  }
  if (!order.data) return <Skeleton lines={5} label={_('order.loading')} />;
  return (
    <section className="page order-page">
      <PageHeading>{_('order.title', { number: order.data.number })}</PageHeading>
      <OrderSummary order={order.data} payable />
    </section>
  );
}
