/**
 * Tax of one line, after its discount, rounded to a minor unit per line. With prices that include tax (EU style)
 * the tax is the part of the amount, `amount × rate / (100 + rate)`, and the amount stays what the shopper pays;
 * without (US style) it is `amount × rate / 100` added on top.
 */
import type { CommerceSettings, TaxRate } from '../settings.js';

export interface LineTax {
  /** Percent, e.g. 20 or 5.5; 0 when the country pays none. */
  rate: number;
  tax: number;
  /** What the line costs with its tax: the amount itself when prices include tax. */
  total: number;
}

export function lineTax(amount: number, rate: number, pricesIncludeTax: boolean): LineTax {
  if (rate <= 0 || amount <= 0) return { rate: Math.max(rate, 0), tax: 0, total: amount };
  if (pricesIncludeTax) return { rate, tax: Math.round((amount * rate) / (100 + rate)), total: amount };
  const tax = Math.round((amount * rate) / 100);
  return { rate, tax, total: amount + tax };
}

/** The rate of a delivery country; undefined without a country or for a country the site lists no rate for. */
export function taxRateFor(
  settings: Pick<CommerceSettings, 'taxRates'>,
  country: string | undefined,
): TaxRate | undefined {
  return country ? settings.taxRates.get(country.toUpperCase()) : undefined;
}
