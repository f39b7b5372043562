/**
 * Delivery methods from `sites[].shipping` (config/schema/shipping.ts holds the shape): a flat price per
 * country, free when the order's subtotal reaches `freeAbove`. Pure functions, so the rules are tested
 * without a database; checkout applies them inside its transaction.
 */
import type { ShippingConfig, ShippingMethodConfig } from '../config/types.js';
import { take, type Reader } from '../config/validate.js';
import { appError } from '../errors/catalogue.js';

/** What an order records of its delivery: #30's console reads these fields as they are. */
export interface ChosenShipping {
  methodId: string;
  name: string;
  country: string;
  amount: number;
}

/** A method as offered for one country and subtotal. */
export interface ShippingOption {
  id: string;
  name: string;
  description?: string;
  amount: number;
  /** The subtotal from which the method is free, when it has one. */
  freeAbove?: number;
}

/** Reads `sites[].shipping` (shape checked by the schema); says what the schema cannot: repeats. */
export function buildShipping(r: Reader, raw: unknown, path: string): ShippingConfig | undefined {
  if (raw === undefined) return undefined;
  const seen = new Set<string>();
  const methods = take.list(take.object(raw).methods).map((m, i): ShippingMethodConfig => {
    const o = take.object(m);
    const id = take.string(o.id, '');
    if (id && seen.has(id)) r.fail(`${path}.methods[${i}].id`, `repeats the method id "${id}"`);
    seen.add(id);
    const countries = new Set<string>();
    const rates = take.list(o.rates).map((rate, j) => {
      const ro = take.object(rate);
      const list = take.list(ro.countries).map((c) => take.string(c, ''));
      for (const country of list) {
        if (countries.has(country))
          r.fail(`${path}.methods[${i}].rates[${j}].countries`, `lists "${country}" twice in method "${id}"`);
        countries.add(country);
      }
      return { countries: list, amount: typeof ro.amount === 'number' ? ro.amount : 0 };
    });
    return {
      id,
      name: take.string(o.name, id),
      ...(typeof o.description === 'string' ? { description: o.description } : {}),
      rates,
      ...(typeof o.freeAbove === 'number' ? { freeAbove: o.freeAbove } : {}),
    };
  });
  return { methods };
}

const cents = (amount: number) => Math.round(amount * 100);

/** The method's price to `country` for `subtotal`; undefined when it does not deliver there. */
export function shippingAmount(method: ShippingMethodConfig, country: string, subtotal: number): number | undefined {
  const rate = method.rates.find((r) => r.countries.includes(country));
  if (!rate) return undefined;
  if (method.freeAbove !== undefined && cents(subtotal) >= cents(method.freeAbove)) return 0;
  return cents(rate.amount) / 100;
}

/** Every country some method delivers to, sorted. */
export const shippedCountries = (config: ShippingConfig): string[] =>
  [...new Set(config.methods.flatMap((m) => m.rates.flatMap((r) => r.countries)))].sort();

/** The methods that deliver to `country`, priced for `subtotal` (all methods, unpriced, without a country). */
export function shippingOptions(config: ShippingConfig, country: string, subtotal: number): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const m of config.methods) {
    const amount = shippingAmount(m, country, subtotal);
    if (amount === undefined) continue;
    options.push({
      id: m.id,
      name: m.name,
      ...(m.description ? { description: m.description } : {}),
      amount,
      ...(m.freeAbove !== undefined ? { freeAbove: m.freeAbove } : {}),
    });
  }
  return options;
}

/** The shopper's choice, checked: a known method that delivers to the address's country. */
export function chooseShipping(
  config: ShippingConfig,
  choice: { methodId: string | undefined; country: string | undefined },
  subtotal: number,
): ChosenShipping {
  const { methodId, country } = choice;
  if (!country)
    throw appError('SHIPPING_COUNTRY_REQUIRED', {
      description: `Give the shipping address's country (this shop delivers to ${shippedCountries(config).join(', ')}).`,
    });
  if (!methodId)
    throw appError('SHIPPING_METHOD_REQUIRED', {
      description: `Choose a delivery method: ${config.methods.map((m) => m.id).join(', ')}.`,
    });
  const method = config.methods.find((m) => m.id === methodId);
  if (!method)
    throw appError('SHIPPING_METHOD_UNKNOWN', {
      description: `There is no delivery method "${methodId}" (this shop has ${config.methods.map((m) => m.id).join(', ')}).`,
      data: { methodId },
    });
  const amount = shippingAmount(method, country, subtotal);
  if (amount === undefined) {
    const where = method.rates.flatMap((r) => r.countries).join(', ');
    throw appError('SHIPPING_COUNTRY_UNSUPPORTED', {
      description: `“${method.name}” does not deliver to ${country}; it delivers to ${where}.`,
      data: { methodId, country },
    });
  }
  return { methodId: method.id, name: method.name, country, amount };
}
