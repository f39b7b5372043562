import type { OrderHistoryEntry } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { useOrder, useSetOrderStatus } from './api.js';
import { money, STATUS_LABEL, StatusBadge } from './order-status.js';
import { StatusActions } from './StatusActions.js';

interface Line {
  productId?: string;
  title?: string;
  image?: string;
  unitPrice?: number;
  quantity?: number;
  lineTotal?: number;
}
type Fields = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const dateOf = (value: unknown) =>
  value && typeof value === 'object' && '$date' in value ? new Date(String(value.$date)).toLocaleString() : '';
/** Product images are the shop's own paths (`/assets/…`) or web addresses; anything else is not shown. */
const imageSrc = (value: unknown) => (typeof value === 'string' && /^(\/[^/]|https?:\/\/)/.test(value) ? value : '');

function address(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const a = value as Fields;
  return [
    a.name,
    a.addressLine,
    a.addressLine2,
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.subdivision,
    a.country,
  ]
    .map(text)
    .filter(Boolean)
    .join(', ');
}

/** #29's shipping methods: a name (or title) and a price when the order has one; a plain string too. */
function shippingMethod(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const m = value as Fields;
  return text(m.name) || text(m.title) || text(m.label) || text(m.id);
}

const historyLine = (h: OrderHistoryEntry) =>
  `${h.fromStatus ? `${STATUS_LABEL[h.fromStatus]} → ` : ''}${STATUS_LABEL[h.toStatus]}` +
  (h.carrier ? ` (${h.carrier} ${h.trackingNumber ?? ''})` : '');

/** One order: lines, totals, customer, shipping, history, and the next status for owners and editors. */
export function OrderPage({ siteId, orderId, canChange }: { siteId: string; orderId: string; canChange: boolean }) {
  const { data: detail, error: loadError } = useOrder(siteId, orderId);
  const setStatus = useSetOrderStatus(siteId, orderId);
  const error = loadError?.message;
  const success = setStatus.isSuccess
    ? `Marked ${STATUS_LABEL[setStatus.variables.status].toLowerCase()}; the customer is being emailed.`
    : undefined;

  if (!detail)
    return (
      <>
        <p>
          <Link to="/orders">All orders</Link>
        </p>
        <Notice error={error} />
        {!error && <p role="status">Loading the order…</p>}
      </>
    );
  const order = detail.order as Fields;
  const currency = text(order.currency) || 'USD';
  const lines = (Array.isArray(order.lines) ? order.lines : []) as Line[];
  const method = shippingMethod(order.shippingMethod);
  const shippingCost = typeof order.shippingCost === 'number' ? order.shippingCost : undefined;
  return (
    <>
      <p>
        <Link to="/orders">All orders</Link>
      </p>
      <PageHeading>{`Order ${text(order.number)}`}</PageHeading>
      <p>
        <StatusBadge status={detail.status} /> Placed {dateOf(order._createdDate)}
      </p>
      <Notice error={error} success={success} />
      {canChange && (
        <section aria-labelledby="next-heading">
          <h2 id="next-heading">Next step</h2>
          <StatusActions detail={detail} change={setStatus} />
        </section>
      )}
      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Items</h2>
        <div className="table-wrap">
          <table className="order-lines">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={`${line.productId ?? ''}-${i}`}>
                  <td data-label="Product">
                    <span className="order-line-product">
                      {imageSrc(line.image) && <img src={imageSrc(line.image)} alt="" width={48} height={48} />}
                      {text(line.title) || text(line.productId)}
                    </span>
                  </td>
                  <td data-label="Quantity">{line.quantity}</td>
                  <td data-label="Price">{money(Number(line.unitPrice ?? 0), currency)}</td>
                  <td data-label="Total">{money(Number(line.lineTotal ?? 0), currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="facts order-totals">
          <dt>Subtotal</dt>
          <dd>{money(Number(order.subtotal ?? 0), currency)}</dd>
          {shippingCost !== undefined && (
            <>
              <dt>Shipping</dt>
              <dd>{money(shippingCost, currency)}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>
            <strong>{money(Number(order.total ?? 0), currency)}</strong>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="customer-heading">
        <h2 id="customer-heading">Customer and shipping</h2>
        <dl className="facts">
          <dt>Customer</dt>
          <dd>
            {detail.customer.memberId ? (
              <Link to={`/members/${encodeURIComponent(detail.customer.memberId)}`}>
                {detail.customer.email ?? detail.customer.memberId}
              </Link>
            ) : detail.customer.email ? (
              `${detail.customer.email} (guest)`
            ) : (
              'Unknown'
            )}
          </dd>
          <dt>Ships to</dt>
          <dd>{address(order.shippingAddress) || 'No address'}</dd>
          <dt>Shipping method</dt>
          <dd>{method || 'None chosen'}</dd>
          {text(order.carrier) && (
            <>
              <dt>Carrier</dt>
              <dd>{text(order.carrier)}</dd>
              <dt>Tracking number</dt>
              <dd>{text(order.trackingNumber)}</dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="order-history">
          <li>
            <time>{dateOf(order._createdDate)}</time> Placed by the customer
          </li>
          {detail.history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.date}>{new Date(h.date).toLocaleString()}</time> {historyLine(h)}, by {h.actor}
              {h.note && <q>{h.note}</q>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
