/**
 * The shop API of checkout (`/_api/vitrine/v1`, the shopper's visitor or member token): the site's delivery
 * methods, the review quote (server prices), placing the order, and a guest's order by its signed link.
 */
import { readJson } from '@vitrine/react';
import type { Order, OrderAddress } from '../orders/order-types.js';
import { SHOP_API } from '../orders/orders-api.js';

type AuthFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface ShippingOption {
  id: string;
  name: string;
  description?: string;
  amount: number;
  freeAbove?: number;
}

export interface Quote {
  lines: Order['lines'];
  itemCount: number;
  subtotal: number;
  shippingOptions: ShippingOption[];
  total: number;
  currency: string;
}

export interface CheckoutInput {
  email?: string;
  shippingAddress?: OrderAddress;
  shippingMethod?: string;
  language?: string;
}

const post = (authFetch: AuthFetch, path: string, body: unknown) =>
  authFetch(`${SHOP_API}${path}`, { method: 'POST', body: JSON.stringify(body) });

/** The countries some delivery method serves (empty: the shop asks for no delivery choice). */
export async function fetchShippingCountries(authFetch: AuthFetch): Promise<string[]> {
  return (await readJson<{ countries: string[] }>(await authFetch(`${SHOP_API}/shipping-methods`))).countries;
}

/** The cart priced now, with the delivery methods of `country` (none without one). */
export async function fetchQuote(authFetch: AuthFetch, country: string | undefined): Promise<Quote> {
  const body = country ? { shippingAddress: { country } } : {};
  return (await readJson<{ quote: Quote }>(await post(authFetch, '/checkout/quote', body))).quote;
}

export async function placeOrder(
  authFetch: AuthFetch,
  input: CheckoutInput,
): Promise<{ order: Order; orderToken?: string }> {
  return readJson<{ order: Order; orderToken?: string }>(await post(authFetch, '/checkout', input));
}

/** A guest's order by the token of its link; null when the link is not one of this shop's. */
export async function fetchOrderByLink(authFetch: AuthFetch, token: string): Promise<Order | null> {
  const response = await post(authFetch, '/orders/by-link', { token });
  if (response.status == 404 || response.status == 400) return null;
  return (await readJson<{ order: Order }>(response)).order;
}
