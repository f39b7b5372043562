/**
 * Orders on the eCom wire: a member's own (`POST /ecom/v1/orders/search`, newest first), one order by id (its
 * member, or the visitor that placed it), and a guest's order by the signed link of its confirmation mail
 * (`POST /_api/vitrine/v1/orders/by-link {token}`, answered in the same shape).
 */
import { ApiRequestError } from '@vitrine/react';
import type { EcomFetch } from '../../app/ecom-fetch.js';
import type { Order } from './order-types.js';

export async function fetchOrders(ecom: EcomFetch, limit = 100): Promise<Order[]> {
  const answer = await ecom<{ orders: Order[] }>('POST', '/ecom/v1/orders/search', {
    search: { cursorPaging: { limit } },
  });
  return answer.orders;
}

/** The order, or null when it does not exist (or is not this shopper's). */
export async function fetchOrder(ecom: EcomFetch, id: string): Promise<Order | null> {
  try {
    return (await ecom<{ order: Order }>('GET', `/ecom/v1/orders/${encodeURIComponent(id)}`)).order;
  } catch (e) {
    if (e instanceof ApiRequestError && e.status == 404) return null;
    throw e;
  }
}

/** A guest's order by the token of its link; null when the link is not one of this shop's. */
export async function fetchOrderByLink(ecom: EcomFetch, token: string): Promise<Order | null> {
  try {
    return (await ecom<{ order: Order }>('POST', '/_api/vitrine/v1/orders/by-link', { token })).order;
  } catch (e) {
    if (e instanceof ApiRequestError && (e.status == 404 || e.status == 400)) return null;
    throw e;
  }
}
