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
        {order.carrier && (
          <div>
            <dt>{_('order.carrier')}</dt>
            <dd>
              <bdi>{order.carrier}</bdi>
            </dd>
          </div>
        )}
        {order.trackingNumber && (
          <div>
            <dt>{_('order.trackingNumber')}</dt>
            <dd className="order-tracking" dir="ltr">
              {order.trackingNumber}
            </dd>
          </div>
        )}
        {order.guestEmail && (
          <div>
            <dt>{_('order.email')}</dt>
            <dd>
              <bdi>{order.guestEmail}</bdi>
            </dd>
          </div>
        )}
        {order.shippingAddress && (
          <div>
            <dt>{_('order.shipsTo')}</dt>
            <dd>
              {/* Isolated: a Latin address inside a right-to-left page keeps its own order. */}
              <bdi>{formatAddress(order.shippingAddress)}</bdi>
            </dd>
          </div>
        )}
      </dl>
      {/* Explicit roles: on phones the rows become stacked cards (CSS display), which would drop table semantics. */}
      <table className="order-table" role="table">
        <caption className="visually-hidden">{_('order.itemsCaption', { number: order.number })}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {_('order.col.product')}
            </th>
            <th scope="col" role="columnheader">
              {_('order.col.quantity')}
            </th>
            <th scope="col" role="columnheader">
              {_('order.col.price')}
            </th>
            <th scope="col" role="columnheader">
              {_('order.col.total')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {order.lines.map((line) => (
            <tr key={line.productId} role="row">
              <th scope="row" role="rowheader">
                <bdi>
                  {line.slug ? <Link to={`/products/${encodeURIComponent(line.slug)}`}>{line.title}</Link> : line.title}
                </bdi>
              </th>
              <td role="cell" data-label={_('order.col.quantity')}>
                {format.number(line.quantity)}
              </td>
              <td role="cell" data-label={_('order.col.price')}>
                <Price amount={line.unitPrice} />
              </td>
              <td role="cell" data-label={_('order.col.total')}>
                <Price amount={line.lineTotal} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot role="rowgroup">
          {order.shippingMethod && (
            <>
              <tr role="row">
                <th scope="row" colSpan={3} role="rowheader">
                  {_('order.subtotal')}
                </th>
                <td role="cell">
                  <Price amount={order.subtotal} />
                </td>
              </tr>
              <tr role="row">
                <th scope="row" colSpan={3} role="rowheader">
                  {_('order.delivery', { method: order.shippingMethod.name })}
                </th>
                <td role="cell">
                  <Price amount={order.shippingMethod.amount} />
                </td>
              </tr>
            </>
          )}
          <tr role="row">
            <th scope="row" colSpan={3} role="rowheader">
              {_('order.col.total')}
            </th>
            <td role="cell">
              <Price amount={order.total} className="price price--strong" />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
