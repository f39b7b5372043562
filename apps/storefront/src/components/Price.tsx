import { useFormat } from '../i18n/format.js';

/** An amount in the shop's currency, written the way the shopper's language writes it. */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className ?? 'price'}>{useFormat().price(amount)}</span>;
}
