/**
 * Sales for the console's Overview, from the module's orders: revenue, orders and average order value per UTC day
 * for the last 30 days, the best-selling products of those days, and the orders awaiting action (payment, delivery:
 * PAID orders are the ones to fulfil). In minor units of the site's currency; orders in another currency (placed
 * before the site changed it) are left out of the sums rather than added to them. Cancelled orders count nowhere.
 * Aggregates over `commerce_orders_created`'s range; nothing cached, so every instance shows the same numbers.
 */
import type { Queryable } from '../../store/types.js';
import { toOrder, type Order, type OrderRow } from './store.js';

const DAY_MS = 24 * 3600 * 1000;
/** As many days as the Overview's sign-up chart (admin/overview.ts). */
export const OVERVIEW_DAYS = 30;
export const TOP_PRODUCTS = 5;
export const AWAITING_LISTED = 10;

export interface SalesDay {
  day: string;
  orders: number;
  revenue: number;
  averageOrderValue: number;
}

/** An order as the overview's waiting list and the CSV export show it: one row, amounts in minor units. */
export function orderRow(order: Order) {
  return {
    _id: order.id,
    id: order.id,
    number: order.number,
    status: order.status,
    createdDate: order.createdAt.toISOString(),
    itemCount: order.lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotal: order.subtotal,
    total: order.total,
    currency: order.currency,
    email: order.buyerEmail,
    memberId: order.memberId,
    guest: order.memberId === null,
  };
}
export type OrderSummaryRow = ReturnType<typeof orderRow>;

export interface SalesOverview {
  currency: string;
  days: SalesDay[];
  totals: { orders: number; revenue: number; averageOrderValue: number };
  topProducts: { productId: string; title: string; image: string | null; quantity: number; revenue: number }[];
  awaitingAction: { awaitingPayment: number; toShip: number; oldest: OrderSummaryRow[] };
}

const average = (revenue: number, orders: number) => (orders ? Math.round(revenue / orders) : 0);

export async function salesOverview(
  db: Queryable,
  siteId: string,
  currency: string,
  now: number,
): Promise<SalesOverview> {
  const date = new Date(now);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const since = new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
  const range = `o.site_id = $1 and o.created_at >= $2 and o.currency = $3 and o.status <> 'CANCELED'`;
  const [perDay, top, awaiting, oldest] = await Promise.all([
    db.query<{ day: string; orders: number; revenue: string | number }>(
      `select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as orders,
              sum(o.total) as revenue
       from commerce_orders o where ${range} group by 1`,
      [siteId, since, currency],
    ),
    // A product's title is its name in the catalog now (the site's own language, never a shopper's translation that
    // an order's line keeps); for a product since deleted, the catalog's name its first line in the days recorded.
    db.query<{ product_id: string; title: string | null; image: string | null; quantity: number; revenue: string }>(
      `with sold as (
         select l ->> 'productId' as product_id, coalesce(l ->> 'originalName', l ->> 'name') as name,
                l -> 'media' ->> 'url' as image, (l ->> 'quantity')::int as quantity, (l ->> 'total')::bigint as total,
                o.created_at, o.number
         from commerce_orders o cross join lateral jsonb_array_elements(o.lines) l
         where ${range})
       select s.product_id, coalesce(min(p.name), (array_agg(s.name order by s.created_at, s.number))[1]) as title,
              max(s.image) as image, sum(s.quantity)::int as quantity, sum(s.total) as revenue
       from sold s left join commerce_products p on p.site_id = $1 and p.id = s.product_id
       group by 1 order by quantity desc, revenue desc, 1 limit ${TOP_PRODUCTS}`,
      [siteId, since, currency],
    ),
    db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from commerce_orders
       where site_id = $1 and status in ('AWAITING_PAYMENT', 'PAID') group by 1`,
      [siteId],
    ),
    // Oldest first: the order that has waited longest is the one to act on.
    db.query<OrderRow>(
      `select * from commerce_orders where site_id = $1 and status in ('AWAITING_PAYMENT', 'PAID')
       order by created_at, number limit ${AWAITING_LISTED}`,
      [siteId],
    ),
  ]);

  const days = new Map<string, SalesDay>();
  for (let i = 0; i < OVERVIEW_DAYS; i++) {
    const day = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    days.set(day, { day, orders: 0, revenue: 0, averageOrderValue: 0 });
  }
  for (const r of perDay.rows) {
    const d = days.get(r.day);
    if (!d) continue;
    d.orders = Number(r.orders);
    d.revenue = Number(r.revenue);
    d.averageOrderValue = average(d.revenue, d.orders);
  }
  const series = [...days.values()];
  const orders = series.reduce((sum, d) => sum + d.orders, 0);
  const revenue = series.reduce((sum, d) => sum + d.revenue, 0);
  const count = (status: string) => Number(awaiting.rows.find((r) => r.status === status)?.n ?? 0);
  return {
    currency,
    days: series,
    totals: { orders, revenue, averageOrderValue: average(revenue, orders) },
    topProducts: top.rows.map((r) => ({
      productId: r.product_id,
      title: r.title ?? r.product_id,
      image: r.image,
      quantity: Number(r.quantity),
      revenue: Number(r.revenue),
    })),
    awaitingAction: {
      awaitingPayment: count('AWAITING_PAYMENT'),
      toShip: count('PAID'),
      oldest: oldest.rows.map((r) => orderRow(toOrder(r))),
    },
  };
}
