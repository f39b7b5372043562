import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { useSalesOverview } from './api.js';
import { formatMoney, toDecimal } from '../shop/money.js';
import { STATUS_LABEL, StatusBadge } from './order-status.js';

const W = 600;
const H = 120;
const PAD = 24;

/**
 * Sales on the Overview: revenue, orders and average order value over 30 days (a bar a day, the numbers in
 * a table behind "The numbers per day"), the best sellers, and the orders waiting for the shop.
 */
export function SalesSection({ siteId }: { siteId: string }) {
  const { data: sales, error: refusal } = useSalesOverview(siteId);
  if (refusal) return <Notice error={`Sales: ${refusal.message}`} />;
  if (!sales) return null;
  // The overview's amounts are minor units of the site's currency (cents; none for JPY).
  const cur = (n: number) => formatMoney(n, sales.currency);
  const max = Math.max(1, ...sales.days.map((d) => d.revenue));
  const slot = (W - PAD) / sales.days.length;
  const y = (v: number) => H - PAD - (v / max) * (H - 2 * PAD);
  const waiting = sales.awaitingAction;
  return (
    <>
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading">Sales, last 30 days</h2>
        <dl className="stats">
          <div>
            <dt>Revenue</dt>
            <dd>{cur(sales.totals.revenue)}</dd>
          </div>
          <div>
            <dt>Orders</dt>
            <dd>{sales.totals.orders}</dd>
          </div>
          <div>
            <dt>Average order value</dt>
            <dd>{cur(sales.totals.averageOrderValue)}</dd>
          </div>
        </dl>
        <figure className="chart">
          <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="sales-chart-title">
            <title id="sales-chart-title">{`Revenue per day; best day ${cur(max)}.`}</title>
            <line x1={PAD} x2={W} y1={H - PAD} y2={H - PAD} className="axis" />
            <text x={0} y={PAD} className="tick">
              {toDecimal(max, sales.currency)}
            </text>
            <text x={PAD} y={H - 6} className="tick">
              {sales.days[0]?.day}
            </text>
            <text x={W} y={H - 6} className="tick" textAnchor="end">
              {sales.days.at(-1)?.day}
            </text>
            {sales.days.map((d, i) => (
              <rect
                key={d.day}
                x={PAD + i * slot}
                y={y(d.revenue)}
                width={Math.max(1, slot - 2)}
                height={H - PAD - y(d.revenue)}
                className="bar-revenue"
              />
            ))}
          </svg>
          <figcaption>Revenue per day (UTC), in {sales.currency}</figcaption>
          <details>
            <summary>The numbers per day</summary>
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    <th scope="col">Orders</th>
                    <th scope="col">Revenue</th>
                    <th scope="col">Average order</th>
                  </tr>
                </thead>
                <tbody>
                  {sales.days.map((d) => (
                    <tr key={d.day}>
                      <td data-label="Day (UTC)">{d.day}</td>
                      <td data-label="Orders">{d.orders}</td>
                      <td data-label="Revenue">{cur(d.revenue)}</td>
                      <td data-label="Average order">{cur(d.averageOrderValue)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
        <h3>Top products</h3>
        {sales.topProducts.length ? (
          <ol>
            {sales.topProducts.map((p) => (
              <li key={p.productId}>
                <bdi>{p.title}</bdi>: {p.quantity} sold, {cur(p.revenue)}
              </li>
            ))}
          </ol>
        ) : (
          <p>No sales in the last 30 days.</p>
        )}
      </section>
      <section aria-labelledby="orders-waiting-heading">
        <h2 id="orders-waiting-heading">Orders awaiting action</h2>
        <dl className="stats">
          <div>
            <dt>{STATUS_LABEL.AWAITING_PAYMENT}</dt>
            <dd>{waiting.awaitingPayment}</dd>
          </div>
          <div>
            <dt>To ship</dt>
            <dd>{waiting.toShip}</dd>
          </div>
        </dl>
        {waiting.oldest.length > 0 && (
          <ul className="waiting-orders">
            {waiting.oldest.map((o) => (
              <li key={o._id}>
                <Link to={`/shop/orders/${encodeURIComponent(o._id)}`}>{o.number}</Link>{' '}
                <StatusBadge status={o.status} /> {new Date(o.createdDate).toLocaleDateString()} · {o.email ?? ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
