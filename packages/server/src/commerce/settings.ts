/**
 * The site's commerce settings (`sites[].shop` in the config, also in the console's settings) with their
 * defaults: the currency every price is kept in, whether prices include tax, the tax rate per country.
 */
import type { SiteConfig } from '../config/types.js';
import { isKnownCurrency } from './money.js';

export interface TaxRate {
  country: string;
  /** Percent, e.g. 20 or 5.5. */
  rate: number;
  name: string;
}

export interface CommerceSettings {
  currency: string;
  pricesIncludeTax: boolean;
  taxRates: ReadonlyMap<string, TaxRate>;
}

export const DEFAULT_CURRENCY = 'USD';

export function commerceSettings(site: Pick<SiteConfig, 'shop'>): CommerceSettings {
  const shop = site.shop ?? {};
  const currency = shop.currency && isKnownCurrency(shop.currency) ? shop.currency : DEFAULT_CURRENCY;
  const taxRates = new Map<string, TaxRate>();
  for (const r of shop.taxRates ?? [])
    if (/^[A-Z]{2}$/.test(r.country) && r.rate >= 0 && r.rate <= 100)
      taxRates.set(r.country, { country: r.country, rate: r.rate, name: r.name ?? 'Tax' });
  return { currency, pricesIncludeTax: shop.pricesIncludeTax === true, taxRates };
}
