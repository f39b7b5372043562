/**
 * The Taxes page's form over the site settings' `shop` group (config schema shop.ts, read by commerce/settings.ts):
 * the currency, whether prices include tax, and the rate per delivery country. Only what changed is sent.
 */
import type { SettingField } from '../../api/types.js';

export interface TaxRateRow {
  country: string;
  rate: string;
  name: string;
}

export interface TaxFields {
  currency: string;
  pricesIncludeTax: boolean;
  rates: TaxRateRow[];
}

type Stored = { country?: unknown; rate?: unknown; name?: unknown };

/** The form's values from the `shop` section's fields (a key never set shows its default). */
export function taxFieldsOf(fields: readonly SettingField[]): TaxFields {
  const value = (name: string) => fields.find((f) => f.name === name)?.value;
  const rates = Array.isArray(value('taxRates')) ? (value('taxRates') as Stored[]) : [];
  return {
    currency: typeof value('currency') === 'string' ? (value('currency') as string) : 'USD',
    pricesIncludeTax: value('pricesIncludeTax') === true,
    rates: rates.map((r) => ({
      country: typeof r.country === 'string' ? r.country : '',
      rate: typeof r.rate === 'number' ? String(r.rate) : '',
      name: typeof r.name === 'string' ? r.name : '',
    })),
  };
}

/** The settings changes (`shop.currency`, …) from the form: only the keys whose value differs from `before`. */
export function taxChanges(before: TaxFields, after: TaxFields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const currency = after.currency.trim().toUpperCase();
  if (currency !== before.currency) changes['shop.currency'] = currency;
  if (after.pricesIncludeTax !== before.pricesIncludeTax) changes['shop.pricesIncludeTax'] = after.pricesIncludeTax;
  const rates = (rows: TaxRateRow[]) =>
    rows
      .filter((r) => r.country.trim() || r.rate.trim())
      .map((r) => ({
        country: r.country.trim().toUpperCase(),
        // A rate the server cannot read as a number is sent as typed, so its refusal names the field.
        rate: /^\d+([.,]\d+)?$/.test(r.rate.trim()) ? Number(r.rate.trim().replace(',', '.')) : r.rate,
        ...(r.name.trim() ? { name: r.name.trim() } : {}),
      }));
  if (JSON.stringify(rates(after.rates)) !== JSON.stringify(rates(before.rates)))
    changes['shop.taxRates'] = rates(after.rates);
  return changes;
}
