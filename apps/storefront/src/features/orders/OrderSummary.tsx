import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { Price } from '../../components/Price.js';
import { useFormat } from '../../i18n/format.js';
import { formatAddress } from './order-types.js';
import type { Order } from './order-types.js';

/** Lines, totals and address of one order (confirmation and order detail). */
export function OrderSummary({ order }: { order: Order }) {
  const { _ } = useLingui();
  const format = useFormat();
  return (
    <div className="order-summary">
      <dl className="order-summary__meta">
        <div>
          <dt>{_('order.number')}</dt>
          <dd className="order-number">{order.number}</dd>
        </div>
        <div>
          <dt>{_('order.placedOn')}</dt>
          <dd>{format.date(order.createdDate)}</dd>
        </div>
        <div>
          <dt>{_('order.status')}</dt>
          <dd>{_('order.statusValue', { status: order.status })}</dd>
        </div>
        {order.shippingAddress && (
          <div>
            <dt>{_('order.shipsTo')}</dt>
            <dd>{formatAddress(order.shippingAddress)}</dd>
          </div>
        )}
      </dl>
      <table className="order-table">
        <caption className="visually-hidden">{_('order.itemsCaption', { number: order.number })}</caption>
        <thead>
          <tr>
            <th scope="col">{_('order.col.product')}</th>
            <th scope="col">{_('order.col.quantity')}</th>
            <th scope="col">{_('order.col.price')}</th>
            <th scope="col">{_('order.col.total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.productId}>
              <th scope="row">
                {line.slug ? <Link to={`/products/${encodeURIComponent(line.slug)}`}>{line.title}</Link> : line.title}
              </th>
              <td>{format.number(line.quantity)}</td>
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
              {_('order.col.total')}
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
