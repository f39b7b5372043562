import { useFormat } from '../i18n/format.js';

/**
 * An amount the server priced, in the site's currency (`currency`, from the same answer), written the way the
 * shopper's language writes it. `amount` is in major units: a number (catalog v1) or a decimal string (eCom).
 */
export function Price({
  amount,
  currency,
  className,
}: {
  amount: number | string;
  currency: string;
  className?: string;
}) {
  return <span className={className ?? 'price'}>{useFormat().price(amount, currency)}</span>;
}
