/**
 * `sites[].shipping`: the delivery methods checkout offers (config/shipping.ts reads them, commerce/pricing/shipping.ts applies them).
 * A self-contained piece of the site schema, so settings editors built over the config schema can show it.
 *
 *   "shipping": { "methods": [
 *     { "id": "standard", "name": "Standard delivery",
 *       "rates": [{ "countries": ["FR", "BE"], "amount": 4.9 }, { "countries": ["DE"], "amount": 6.9 }],
 *       "freeAbove": 50 } ] }
 */
import { Type } from 'typebox';
import { Id, List, Optional, Strict, Text } from './common.js';

const Country = () => Text({ pattern: '^[A-Z]{2}$', 'x-hint': 'an ISO 3166 country code in capitals such as "FR"' });
const Amount = (description: string) =>
  Type.Number({
    minimum: 0,
    maximum: 1_000_000,
    description,
    'x-message': 'must be an amount of 0 or more, such as 4.9',
  });

export const ShippingRateSchema = Strict({
  countries: List(Country(), { minItems: 1, 'x-too-few': 'must list at least one country code, e.g. ["FR"]' }),
  amount: Amount('The flat price of delivery to these countries'),
});

export const ShippingMethodSchema = Strict({
  id: Id(),
  name: Text({ maxLength: 80, description: 'What shoppers see, e.g. "Standard delivery"' }),
  /** Shown under the name, e.g. "2–4 working days". */
  description: Optional(Text({ maxLength: 200 })),
  rates: List(ShippingRateSchema, {
    minItems: 1,
    'x-too-few': 'must list at least one rate, e.g. [{"countries": ["FR"], "amount": 4.9}]',
  }),
  freeAbove: Optional(Amount('Orders whose subtotal reaches this amount ship free by this method')),
  /** Per language tag ("fr"): the name and description shoppers of that language see. */
  translations: Optional(
    Type.Record(
      Type.String(),
      Strict({ name: Text({ maxLength: 80 }), description: Optional(Text({ maxLength: 200 })) }),
    ),
  ),
});

export const ShippingSchema = Strict({
  methods: List(ShippingMethodSchema, {
    minItems: 1,
    'x-too-few': 'must list at least one method (leave "shipping" out for a shop without delivery choices)',
  }),
});
