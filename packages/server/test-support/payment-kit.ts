/**
 * What the payment suites share (docs/payments.md): a guest's order placed over the eCom wire, delivered to a
 * free pick-up point in France, and a payment of it started through `POST /_api/vitrine/v1/payments/start`.
 * The site needs the pick-up method: `withPickup` adds it.
 */
import { expect } from 'vitest';
import type { SiteConfig } from '../src/config/types.js';
import type { CommerceKit } from './commerce-kit.js';

export const withPickup = (site: SiteConfig): SiteConfig => ({
  ...site,
  shipping: { methods: [{ id: 'pickup', name: 'Pick-up', rates: [{ countries: ['FR'], amount: 0 }] }] },
});

/**
 * The payment suites' shop: the pick-up method, euros, caps high enough for a suite's many orders, and one
 * offline method (bank transfer, its instructions holding markup the pages must escape).
 */
export const payingShop = (site: SiteConfig): SiteConfig => ({
  ...withPickup(site),
  shop: {
    ...site.shop,
    currency: 'EUR',
    maxOpenUnpaidOrders: 100,
    guestOrdersPerHour: 1000,
    offlinePayments: [{ id: 'bank-transfer', name: 'Bank transfer', instructions: 'IBAN FR76 0000 <b>' }],
  },
});

/** A new visitor's placed order of `quantity` units of `productId`: the visitor's token and the order id. */
export async function placeGuestOrder(
  kit: CommerceKit,
  productId: string,
  quantity = 1,
  email = 'ada@example.com',
): Promise<{ token: string; orderId: string }> {
  const token = await kit.visitor();
  await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ catalogReference: { catalogItemId: productId }, quantity }] },
  });
  const checkout = await kit.call('POST', '/ecom/v1/carts/current/create-checkout', { token, body: {} });
  const id = checkout.body.checkoutId as string;
  const address = { country: 'FR', city: 'Paris', postalCode: '75001', addressLine: '1 rue de Rivoli' };
  const filled = await kit.call('PATCH', `/ecom/v1/checkouts/${id}`, {
    token,
    body: {
      checkout: {
        buyerInfo: { email },
        shippingInfo: {
          shippingDestination: { address, contactDetails: { firstName: 'Ada', lastName: 'Lovelace' } },
          selectedCarrierServiceOption: { code: 'pickup' },
        },
      },
    },
  });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const order = await kit.call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return { token, orderId: order.body.orderId as string };
}

/** `POST /_api/vitrine/v1/payments/start` as the shopper holding `token`. */
export const startPaymentAs = (kit: CommerceKit, token: string, body: Record<string, unknown>) =>
  kit.call('POST', '/_api/vitrine/v1/payments/start', { token, body });
