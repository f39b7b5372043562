import { useLingui } from '@lingui/react';
import { Link } from '../../app/router/index.js';
import { lineName, nonZero } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { useFormat } from '../../i18n/format.js';
import { LineChoices } from '../cart/LineChoices.js';
import { Totals } from '../cart/Totals.js';
import { fromWixAddress } from '../checkout/checkout-api.js';
import { PayNow } from '../checkout/PayNow.js';
import { AddressText } from './AddressText.js';
import { orderStatus } from './order-types.js';
import type { Order } from './order-types.js';

/**
 * Lines (each variant, with its tax), totals (discount, delivery, tax) and address of one order; on the order's own
 * pages (`payable`), first **Pay now** while it awaits an online payment (PayNow).
 */
export function OrderSummary({ order, payable }: { order: Order; payable?: boolean }) {
  const { _ } = useLingui();
  const format = useFormat();
  const { currency } = order;
  const address = fromWixAddress(order.shippingInfo?.logistics?.shippingDestination ?? order.recipientInfo);
  const taxed = order.lineItems.some((l) => nonZero(l.taxDetails?.totalTax));
  return (
    <div className="order-summary">
      {payable && <PayNow order={order} />}
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
          <dd>{_('order.statusValue', { status: orderStatus(order) })}</dd>
        </div>
        <div>
          <dt>{_('order.payment')}</dt>
          <dd>{_('order.paymentValue', { status: order.paymentStatus })}</dd>
        </div>
        {order.buyerInfo.email && !order.buyerInfo.memberId && (
          <div>
            <dt>{_('order.email')}</dt>
            <dd>
              <bdi>{order.buyerInfo.email}</bdi>
            </dd>
          </div>
        )}
        {address && (
          <div>
            <dt>{_('order.shipsTo')}</dt>
            <dd>
              <AddressText address={address} />
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
            {taxed && (
              <th scope="col" role="columnheader">
                {_('totals.tax')}
              </th>
            )}
            <th scope="col" role="columnheader">
              {_('order.col.total')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {order.lineItems.map((line) => (
            <tr key={line.id} role="row">
              <th scope="row" role="rowheader">
                <bdi>{line.url ? <Link to={line.url.relativePath}>{lineName(line)}</Link> : lineName(line)}</bdi>
                <LineChoices line={line} />
              </th>
              <td role="cell" data-label={_('order.col.quantity')}>
                {format.number(line.quantity)}
              </td>
              <td role="cell" data-label={_('order.col.price')}>
                <Price amount={line.price.amount} currency={currency} />
              </td>
              {taxed && (
                <td role="cell" data-label={_('totals.tax')}>
                  {line.taxDetails && <Price amount={line.taxDetails.totalTax.amount} currency={currency} />}
                </td>
              )}
              <td role="cell" data-label={_('order.col.total')}>
                {line.lineItemPrice && <Price amount={line.lineItemPrice.amount} currency={currency} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals
        summary={order.priceSummary}
        currency={currency}
        taxIncluded={order.taxIncludedInPrices}
        code={order.appliedDiscounts[0]?.coupon?.code}
        delivery={order.shippingInfo?.title}
      />
    </div>
  );
}
