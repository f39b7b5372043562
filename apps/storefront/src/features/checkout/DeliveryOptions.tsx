import { useLingui } from '@lingui/react';
import type { ShippingOffer } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useFormat } from '../../i18n/format.js';

/** The delivery methods for the address's country, priced by the server for this checkout. */
export function DeliveryOptions({
  country,
  options,
  currency,
  loading,
  freeAbove,
  chosen,
  onChoose,
}: {
  country: string | undefined;
  options: ShippingOffer[] | undefined;
  currency: string;
  loading: boolean;
  /** Method id → the subtotal from which it is free (major units, the site's currency). */
  freeAbove: Record<string, number> | undefined;
  chosen: string | undefined;
  onChoose(code: string): void;
}) {
  const { _ } = useLingui();
  const format = useFormat();
  return (
    <fieldset className="delivery-options">
      <legend>{_('checkout.delivery')}</legend>
      {!country ? (
        <p className="muted">{_('checkout.deliveryNeedsCountry')}</p>
      ) : loading && !options?.length ? (
        <Skeleton lines={2} />
      ) : !options?.length ? (
        <p className="muted">{_('checkout.noDelivery')}</p>
      ) : (
        options.map((o) => (
          <label key={o.code} className="radio delivery-option">
            <input
              type="radio"
              name="delivery"
              value={o.code}
              checked={chosen == o.code}
              onChange={() => onChoose(o.code)}
              required
            />
            <span className="delivery-option__text">
              {/* The shop's own words from its config: isolated, so "3–5 working days" keeps its order in Arabic. */}
              <strong>
                <bdi>{o.title}</bdi>
              </strong>
              {o.logistics?.deliveryTime && (
                <span className="muted">
                  <bdi>{o.logistics.deliveryTime}</bdi>
                </span>
              )}
              {freeAbove?.[o.code] !== undefined && currency && (
                <span className="muted">
                  {_('checkout.freeFrom', { amount: format.price(freeAbove[o.code]!, currency) })}
                </span>
              )}
            </span>
            {Number(o.cost.price.amount) == 0 ? (
              <strong>{_('checkout.free')}</strong>
            ) : (
              <Price amount={o.cost.price.amount} currency={currency} />
            )}
          </label>
        ))
      )}
    </fieldset>
  );
}
