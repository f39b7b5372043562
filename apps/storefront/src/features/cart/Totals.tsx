import { useLingui } from '@lingui/react';
import { nonZero, type PriceSummary } from '../../app/ecom-types.js';
import { Price } from '../../components/Price.js';

/**
 * A price summary as the server worked it out (cart estimate, checkout, order): subtotal, the discount code's
 * part, delivery, tax (added on top, or the part of the prices that is tax) and the total. Nothing is added up here.
 */
export function Totals({
  summary,
  currency,
  taxIncluded,
  code,
  delivery,
  totalLabel,
}: {
  summary: PriceSummary;
  currency: string;
  taxIncluded: boolean;
  /** The discount code applied. */
  code?: string;
  /** The delivery method's name; no delivery line without one. */
  delivery?: string;
  /** "Total" unless said otherwise ("Estimated total" before an address is known). */
  totalLabel?: string;
}) {
  const { _ } = useLingui();
  return (
    <dl className="review__totals totals">
      <div>
        <dt>{_('checkout.subtotal')}</dt>
        <dd>
          <Price amount={summary.subtotal.amount} currency={currency} />
        </dd>
      </div>
      {nonZero(summary.discount) && (
        <div className="totals__discount">
          <dt>{code ? _('totals.discountCode', { code }) : _('totals.discount')}</dt>
          <dd>
            {/* A minus sign the way the language writes it, before the amount. */}
            <Price amount={-Number(summary.discount.amount)} currency={currency} />
          </dd>
        </div>
      )}
      {delivery !== undefined && summary.shipping && (
        <div>
          <dt>{_('checkout.deliveryLine', { method: delivery })}</dt>
          <dd>
            {nonZero(summary.shipping) ? (
              <Price amount={summary.shipping.amount} currency={currency} />
            ) : (
              _('checkout.free')
            )}
          </dd>
        </div>
      )}
      {nonZero(summary.tax) && (
        <div>
          <dt>{taxIncluded ? _('totals.taxIncluded') : _('totals.tax')}</dt>
          <dd>
            <Price amount={summary.tax.amount} currency={currency} />
          </dd>
        </div>
      )}
      <div className="review__total">
        <dt>{totalLabel ?? _('checkout.total')}</dt>
        <dd>
          <Price amount={summary.total.amount} currency={currency} className="price price--strong" />
        </dd>
      </div>
    </dl>
  );
}
