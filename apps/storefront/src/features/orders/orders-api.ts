import { readJson } from '@vitrine/react';
import type { Order } from './order-types.js';

type AuthFetch = (path: string, init?: RequestInit) => Promise<Response>;

export const SHOP_API = '/_api/vitrine/v1';

export async function fetchOrders(authFetch: AuthFetch): Promise<Order[]> {
  return (await readJson<{ orders: Order[] }>(await authFetch(`${SHOP_API}/orders`))).orders;
}

/** The order, or null when it does not exist (or is not this member's). */
export async function fetchOrder(authFetch: AuthFetch, id: string): Promise<Order | null> {
  const response = await authFetch(`${SHOP_API}/orders/${encodeURIComponent(id)}`);
  if (response.status == 404) return null;
  return (await readJson<{ order: Order }>(response)).order;
}
