/** Reading a member's orders, and the shape the shop API answers with. */
import { isDateValue, type JsonObject } from '../data/index.js';
import type { Queryable } from '../store/types.js';

export const MAX_ORDERS_LISTED = 100;

export interface OrderView {
  _id: string;
  number: string;
  status: string;
  createdDate: string;
  lines: unknown[];
  itemCount: number;
  subtotal: number;
  total: number;
  currency: string;
  shippingAddress: unknown;
  /** Set once the shop marks the order shipped (console, shop/order-status.ts). */
  carrier?: string;
  trackingNumber?: string;
  /** AWAITING_PAYMENT at first; later statuses are set in the console (#30). */
  paymentMethod: string;
  shippingMethod: unknown;
  shippingTotal: number;
  /** Set on guest orders only. */
  guestEmail: string | null;
}

export function orderView(data: JsonObject): OrderView {
  const created = data._createdDate;
  return {
    _id: String(data._id),
    number: String(data.number ?? ''),
    status: String(data.status ?? 'AWAITING_PAYMENT'),
    createdDate: isDateValue(created) ? created.$date : String(created ?? ''),
    lines: Array.isArray(data.lines) ? data.lines : [],
    itemCount: Number(data.itemCount ?? 0),
    subtotal: Number(data.subtotal ?? 0),
    total: Number(data.total ?? 0),
    currency: String(data.currency ?? 'USD'),
    shippingAddress: data.shippingAddress ?? null,
    ...(typeof data.carrier === 'string' ? { carrier: data.carrier } : {}),
    ...(typeof data.trackingNumber === 'string' ? { trackingNumber: data.trackingNumber } : {}),
    paymentMethod: String(data.paymentMethod ?? 'OFFLINE'),
    shippingMethod: data.shippingMethod ?? null,
    shippingTotal: Number(data.shippingTotal ?? 0),
    guestEmail: typeof data.guestEmail === 'string' ? data.guestEmail : null,
  };
}

/** The member's orders, newest first. */
export async function listOrders(
  db: Queryable,
  siteId: string,
  ordersCollection: string,
  memberId: string,
): Promise<OrderView[]> {
  const { rows } = await db.query<{ data: JsonObject }>(
    `select data from data_items where site_id = $1 and collection_id = $2 and owner_id = $3
     order by created_at desc, seq desc limit ${MAX_ORDERS_LISTED}`,
    [siteId, ordersCollection, memberId],
  );
  return rows.map((r) => orderView(r.data));
}

/** One order of the member; undefined for a missing order and for another member's. */
export async function findOrder(
  db: Queryable,
  siteId: string,
  ordersCollection: string,
  memberId: string,
  id: string,
): Promise<OrderView | undefined> {
  const { rows } = await db.query<{ data: JsonObject }>(
    'select data from data_items where site_id = $1 and collection_id = $2 and id = $3 and owner_id = $4',
    [siteId, ordersCollection, id, memberId],
  );
  return rows[0] && orderView(rows[0].data);
}

/** An order by id whoever owns it: for the signed link of a guest's confirmation (order-link.ts). */
export async function findOrderById(
  db: Queryable,
  siteId: string,
  ordersCollection: string,
  id: string,
): Promise<OrderView | undefined> {
  const { rows } = await db.query<{ data: JsonObject }>(
    'select data from data_items where site_id = $1 and collection_id = $2 and id = $3',
    [siteId, ordersCollection, id],
  );
  return rows[0] && orderView(rows[0].data);
}
