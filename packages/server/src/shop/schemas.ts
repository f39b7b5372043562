/** Schemas of the shop API (member token): checkout and orders. */
import { Type } from 'typebox';
import { Described, Key, Open, op } from '../http/schemas/common.js';

const Order = Open({
  _id: Key('Order id'),
  number: Key('Order number'),
  status: Key('Status'),
  lines: Key('Lines with server-side prices'),
  carrier: Key('Carrier, once shipped'),
  trackingNumber: Key('Tracking number, once shipped'),
});

// No `type: object` at the root: a checkout may come without a body (`{shippingAddress?}` is optional).
const CheckoutBody = Type.Unsafe<Record<string, unknown>>({
  description: 'Optional; `shippingAddress` with the fields a delivery needs',
  properties: { shippingAddress: Described('{name, line1, line2?, city, postalCode, country}', 'multiline') },
  examples: [
    {
      shippingAddress: {
        name: 'Ada Lovelace',
        line1: '1 Main St',
        city: 'London',
        postalCode: 'N1 9GU',
        country: 'GB',
      },
    },
  ],
});

export const checkout = op(
  "Turn the member's cart into an order (server-side prices and stock)",
  Open({ order: Order }),
  { body: CheckoutBody },
);
export const listOrders = op("The member's orders, newest first", Open({ orders: Key('Orders, newest first') }));
export const getOrder = op("One of the member's orders (404 for others' orders)", Open({ order: Order }), {
  params: Type.Object({ id: Type.String() }),
});
