import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { lineName, nonZero, type Checkout } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { useFormat } from '../../i18n/format.js';
import { LineChoices } from '../cart/LineChoices.js';
import { Totals } from '../cart/Totals.js';
import { AddressText } from '../orders/AddressText.js';
import type { OrderAddress } from '../orders/order-types.js';
import { isOnline, payWayKey, type PayWay } from './payments-api.js';

/**
 * The review step: what will be ordered (each variant, with its tax, in the order summary beside the step), where, how
 * it travels and what it costs, as the server priced the checkout a moment ago, and how to pay: the shop's ways (a choice when there are several,
 * an offline method with the owner's instructions), ending in "Pay $43.50" for an online provider.
 */
export function ReviewStep({
  checkout,
  email,
  address,
  ways,
  way,
  onChooseWay,
  busy,
  onEdit,
  onPlace,
}: {
  checkout: Checkout;
  email: string;
  address: OrderAddress;
  /** The shop's ways to pay (undefined while loading; empty: none, the order simply awaits payment). */
  ways: PayWay[] | undefined;
  way: PayWay | undefined;
  onChooseWay(way: PayWay): void;
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
  // Three parts the checkout layout places (checkout.css): the facts and the way to pay, the order summary beside
  // them on a wide screen (below them on a phone), and the buttons under the facts.
  return (
    <>
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
              <AddressText address={address} />
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
          {ways?.length == 1 && (
            <div>
              <dt>{_('checkout.payment')}</dt>
              <dd>
                <PayWayText way={ways[0]!} />
              </dd>
            </div>
          )}
          {ways?.length === 0 && (
            <div>
              <dt>{_('checkout.payment')}</dt>
              <dd>{_('checkout.paymentOffline')}</dd>
            </div>
          )}
        </dl>
        {ways && ways.length > 1 && (
          <fieldset className="pay-ways">
            <legend>{_('checkout.payment')}</legend>
            {ways.map((w) => (
              <label key={payWayKey(w)} className="radio">
                <input
                  type="radio"
                  name="pay-way"
                  checked={!!way && payWayKey(way) == payWayKey(w)}
                  onChange={() => onChooseWay(w)}
                />
                <span>
                  <PayWayText way={w} />
                </span>
              </label>
            ))}
          </fieldset>
        )}
      </section>
      <aside aria-labelledby="review-summary" className="checkout-aside review-summary">
        <h2 id="review-summary">{_('checkout.summary')}</h2>
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
      </aside>
      <div className="review__actions">
        <button
          type="button"
          className="button button--primary button--wide"
          onClick={onPlace}
          disabled={busy || !ways || (ways.length > 0 && !way)}
        >
          {isOnline(way)
            ? _('checkout.pay', { amount: format.price(checkout.priceSummary.total.amount, currency) })
            : _('checkout.placeOrder')}
        </button>
        <button type="button" className="button" onClick={onEdit} disabled={busy}>
          {_('checkout.edit')}
        </button>
      </div>
    </>
  );
}

/** A way to pay in words: card (Stripe), the dev provider, or an offline method with the owner's instructions. */
function PayWayText({ way }: { way: PayWay }) {
  const { _ } = useLingui();
  if (way.provider == 'stripe') return <>{_('checkout.payByCard')}</>;
  if (way.provider == 'dev') return <>{_('checkout.payDev')}</>;
  return (
    <>
      <strong>
        <bdi>{way.name}</bdi>
      </strong>
      {way.instructions && (
        <span className="muted pay-ways__instructions">
          <bdi>{way.instructions}</bdi>
        </span>
      )}
    </>
  );
}
