/** Schemas of the shop API: delivery methods, the review quote, checkout and orders. */
import { Type } from 'typebox';
import { Described, Key, Open, op } from '../http/schemas/common.js';

const Order = Open({
  _id: Key('Order id'),
  number: Key('Order number'),
  status: Key('Status: AWAITING_PAYMENT when placed (pay on delivery or by bank transfer)'),
  lines: Key('Lines with server-side prices'),
  carrier: Key('Carrier, once shipped'),
  trackingNumber: Key('Tracking number, once shipped'),
  shippingMethod: Key('{methodId, name, country, amount} of the delivery, or null'),
  guestEmail: Key('The email of a guest order; null for members'),
});

const address = {
  name: 'Ada Lovelace',
  addressLine: '1 Main St',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
};

// No `type: object` at the root: a body may be absent (every field is optional for the schema; the flow
// says which it needs, e.g. the email of a guest).
const CheckoutBody = Type.Unsafe<Record<string, unknown>>({
  description:
    '`shippingAddress` {name?, addressLine, addressLine2?, city, subdivision?, postalCode, country (ISO 3166)}, ' +
    '`shippingMethod` (an id of GET shipping-methods, needed when the site has delivery methods), `email` ' +
    "(guests: the visitor's token checks out without an account), `language` (of the confirmation mail)",
  properties: {
    shippingAddress: Described('{name?, addressLine, addressLine2?, city, postalCode, country}', 'multiline'),
    shippingMethod: Described('Delivery method id'),
    email: Described('Guest email'),
    language: Described('BCP 47 tag of the confirmation mail'),
  },
  examples: [{ email: 'ada@example.com', shippingAddress: address, shippingMethod: 'standard', language: 'en' }],
});

const QuoteBody = Type.Unsafe<Record<string, unknown>>({
  description: '`shippingAddress.country` prices the delivery methods; `shippingMethod` adds the chosen one',
  properties: { shippingAddress: Described('{country}', 'multiline'), shippingMethod: Described('Method id') },
  examples: [{ shippingAddress: { country: 'FR' }, shippingMethod: 'standard' }],
});

export const shippingMethods = op(
  "The site's delivery methods (flat rates per country, free above an amount)",
  Open({ methods: Key('Methods {id, name, description?, rates, freeAbove?}'), countries: Key('Countries served') }),
);
export const quote = op(
  'The cart priced as checkout would price it now, with the delivery (the review step)',
  Open({ quote: Key('{lines, subtotal, shippingOptions, shipping, total, currency}') }),
  { body: QuoteBody },
);
export const checkout = op(
  "Turn the shopper's cart into an order (server-side prices, stock and delivery); guests give an email",
  Open({ order: Order, orderToken: Key("A guest's signed order link token (POST orders/by-link)") }),
  { body: CheckoutBody },
);
export const orderByLink = op(
  "A guest's order by the signed token of its confirmation mail (410 once expired)",
  Open({ order: Order }),
  { body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 300 }) }) },
);
export const listOrders = op("The member's orders, newest first", Open({ orders: Key('Orders, newest first') }));
export const getOrder = op("One of the member's orders (404 for others' orders)", Open({ order: Order }), {
  params: Type.Object({ id: Type.String() }),
});
