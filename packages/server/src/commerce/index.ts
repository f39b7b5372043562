/**
 * The commerce module's face (docs/commerce.md): other folders import the module only through this file. The
 * module owns the `commerce_*` tables (migration 90); nothing outside `commerce/` reads or writes them.
 */

// Money in minor units, the site's currency and tax settings.
export { currencyDigits, formatMoney, isKnownCurrency, toDecimalString, toMinor } from './money.js';
export { commerceSettings, DEFAULT_CURRENCY, type CommerceSettings, type TaxRate } from './settings.js';

// The catalog.
export type { Collection, MediaItem, Product, ProductOption, Variant } from './catalog/types.js';
