/**
 * `sites[].shipping` read (config/schema/shipping.ts holds the shape): the delivery methods checkout offers, a flat
 * price per country, free from `freeAbove`. Amounts stay as owners write them (7.5); the commerce module converts
 * them to minor units of the site's currency (commerce/pricing/shipping.ts).
 */
import type { ShippingConfig, ShippingMethodConfig } from './types.js';
import { take, type Reader } from './validate.js';

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
      ...(o.translations === undefined ? {} : { translations: readTranslations(o.translations) }),
    };
  });
  return { methods };
}

/** `methods[].translations` (the schema checked the shape): a language without a name is left out. */
function readTranslations(raw: unknown): NonNullable<ShippingMethodConfig['translations']> {
  const out: NonNullable<ShippingMethodConfig['translations']> = {};
  for (const [language, value] of Object.entries(take.object(raw))) {
    const t = take.object(value);
    const name = take.string(t.name, '');
    if (name) out[language] = { name, ...(typeof t.description === 'string' ? { description: t.description } : {}) };
  }
  return out;
}

/**
 * The methods as a shopper reading `language` sees them: each method's translation for that language (or for its
 * base, "fr" for "fr-CA") in place of its name and description; the others as written. Ids, rates and prices stay.
 */
export function shippingIn(config: ShippingConfig, language: string | undefined): ShippingConfig {
  if (!language) return config;
  const base = language.split('-')[0]!;
  return {
    methods: config.methods.map((m) => {
      const t = m.translations?.[language] ?? m.translations?.[base];
      if (!t) return m;
      const { description: _description, ...rest } = m;
      const description = t.description ?? m.description;
      return { ...rest, name: t.name, ...(description ? { description } : {}) };
    }),
  };
}
