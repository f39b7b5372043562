import { useLingui } from '@lingui/react';
import { useFormat } from '../../i18n/format.js';

/**
 * A product's price as the catalog sent it: "From $120.00" when its variants differ, and the price it was, struck
 * through, when it is on sale (said in words to screen readers, which do not read strike-through).
 */
export function ProductPrice({
  price,
  compareAt,
  priceMax,
  currency,
  className,
}: {
  price: number;
  compareAt?: number;
  priceMax?: number;
  currency: string;
  className?: string;
}) {
  const { _ } = useLingui();
  const format = useFormat();
  const amount = format.price(price, currency);
  return (
    <span className={className ?? 'price'}>
      {priceMax !== undefined ? _('product.fromPrice', { price: amount }) : amount}
      {compareAt !== undefined && (
        <>
          {' '}
          <s className="price__was" aria-hidden="true">
            {format.price(compareAt, currency)}
          </s>
          <span className="visually-hidden">{_('product.wasPrice', { price: format.price(compareAt, currency) })}</span>
        </>
      )}
    </span>
  );
}
