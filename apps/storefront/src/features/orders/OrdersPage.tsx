import { useLingui } from '@lingui/react';
import { useQuery, useSession } from '@vitrine/react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { useFormat } from '../../i18n/format.js';
import { useEcom } from '../cart/use-ecom.js';
import { itemCount } from './order-types.js';
import { fetchOrders } from './orders-api.js';

export function OrdersPage() {
  return (
    <RequireMember>
      <OrderList />
    </RequireMember>
  );
}

function OrderList() {
  const { _ } = useLingui();
  const format = useFormat();
  const ecom = useEcom();
  const { isMember } = useSession();
  // A member whose session ends on this page becomes a visitor before RequireMember's redirect: a visitor may not
  // search orders (401, logged by the browser), so the list is not asked for them.
  const orders = useQuery(['orders'], () => fetchOrders(ecom), { enabled: isMember });
  return (
    <section className="page orders-page">
      <PageHeading>{_('orders.heading')}</PageHeading>
      {orders.status == 'error' ? (
        <Alert tone="error" title={_('orders.loadFailed')}>
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            {_('common.tryAgain')}
          </button>
        </Alert>
      ) : !orders.data ? (
        <Skeleton lines={4} label={_('orders.loading')} />
      ) : orders.data.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{_('orders.empty')}</p>
          <p>
            <Link to="/">{_('common.browseCatalog')}</Link>
          </p>
        </div>
      ) : (
        <ul className="order-list">
          {orders.data.map((order) => (
            <li key={order.id} className="order-list__item">
              <Link to={`/account/orders/${encodeURIComponent(order.id)}`} className="order-list__link">
                {_('order.title', { number: order.number })}
              </Link>
              <span className="muted">{format.date(order.createdDate)}</span>
              <span className="muted">{_('orders.itemCount', { count: itemCount(order) })}</span>
              <Price amount={order.priceSummary.total.amount} currency={order.currency} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
