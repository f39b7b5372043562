import { Link } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { formatAddress, formatOrderDate } from './order-types.js';
import type { Order } from './order-types.js';

/** Lines, totals and address of one order (confirmation and order detail). */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <div className="order-summary">
      <dl className="order-summary__meta">
        <div>
          <dt>Order number</dt>
          <dd className="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>Placed on</dt>
          <dd>{formatOrderDate(order.createdDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{order.status.charAt(0) + order.status.slice(1).toLowerCase()}</dd>
        </div>
        {order.shippingAddress && (
          <div>
            <dt>Ships to</dt>
            <dd>{formatAddress(order.shippingAddress)}</dd>
          </div>
        )}
      </dl>
      <table className="order-table">
        <caption className="visually-hidden">Items in order {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row">{line.slug ? <Link to={`/products/${encodeURIComponent(line.slug)}`}>{line.title}</Link> : line.title}</th>
              <td>{line.quantity}</td>
              <td>
                <Price amount={line.unitPrice} />
              </td>
              <td>
                <Price amount={line.lineTotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td>
              <Price amount={order.total} className="price price--strong" />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
