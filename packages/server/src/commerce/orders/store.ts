/**
 * Orders in `commerce_orders` with their history (`commerce_order_history`): everything an order was sold
 * with — names, choices, prices, discount, tax, delivery — kept on the order, so a later catalog change never
 * rewrites one. Money in minor units of the order's currency.
 */
import type { Queryable } from '../../store/types.js';
import type { MediaItem } from '../catalog/types.js';
import type { DeliveryAddress } from '../checkouts/address.js';
import type { LineChoice } from '../line-choices.js';
import type { ChosenShipping } from '../pricing/shipping.js';
import type { OrderStatus, PaymentStatus } from './state.js';

export interface OrderLine {
  id: string;
  productId: string;
  variantId: string;
  /** The product's name as the shopper read it: in the language they bought in when the catalog translates it. */
  name: string;
  /** The catalog's own name, when the shopper read a translation. */
  originalName?: string;
  slug: string;
  /** The variant's choice values by option, e.g. {"Size": "M"}. */
  choices: Record<string, string>;
  /** The choices as the shopper read them: the option, its value, what it says ("Medium", "Navy"). */
  options: LineChoice[];
  sku: string | null;
  weight: number | null;
  media: MediaItem | null;
  physical: boolean;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  discount: number;
  tax: number;
  taxRate: number;
  total: number;
}

export interface Order {
  id: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  memberId: string | null;
  visitorId: string | null;
  buyerEmail: string | null;
  currency: string;
  pricesIncludeTax: boolean;
  lines: OrderLine[];
  subtotal: number;
  shippingTotal: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
  couponCode: string | null;
  shippingAddress: DeliveryAddress | null;
  shippingMethod: ChosenShipping | null;
  checkoutId: string | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * The language of the order's mails: the one its confirmation went out in (the shopper's when they placed it);
   * null for orders placed before migration 96.
   */
  language: string | null;
}

export interface OrderRow {
  id: string;
  number: string | number;
  status: OrderStatus;
  payment_status: PaymentStatus;
  member_id: string | null;
  visitor_id: string | null;
  buyer_email: string | null;
  currency: string;
  prices_include_tax: boolean;
  lines: OrderLine[];
  subtotal: string | number;
  shipping_total: string | number;
  discount_total: string | number;
  tax_total: string | number;
  total: string | number;
  coupon_code: string | null;
  shipping_address: DeliveryAddress | null;
  shipping_method: ChosenShipping | null;
  checkout_id: string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  language: string | null;
}

/** `V-100001`, `V-100002`, … as the storefront's orders are numbered. */
export const formatOrderNumber = (n: number): string => `V-${100000 + n}`;

export const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  number: formatOrderNumber(Number(r.number)),
  status: r.status,
  paymentStatus: r.payment_status,
  memberId: r.member_id,
  visitorId: r.visitor_id,
  buyerEmail: r.buyer_email,
  currency: r.currency,
  pricesIncludeTax: r.prices_include_tax,
  lines: r.lines,
  subtotal: Number(r.subtotal),
  shippingTotal: Number(r.shipping_total),
  discountTotal: Number(r.discount_total),
  taxTotal: Number(r.tax_total),
  total: Number(r.total),
  couponCode: r.coupon_code,
  shippingAddress: r.shipping_address,
  shippingMethod: r.shipping_method,
  checkoutId: r.checkout_id,
  expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  language: r.language ?? null,
});

/** The site's next order number (one row per site, taken last in the order's transaction). */
export async function nextOrderNumber(tx: Queryable, siteId: string): Promise<number> {
  const { rows } = await tx.query<{ last_number: string | number }>(
    `insert into commerce_order_counters (site_id, last_number) values ($1, 1)
     on conflict (site_id) do update set last_number = commerce_order_counters.last_number + 1
     returning last_number`,
    [siteId],
  );
  return Number(rows[0]!.last_number);
}

export type NewOrder = Omit<Order, 'number' | 'updatedAt'> & { number: number; clientIp: string | null };

export async function insertOrder(tx: Queryable, siteId: string, o: NewOrder): Promise<void> {
  await tx.query(
    `insert into commerce_orders (site_id, id, number, status, payment_status, member_id, visitor_id, buyer_email,
       currency, prices_include_tax, lines, subtotal, shipping_total, discount_total, tax_total, total, coupon_code,
       shipping_address, shipping_method, checkout_id, expires_at, client_ip, created_at, updated_at, language)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17, $18::jsonb,
       $19::jsonb, $20, $21, $22, $23, $23, $24)`,
    [
      siteId,
      o.id,
      o.number,
      o.status,
      o.paymentStatus,
      o.memberId,
      o.visitorId,
      o.buyerEmail,
      o.currency,
      o.pricesIncludeTax,
      JSON.stringify(o.lines),
      o.subtotal,
      o.shippingTotal,
      o.discountTotal,
      o.taxTotal,
      o.total,
      o.couponCode,
      o.shippingAddress ? JSON.stringify(o.shippingAddress) : null,
      o.shippingMethod ? JSON.stringify(o.shippingMethod) : null,
      o.checkoutId,
      o.expiresAt,
      o.clientIp,
      o.createdAt,
      o.language,
    ],
  );
}

export async function findOrder(db: Queryable, siteId: string, id: string, lock = false): Promise<Order | undefined> {
  const { rows } = await db.query<OrderRow>(
    `select * from commerce_orders where site_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [siteId, id],
  );
  return rows[0] && toOrder(rows[0]);
}

export interface HistoryEntry {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** 'shopper' | 'owner:<id>' | 'api-key:<name>' | 'admin-key' | 'system' (expiry). */
  actor: string;
  note: string | null;
  at: Date;
}

export async function addHistory(
  tx: Queryable,
  siteId: string,
  orderId: string,
  entry: Omit<HistoryEntry, 'at'>,
  now: number,
): Promise<void> {
  await tx.query(
    `insert into commerce_order_history (site_id, order_id, at, from_status, to_status, actor, note)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [siteId, orderId, new Date(now), entry.fromStatus, entry.toStatus, entry.actor, entry.note],
  );
}

/** An order's status changes, oldest first. */
export async function orderHistory(db: Queryable, siteId: string, orderId: string): Promise<HistoryEntry[]> {
  const { rows } = await db.query<{
    at: Date | string;
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    actor: string;
    note: string | null;
  }>(
    `select at, from_status, to_status, actor, note from commerce_order_history
     where site_id = $1 and order_id = $2 order by seq`,
    [siteId, orderId],
  );
  return rows.map((r) => ({
    fromStatus: r.from_status,
    toStatus: r.to_status,
    actor: r.actor,
    note: r.note,
    at: new Date(r.at),
  }));
}
