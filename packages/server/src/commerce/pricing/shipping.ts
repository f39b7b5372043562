/**
 * Delivery methods from `sites[].shipping` (config/schema/shipping.ts) in the currency's minor units: a flat
 * price per country, free when the goods' total after discount reaches `freeAbove`. The config keeps decimals as
 * owners write them (7.5); they are converted here with the currency's digits (750 cents, or 8 yen rounded).
 * Pure functions, so the rules are tested without a database; checkout applies them inside its transaction.
 */
import type { ShippingConfig, ShippingMethodConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import { toMinor } from '../money.js';

/** A method as offered for one country and goods total, in minor units. */
export interface ShippingOffer {
  id: string;
  name: string;
  description?: string;
  amount: number;
  /** The goods total from which it is free, when it has one. */
  freeAbove?: number;
}

/** What an order records of its delivery. */
export interface ChosenShipping {
  methodId: string;
  /** As the shopper read it (commerce/quote.ts names methods in the shopper's language). */
  name: string;
  /** On an order: the config's own name, when the shopper read a translation. */
  originalName?: string;
  country: string;
  amount: number;
}

/** The method's price to `country` for `goods` (minor units); undefined when it does not deliver there. */
export function shippingPrice(
  method: ShippingMethodConfig,
  country: string,
  goods: number,
  currency: string,
): number | undefined {
  const rate = method.rates.find((r) => r.countries.includes(country));
  if (!rate) return undefined;
  if (method.freeAbove !== undefined && goods >= toMinor(method.freeAbove, currency)) return 0;
  return toMinor(rate.amount, currency);
}

/** Every country some method delivers to, sorted. */
export const deliveredCountries = (config: ShippingConfig): string[] =>
  [...new Set(config.methods.flatMap((m) => m.rates.flatMap((r) => r.countries)))].sort();

/** The methods that deliver to `country`, priced for `goods`, cheapest first (config order among equals). */
export function shippingOffers(
  config: ShippingConfig,
  country: string,
  goods: number,
  currency: string,
): ShippingOffer[] {
  const offers: ShippingOffer[] = [];
  for (const m of config.methods) {
    const amount = shippingPrice(m, country, goods, currency);
    if (amount === undefined) continue;
    offers.push({
      id: m.id,
      name: m.name,
      ...(m.description ? { description: m.description } : {}),
      amount,
      ...(m.freeAbove !== undefined ? { freeAbove: toMinor(m.freeAbove, currency) } : {}),
    });
  }
  return offers
    .map((o, i) => ({ o, i }))
    .sort((a, b) => a.o.amount - b.o.amount || a.i - b.i)
    .map(({ o }) => o);
}

/**
 * The delivery of an order: the chosen method, or the cheapest to the country when none is chosen (as Wix's
 * checkout preselects one). Throws the shop's shipping errors: no country, an unknown method, a method that does
 * not deliver there, a country no method delivers to.
 */
export function chooseDelivery(
  config: ShippingConfig,
  choice: { methodId: string | undefined; country: string | undefined },
  goods: number,
  currency: string,
): ChosenShipping {
  const { methodId, country } = choice;
  const countries = deliveredCountries(config);
  if (!country)
    throw appError('SHIPPING_COUNTRY_REQUIRED', {
      description: `Give the shipping address's country (this shop delivers to ${countries.join(', ')}).`,
    });
  if (methodId) {
    const method = config.methods.find((m) => m.id === methodId);
    if (!method)
      throw appError('SHIPPING_METHOD_UNKNOWN', {
        description: `There is no delivery method "${methodId}" (this shop has ${config.methods.map((m) => m.id).join(', ')}).`,
        data: { methodId },
      });
    const amount = shippingPrice(method, country, goods, currency);
    if (amount === undefined)
      throw appError('SHIPPING_COUNTRY_UNSUPPORTED', {
        description: `“${method.name}” does not deliver to ${country}; it delivers to ${method.rates.flatMap((r) => r.countries).join(', ')}.`,
        data: { methodId, country },
      });
    return { methodId: method.id, name: method.name, country, amount };
  }
  const cheapest = shippingOffers(config, country, goods, currency)[0];
  if (!cheapest)
    throw appError('SHIPPING_COUNTRY_UNSUPPORTED', {
      description: `This shop does not deliver to ${country}; it delivers to ${countries.join(', ')}.`,
      data: { country },
    });
  return { methodId: cheapest.id, name: cheapest.name, country, amount: cheapest.amount };
}
