/**
 * Values a site runs with although neither the config file nor the console set them: the defaults the
 * feature applies itself (the second-factor mode and the factors members may use; the shop's currency, tax and
 * checkout limits). The console shows them as the values in force, so an untouched setting reads as what members
 * get rather than as empty (review t5: "TOTP / EMAIL / WEBAUTHN… all shown unchecked while three are on"; the UX
 * review: Settings → Shop showed no currency while Currency and taxes said USD, and no checkout limits while
 * checkout applied 10, 50 and 30).
 */
import type { SiteConfig } from '../config/types.js';
import { commerceSettings, DEFAULT_SHOP_LIMITS, shopLimits, type ShopLimits } from '../commerce/index.js';
import { allowedFactors, mfaMode } from '../identity/index.js';

/** Each checkout limit as the commerce module applies it (commerce/limits.ts). */
const limits = Object.fromEntries(
  (Object.keys(DEFAULT_SHOP_LIMITS) as (keyof ShopLimits)[]).map((key) => [
    `shop.${key}`,
    (site: SiteConfig) => shopLimits(site)[key],
  ]),
);

const DEFAULTS: Record<string, (site: SiteConfig) => unknown> = {
  'policies.mfa': (site) => mfaMode(site),
  'policies.mfaFactors': (site) => [...allowedFactors(site)],
  ...limits,
  'shop.currency': (site) => commerceSettings(site).currency,
  'shop.pricesIncludeTax': (site) => commerceSettings(site).pricesIncludeTax,
  // No rates: no country pays tax; no offline ways to pay; the demo catalog only where a site asks for it.
  'shop.taxRates': () => [],
  'shop.offlinePayments': () => [],
  'shop.demoCatalog': () => false,
};

/** The value `key` has in force by default on `site`, where the feature applies one; else undefined. */
export function defaultInForce(site: SiteConfig, key: string): unknown {
  return DEFAULTS[key]?.(site);
}
