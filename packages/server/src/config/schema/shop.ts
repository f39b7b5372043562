/**
 * `sites[].shop`: checkout's limits (audit V5-4), so one shopper, guest or member, cannot hold the catalog's
 * stock. Every key is optional; commerce/limits.ts gives the defaults (docs/storefront.md → Limits of checkout).
 * A self-contained piece of the site schema: the console's settings show it without code of their own.
 *
 *   "shop": { "maxUnitsPerProduct": 10, "maxUnitsPerOrder": 50, "maxLinesPerOrder": 30,
 *             "maxOpenUnpaidOrders": 3, "memberOrdersPerHour": 10, "guestOrdersPerHour": 20,
 *             "unpaidOrderHours": 48,
 *             "currency": "EUR", "pricesIncludeTax": true,
 *             "taxRates": [{ "country": "FR", "rate": 20 }, { "country": "DE", "rate": 19 }] }
 *
 * `currency`, `pricesIncludeTax`, `taxRates` and `demoCatalog` are the commerce module's (commerce/settings.ts, docs/commerce.md);
 * `offlinePayments` its offline ways to pay (commerce/payments/, docs/payments.md).
 */
import { Type } from 'typebox';
import { Id, List, Optional, Strict, Text } from './common.js';

const Count = (minimum: number, maximum: number, description: string) =>
  Type.Integer({ minimum, maximum, description, 'x-message': `must be a whole number from ${minimum} to ${maximum}` });

export const TaxRateSchema = Strict({
  country: Text({ pattern: '^[A-Z]{2}$', 'x-hint': 'an ISO 3166 country code in capitals such as "FR"' }),
  rate: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'The tax rate in percent, e.g. 20 or 5.5',
    'x-message': 'must be a percentage from 0 to 100, such as 20 or 5.5',
  }),
  name: Optional(Text({ maxLength: 40, description: 'What receipts call it, e.g. "VAT"' })),
});

/** An offline way to pay (bank transfer, cash on delivery): the order awaits payment until an owner marks it paid. */
export const OfflinePaymentSchema = Strict({
  id: Id(),
  name: Text({ maxLength: 80, description: 'What shoppers see, e.g. "Bank transfer"' }),
  instructions: Text({
    maxLength: 2000,
    description:
      'How to pay, as the owner writes it (bank details, "pay the courier"); shown and mailed to the shopper',
  }),
});

export const ShopSchema = Strict({
  maxUnitsPerProduct: Optional(Count(1, 99, 'Units of one product an order may hold (default 10)')),
  maxUnitsPerOrder: Optional(Count(1, 9_900, 'Units an order may hold in all (default 50)')),
  maxLinesPerOrder: Optional(Count(1, 100, 'Different products an order may hold (default 30)')),
  maxOpenUnpaidOrders: Optional(
    Count(1, 100, 'Orders awaiting payment a member, guest email, visitor or client address may have (default 3)'),
  ),
  memberOrdersPerHour: Optional(Count(1, 1000, 'Orders a member may place per hour (default 10)')),
  guestOrdersPerHour: Optional(Count(1, 1000, 'Guest orders per client address per hour (default 20)')),
  unpaidOrderHours: Optional(
    Count(1, 2160, 'Hours after which an order still awaiting payment is cancelled and its stock freed (default 48)'),
  ),
  currency: Optional(
    Text({
      pattern: '^[A-Z]{3}$',
      description:
        'The shop\'s currency, an ISO 4217 code such as "EUR" (default USD); prices are kept in its minor units',
      'x-hint': 'an ISO 4217 currency code in capitals such as "EUR"',
    }),
  ),
  pricesIncludeTax: Optional(
    Type.Boolean({
      description: 'Whether catalog prices already include tax (as in the EU) or tax is added at checkout',
    }),
  ),
  taxRates: Optional(
    List(TaxRateSchema, { maxItems: 250, description: 'Tax per delivery country; a country not listed pays none' }),
  ),
  demoCatalog: Optional(
    Type.Boolean({
      description:
        "Seed the demo shop (products with options and variants, collections, a discount code) into the catalog while it is empty (the demo site's)",
    }),
  ),
  offlinePayments: Optional(
    List(OfflinePaymentSchema, {
      maxItems: 5,
      description: 'Offline ways to pay the shop offers (docs/payments.md); none by default',
    }),
  ),
});
