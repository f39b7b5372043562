import type { ShopOrderHistoryEntry } from '../../api/types.js';
import { Link } from '../../components/Link.js';
import { Isolated } from '../../components/Isolated.js';
import { Notice } from '../../components/Notice.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatMoney } from './money.js';
import { addressParts, methodLine, soldLine } from './order-lines.js';
import { OrderPayments } from './OrderPayments.js';
import { OrderStatusButtons } from './OrderStatusButtons.js';
import { actorLabel, ORDER_STATUS_LABEL, OrderStatusBadge } from './order-words.js';
import { useMoveOrder, useShopOrder } from './orders-api.js';
import { orderPaymentLabel, PaymentStatusBadge } from './payment-words.js';
import { shopMessage } from './shop-messages.js';

/**
 * A history row in words: a move ("Awaiting payment → Paid"), the placing, or an event that kept the status (a
 * payment's news, a refund: "Refunded €7.00: chipped mug"), which the server writes as its note.
 */
const historyLine = (h: ShopOrderHistoryEntry) =>
  !h.fromStatus
    ? `Placed (${ORDER_STATUS_LABEL[h.toStatus].toLowerCase()})`
    : h.fromStatus === h.toStatus && h.note
      ? h.note
      : `${ORDER_STATUS_LABEL[h.fromStatus]} → ${ORDER_STATUS_LABEL[h.toStatus]}`;

const percent = (rate: number) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(rate)}%`;

/**
 * One order of the module as it was sold: each line's variant with its choices, unit price, discount, tax and
 * rate, total; the totals; the buyer, delivery, payments (refunds for owners) and history; the next steps for
 * owners and editors.
 */
export function ShopOrderPage({
  siteId,
  orderId,
  canChange,
  canRefund,
}: {
  siteId: string;
  orderId: string;
  canChange: boolean;
  canRefund: boolean;
}) {
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
  const address = addressParts(order.shippingAddress);
  const success = move.isSuccess
    ? `Marked ${ORDER_STATUS_LABEL[move.variables.status].toLowerCase()}; the shopper is being emailed.`
    : undefined;
  return (
    <>
      {back}
      <PageHeading>{`Order ${order.number}`}</PageHeading>
      <p>
        <OrderStatusBadge status={order.status} /> · Payment: <PaymentStatusBadge status={order.paymentStatus} /> ·
        Placed {new Date(order.createdDate).toLocaleString()}
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
                        <bdi>{line.name}</bdi>
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
          <dd>{address.length ? <Isolated parts={address} /> : 'No address'}</dd>
          <dt>Delivery method</dt>
          <dd>{methodLine(order.shippingMethod) || 'None'}</dd>
          <dt>Payment</dt>
          <dd>{orderPaymentLabel(order.paymentStatus)}</dd>
        </dl>
      </section>
      <OrderPayments
        siteId={siteId}
        orderId={order.id}
        orderNumber={order.number}
        currency={order.currency}
        paymentStatus={order.paymentStatus}
        canRefund={canRefund}
      />
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">History</h2>
        <ol className="order-history">
          {history.map((h, i) => (
            <li key={i}>
              <time dateTime={h.date}>{new Date(h.date).toLocaleString()}</time> {historyLine(h)}, by{' '}
              {actorLabel(h.actor)}
              {h.note && h.fromStatus !== h.toStatus && <q>{h.note}</q>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
