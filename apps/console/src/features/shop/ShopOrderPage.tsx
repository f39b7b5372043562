import { Link } from '../../components/Link.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatMoney } from './money.js';
import { addressLine, methodLine, soldLine } from './order-lines.js';
import { OrderStatusButtons } from './OrderStatusButtons.js';
import { actorLabel, ORDER_STATUS_LABEL, OrderStatusBadge } from './order-words.js';
import { useMoveOrder, useShopOrder } from './orders-api.js';
import { shopMessage } from './shop-messages.js';

const percent = (rate: number) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(rate)}%`;

/**
 * One order of the module as it was sold: each line's variant with its choices, unit price, discount, tax and
 * rate, total; the totals; the buyer, delivery and history; the next steps for owners and editors.
 */
export function ShopOrderPage({ siteId, orderId, canChange }: { siteId: string; orderId: string; canChange: boolean }) {
  const { data: detail, error: loadError } = useShopOrder(siteId, orderId);
  const move = useMoveOrder(siteId, orderId);
  const back = (
    <p>
      <Link to="/shop/orders">All orders</Link>
    </p>
  );
  if (!detail)
    return (
      <>
        {back}
        <Notice error={loadError?.message} />
        {!loadError && <p role="status">Loading the order…</p>}
      </>
    );
  const { order, history } = detail;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const lines = order.lines.map(soldLine);
  const success = move.isSuccess
    ? `Marked ${ORDER_STATUS_LABEL[move.variables.status].toLowerCase()}; the shopper is being emailed.`
    : undefined;
  return (
    <>
      {back}
      <PageHeading>{`Order ${order.number}`}</PageHeading>
      <p>
        <OrderStatusBadge status={order.status} /> Placed {new Date(order.createdDate).toLocaleString()}
        {order.expiresDate && order.status === 'AWAITING_PAYMENT' && (
          <> · cancelled if unpaid by {new Date(order.expiresDate).toLocaleString()}</>
        )}
      </p>
      <Notice error={shopMessage(move.error)} success={success} />
      {canChange && (
        <section aria-labelledby="next-heading">
          <h2 id="next-heading">Next step</h2>
          <OrderStatusButtons detail={detail} move={move} />
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
                <th scope="col">Unit price</th>
                <th scope="col">Discount</th>
                <th scope="col">Tax</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td data-label="Product">
                    <span className="order-line-product">
                      {line.image && <img src={line.image} alt="" width={48} height={48} />}
                      <span>
                        {line.name}
                        {line.choices && <span className="order-line-choices">{line.choices}</span>}
                        {line.sku && <span className="order-line-choices">SKU {line.sku}</span>}
                      </span>
                    </span>
                  </td>
                  <td data-label="Quantity">{line.quantity}</td>
                  <td data-label="Unit price">{money(line.unitPrice)}</td>
                  <td data-label="Discount">{line.discount ? `−${money(line.discount)}` : '—'}</td>
                  <td data-label="Tax">
                    {line.taxRate || line.tax ? `${money(line.tax)} (${percent(line.taxRate)})` : '—'}
                  </td>
                  <td data-label="Total">{money(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="facts order-totals">
          <dt>Subtotal</dt>
          <dd>{money(order.subtotal)}</dd>
          {order.discountTotal > 0 && (
            <>
              <dt>{order.couponCode ? `Discount (${order.couponCode})` : 'Discount'}</dt>
              <dd>−{money(order.discountTotal)}</dd>
            </>
          )}
          <dt>Delivery</dt>
          <dd>{money(order.shippingTotal)}</dd>
          <dt>{order.pricesIncludeTax ? 'Tax included' : 'Tax'}</dt>
          <dd>{money(order.taxTotal)}</dd>
          <dt>Total</dt>
          <dd>
            <strong>{money(order.total)}</strong>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="buyer-heading">
        <h2 id="buyer-heading">Buyer and delivery</h2>
        <dl className="facts">
          <dt>Buyer</dt>
          <dd>
            {order.buyer.memberId ? (
              <Link to={`/members/${encodeURIComponent(order.buyer.memberId)}`}>
                {order.buyer.email ?? order.buyer.memberId}
              </Link>
            ) : order.buyer.email ? (
              `${order.buyer.email} (guest)`
            ) : (
              'Unknown'
            )}
          </dd>
          <dt>Delivers to</dt>
          <dd>{addressLine(order.shippingAddress) || 'No address'}</dd>
          <dt>Delivery method</dt>
          <dd>{methodLine(order.shippingMethod) || 'None'}</dd>
          <dt>Payment</dt>
          <dd>{order.paymentStatus === 'PAID' ? 'Paid' : 'Not paid'}</dd>
        </dl>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="order-history">
          {history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.date}>{new Date(h.date).toLocaleString()}</time>{' '}
              {h.fromStatus
                ? `${ORDER_STATUS_LABEL[h.fromStatus]} → ${ORDER_STATUS_LABEL[h.toStatus]}`
                : `Placed (${ORDER_STATUS_LABEL[h.toStatus].toLowerCase()})`}
              , by {actorLabel(h.actor)}
              {h.note && <q>{h.note}</q>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
