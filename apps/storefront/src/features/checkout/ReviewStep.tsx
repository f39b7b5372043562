import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { lineName, nonZero, type Checkout } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { useFormat } from '../../i18n/format.js';
import { LineChoices } from '../cart/LineChoices.js';
import { Totals } from '../cart/Totals.js';
import { formatAddress, type OrderAddress } from '../orders/order-types.js';

/**
 * The review step: what will be ordered (each variant, with its tax), where, how it travels and what it costs, as
 * the server priced the checkout a moment ago, and how to pay (no payment provider: on delivery or by transfer).
 */
export function ReviewStep({
  checkout,
  email,
  address,
  busy,
  onEdit,
  onPlace,
}: {
  checkout: Checkout;
  email: string;
  address: OrderAddress;
  busy: boolean;
  onEdit(): void;
  onPlace(): void;
}) {
  const { _ } = useLingui();
  const format = useFormat();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form: focus (and the screen) move to its heading, as on a new page.
  useEffect(() => heading.current?.focus(), []);
  const shipping = checkout.shippingInfo.selectedCarrierServiceOption;
  const { currency } = checkout;
  return (
    <section aria-labelledby="review-heading" className="review">
      <h2 id="review-heading" ref={heading} tabIndex={-1}>
        {_('checkout.reviewHeading')}
      </h2>
      <dl className="review__facts">
        <div>
          <dt>{_('checkout.contact')}</dt>
          <dd>
            <bdi>{email}</bdi>
          </dd>
        </div>
        <div>
          <dt>{_('checkout.shipTo')}</dt>
          <dd>
            <bdi>{formatAddress(address)}</bdi>
          </dd>
        </div>
        {shipping && (
          <div>
            <dt>{_('checkout.delivery')}</dt>
            <dd>
              <bdi>{shipping.title}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>{_('checkout.payment')}</dt>
          <dd>{_('checkout.paymentOffline')}</dd>
        </div>
      </dl>
      <ul className="checkout-lines">
        {checkout.lineItems.map((line) => (
          <li key={line.id}>
            <span>
              <bdi>{lineName(line)}</bdi> × {line.quantity}
              <LineChoices line={line} />
              {nonZero(line.taxDetails?.totalTax) && (
                <span className="muted line-tax">
                  {_(checkout.taxIncludedInPrice ? 'totals.lineTaxIncluded' : 'totals.lineTax', {
                    amount: format.price(line.taxDetails.totalTax.amount, currency),
                  })}
                </span>
              )}
            </span>
            {line.lineItemPrice && <Price amount={line.lineItemPrice.amount} currency={currency} />}
          </li>
        ))}
      </ul>
      <Totals
        summary={checkout.priceSummary}
        currency={currency}
        taxIncluded={checkout.taxIncludedInPrice}
        code={checkout.appliedDiscounts[0]?.coupon?.code}
        delivery={shipping?.title}
      />
      <div className="review__actions">
        <button type="button" className="button button--primary button--wide" onClick={onPlace} disabled={busy}>
          {_('checkout.placeOrder')}
        </button>
        <button type="button" className="button" onClick={onEdit} disabled={busy}>
          {_('checkout.edit')}
        </button>
      </div>
    </section>
  );
}
