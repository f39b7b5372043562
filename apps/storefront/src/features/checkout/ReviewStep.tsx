import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { Price } from '../../components/Price.js';
import { formatAddress, type OrderAddress } from '../orders/order-types.js';
import type { Quote, ShippingOption } from './checkout-api.js';

/**
 * The review step: what will be ordered, where, how it travels and what it costs, as the server priced it
 * a moment ago, and how to pay (no payment provider: on delivery or by bank transfer).
 */
export function ReviewStep({
  quote,
  shipping,
  email,
  address,
  busy,
  onEdit,
  onPlace,
}: {
  quote: Quote;
  /** The chosen delivery, priced by the server's quote; undefined for shops without delivery methods. */
  shipping: ShippingOption | undefined;
  email: string;
  address: OrderAddress;
  busy: boolean;
  onEdit(): void;
  onPlace(): void;
}) {
  const { _ } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the form: focus (and the screen) move to its heading, as on a new page.
  useEffect(() => heading.current?.focus(), []);
  const total = (Math.round(quote.subtotal * 100) + Math.round((shipping?.amount ?? 0) * 100)) / 100;
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
              <bdi>{shipping.name}</bdi>
            </dd>
          </div>
        )}
        <div>
          <dt>{_('checkout.payment')}</dt>
          <dd>{_('checkout.paymentOffline')}</dd>
        </div>
      </dl>
      <ul className="checkout-lines">
        {quote.lines.map((line) => (
          <li key={line.productId}>
            <span>
              <bdi>{line.title}</bdi> × {line.quantity}
            </span>
            <Price amount={line.lineTotal} />
          </li>
        ))}
      </ul>
      <dl className="review__totals">
        <div>
          <dt>{_('checkout.subtotal')}</dt>
          <dd>
            <Price amount={quote.subtotal} />
          </dd>
        </div>
        {shipping && (
          <div>
            <dt>{_('checkout.deliveryLine', { method: shipping.name })}</dt>
            <dd>{shipping.amount == 0 ? _('checkout.free') : <Price amount={shipping.amount} />}</dd>
          </div>
        )}
        <div className="review__total">
          <dt>{_('checkout.total')}</dt>
          <dd>
            <Price amount={total} className="price price--strong" />
          </dd>
        </div>
      </dl>
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
