/**
 * Checkout on the eCom wire (docs/commerce.md → Checkouts, Placing an order): a checkout made from the current
 * cart, updated with the buyer's email, the delivery address and method, priced by the server on every answer,
 * then placed as an order. The countries the shop delivers to come from `GET /_api/vitrine/v1/shipping-methods`.
 */
import type { AuthFetch, EcomFetch } from '../../app/ecom-fetch.js';
import type { Checkout, Order, ShippingOffer, WixAddress } from '../../app/ecom-types.js';
import { readJson } from '@vitrine/react';
import type { OrderAddress } from '../orders/order-types.js';

export interface ShippingFacts {
  /** The countries some delivery method serves (empty: the shop asks for no delivery choice). */
  countries: string[];
  /**
   * Each method's subtotal from which it is free, in major units of the site's currency, by method id: the eCom
   * checkout's delivery offers do not carry it ("Free from $100.00" under the method).
   */
  freeAbove: Record<string, number>;
}

export async function fetchShipping(authFetch: AuthFetch): Promise<ShippingFacts> {
  const answer = await readJson<{ countries: string[]; methods: { id: string; freeAbove?: number }[] }>(
    await authFetch('/_api/vitrine/v1/shipping-methods'),
  );
  const freeAbove: Record<string, number> = {};
  for (const m of answer.methods ?? []) if (m.freeAbove !== undefined) freeAbove[m.id] = m.freeAbove;
  return { countries: answer.countries, freeAbove };
}

/** A checkout of the cart as it is now (making one again refreshes the cart's open checkout). */
export async function createCheckout(ecom: EcomFetch): Promise<string> {
  const path = '/ecom/v1/carts/current/create-checkout';
  return (await ecom<{ checkoutId: string }>('POST', path, { channelType: 'WEB' })).checkoutId;
}

export interface CheckoutChanges {
  email?: string;
  address?: OrderAddress;
  /** A delivery method's code. */
  method?: string;
}

/** The storefront's address in the wire's `AddressWithContact`. */
export function toWixAddress(a: OrderAddress): WixAddress {
  const [firstName = '', ...rest] = (a.name ?? '').trim().split(/\s+/);
  return {
    address: {
      ...(a.country ? { country: a.country.toUpperCase() } : {}),
      ...(a.subdivision ? { subdivision: a.subdivision } : {}),
      ...(a.city ? { city: a.city } : {}),
      ...(a.postalCode ? { postalCode: a.postalCode } : {}),
      ...(a.addressLine ? { addressLine1: a.addressLine } : {}),
      ...(a.addressLine2 ? { addressLine2: a.addressLine2 } : {}),
    },
    ...(firstName ? { contactDetails: { firstName, ...(rest.length ? { lastName: rest.join(' ') } : {}) } } : {}),
  };
}

/** The wire's address as the storefront shows it. */
export function fromWixAddress(w: WixAddress | undefined): OrderAddress | null {
  if (!w?.address && !w?.contactDetails) return null;
  const a = w.address ?? {};
  const name = [w.contactDetails?.firstName, w.contactDetails?.lastName].filter(Boolean).join(' ');
  return {
    ...(name ? { name } : {}),
    // The server answers `addressLine` (Wix's older name); clients send `addressLine1`.
    ...((a.addressLine1 ?? a.addressLine) ? { addressLine: a.addressLine1 ?? a.addressLine } : {}),
    ...(a.addressLine2 ? { addressLine2: a.addressLine2 } : {}),
    ...(a.city ? { city: a.city } : {}),
    ...(a.subdivision ? { subdivision: a.subdivision } : {}),
    ...(a.postalCode ? { postalCode: a.postalCode } : {}),
    ...(a.country ? { country: a.country } : {}),
  };
}

/** Sets what is given on the checkout; the answer is the checkout priced for it. */
export async function updateCheckout(ecom: EcomFetch, id: string, changes: CheckoutChanges): Promise<Checkout> {
  const shippingInfo = {
    ...(changes.address ? { shippingDestination: toWixAddress(changes.address) } : {}),
    ...(changes.method ? { selectedCarrierServiceOption: { code: changes.method } } : {}),
  };
  const checkout = {
    ...(changes.email !== undefined ? { buyerInfo: { email: changes.email } } : {}),
    ...(Object.keys(shippingInfo).length ? { shippingInfo } : {}),
  };
  const path = `/ecom/v1/checkouts/${encodeURIComponent(id)}`;
  return (await ecom<{ checkout: Checkout }>('PATCH', path, { checkout })).checkout;
}

/** The delivery methods the checkout's country offers, priced for it. */
export const deliveryOffers = (checkout: Checkout | undefined): ShippingOffer[] =>
  checkout?.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions) ?? [];

/** Places the checkout: the order awaits payment. */
export async function placeOrder(ecom: EcomFetch, checkoutId: string): Promise<string> {
  const path = `/ecom/v1/checkouts/${encodeURIComponent(checkoutId)}/create-order`;
  return (await ecom<{ orderId: string }>('POST', path, {})).orderId;
}

export async function fetchPlacedOrder(ecom: EcomFetch, orderId: string): Promise<Order> {
  return (await ecom<{ order: Order }>('GET', `/ecom/v1/orders/${encodeURIComponent(orderId)}`)).order;
}
