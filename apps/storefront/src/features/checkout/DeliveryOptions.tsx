import { useLingui } from '@lingui/react';
import { Price } from '../../components/Price.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useFormat } from '../../i18n/format.js';
import type { ShippingOption } from './checkout-api.js';

/** The delivery methods for the address's country, priced by the server for this cart. */
export function DeliveryOptions({
  country,
  options,
  loading,
  chosen,
  onChoose,
}: {
  country: string | undefined;
  options: ShippingOption[] | undefined;
  loading: boolean;
  chosen: string | undefined;
  onChoose(id: string): void;
}) {
  const { _ } = useLingui();
  const format = useFormat();
  return (
    <fieldset className="delivery-options">
      <legend>{_('checkout.delivery')}</legend>
      {!country ? (
        <p className="muted">{_('checkout.deliveryNeedsCountry')}</p>
      ) : loading && !options ? (
        <Skeleton lines={2} />
      ) : !options?.length ? (
        <p className="muted">{_('checkout.noDelivery')}</p>
      ) : (
        options.map((o) => (
          <label key={o.id} className="radio delivery-option">
            <input
              type="radio"
              name="delivery"
              value={o.id}
              checked={chosen == o.id}
              onChange={() => onChoose(o.id)}
              required
            />
            <span className="delivery-option__text">
              {/* The shop's own words from its config: isolated, so "3–5 working days" keeps its order in Arabic. */}
              <strong>
                <bdi>{o.name}</bdi>
              </strong>
              {o.description && (
                <span className="muted">
                  <bdi>{o.description}</bdi>
                </span>
              )}
              {o.freeAbove !== undefined && o.amount > 0 && (
                <span className="muted">{_('checkout.freeAbove', { amount: format.price(o.freeAbove) })}</span>
              )}
            </span>
            {o.amount == 0 ? <strong>{_('checkout.free')}</strong> : <Price amount={o.amount} />}
          </label>
        ))
      )}
    </fieldset>
  );
}
