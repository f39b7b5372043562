import { useQuery, useVitrine } from '@vitrine/react';
import { Link } from '../../app/router/index.js';
import { Alert } from '../../components/Alert.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { RequireMember } from '../auth/RequireMember.js';
import { formatOrderDate } from './order-types.js';
import { fetchOrders } from './orders-api.js';

export function OrdersPage() {
  return (
    <RequireMember>
      <OrderList />
    </RequireMember>
  );
}

function OrderList() {
  const { authFetch } = useVitrine();
  const orders = useQuery(['orders'], () => fetchOrders(authFetch));
  return (
    <section className="page orders-page">
      <PageHeading>Your orders</PageHeading>
      {orders.status == 'error' ? (
        <Alert tone="error" title="Your orders could not be loaded.">
          <button type="button" className="button" onClick={() => void orders.refetch()}>
            Try again
          </button>
        </Alert>
      ) : !orders.data ? (
        <Skeleton lines={4} label="Loading your orders…" />
      ) : orders.data.length == 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">You have not placed any orders yet.</p>
          <p>
            <Link to="/">Browse the catalog</Link>
          </p>
        </div>
      ) : (
        <ul className="order-list">
          {orders.data.map((order) => (
            <li key={order._id} className="order-list__item">
              <Link to={`/account/orders/${encodeURIComponent(order._id)}`} className="order-list__link">
                Order {order.number}
              </Link>
              <span className="muted">{formatOrderDate(order.createdDate)}</span>
              <span className="muted">
                {order.itemCount} {order.itemCount == 1 ? 'item' : 'items'}
              </span>
              <Price amount={order.total} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
