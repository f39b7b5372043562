/**
 * Sales for the console's Overview: revenue, orders and average order value per UTC day for the last
 * 30 days, the best-selling products of those days, and the orders awaiting action (payment, shipping).
 * Cancelled orders count nowhere. Four aggregates over the Orders collection's indexed range
 * (data_items_created, data_items_order_status); nothing cached, so every instance shows the same numbers.
 */
import type { Queryable } from '../store/types.js';
import { collectionLiteral, listShopOrders, type OrderSummaryRow } from './admin-orders.js';

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

export interface SalesOverview {
  currency: string;
  days: SalesDay[];
  totals: { orders: number; revenue: number; averageOrderValue: number };
  topProducts: { productId: string; title: string; image: string | null; quantity: number; revenue: number }[];
  awaitingAction: { awaitingPayment: number; toShip: number; oldest: OrderSummaryRow[] };
}

const money = (value: number) => Math.round(value * 100) / 100;
const average = (revenue: number, orders: number) => (orders ? money(revenue / orders) : 0);
// A number field read as numeric; anything else (an item written through the data API by hand) as 0.
const num = (json: string) =>
  `(case when jsonb_typeof(${json}) = 'number' then (${json} #>> '{}')::numeric else 0 end)`;
const SOLD = `coalesce(d.data ->> 'status', 'AWAITING_PAYMENT') <> 'CANCELED'`;

export async function salesOverview(
  db: Queryable,
  siteId: string,
  collection: string,
  now: number,
): Promise<SalesOverview> {
  const date = new Date(now);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const since = new Date(today - (OVERVIEW_DAYS - 1) * DAY_MS);
  const ofOrders = `d.site_id = $1 and d.collection_id = ${collectionLiteral(collection)}`;
  const range = `${ofOrders} and d.created_at >= $2 and ${SOLD}`;
  const [perDay, top, awaiting, currency] = await Promise.all([
    db.query<{ day: string; orders: number; revenue: string | number }>(
      `select to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as orders,
              sum(${num("d.data -> 'total'")}) as revenue
       from data_items d where ${range} group by 1`,
      [siteId, since],
    ),
    db.query<{
      product_id: string;
      title: string | null;
      image: string | null;
      quantity: number;
      revenue: string | number;
    }>(
      `select l ->> 'productId' as product_id, max(l ->> 'title') as title, max(l ->> 'image') as image,
              sum(${num("l -> 'quantity'")})::int as quantity, sum(${num("l -> 'lineTotal'")}) as revenue
       from data_items d
       cross join lateral jsonb_array_elements(case when jsonb_typeof(d.data -> 'lines') = 'array'
         then d.data -> 'lines' else '[]'::jsonb end) l
       where ${range} and l ->> 'productId' is not null
       group by 1 order by quantity desc, revenue desc, 1 limit ${TOP_PRODUCTS}`,
      [siteId, since],
    ),
    db.query<{ status: string; n: number }>(
      `select d.data ->> 'status' as status, count(*)::int as n from data_items d
       where ${ofOrders} and d.data ->> 'status' in ('AWAITING_PAYMENT', 'PAID') group by 1`,
      [siteId],
    ),
    db.query<{ currency: string | null }>(
      `select d.data ->> 'currency' as currency from data_items d where ${ofOrders} order by d.created_at desc limit 1`,
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
    d.revenue = money(Number(r.revenue));
    d.averageOrderValue = average(d.revenue, d.orders);
  }
  const series = [...days.values()];
  const orders = series.reduce((sum, d) => sum + d.orders, 0);
  const revenue = money(series.reduce((sum, d) => sum + d.revenue, 0));
  const count = (status: string) => Number(awaiting.rows.find((r) => r.status === status)?.n ?? 0);
  // Oldest first: the order that has waited longest is the one to act on.
  const waiting = await Promise.all(
    (['PAID', 'AWAITING_PAYMENT'] as const).map((status) =>
      listShopOrders(db, siteId, collection, { status }, { limit: AWAITING_LISTED, offset: 0, oldestFirst: true }),
    ),
  );
  return {
    currency: currency.rows[0]?.currency ?? 'USD',
    days: series,
    totals: { orders, revenue, averageOrderValue: average(revenue, orders) },
    topProducts: top.rows.map((r) => ({
      productId: r.product_id,
      title: r.title ?? r.product_id,
      image: r.image,
      quantity: Number(r.quantity),
      revenue: money(Number(r.revenue)),
    })),
    awaitingAction: {
      awaitingPayment: count('AWAITING_PAYMENT'),
      toShip: count('PAID'),
      oldest: waiting
        .flatMap((w) => w.orders)
        .sort((a, b) => a.createdDate.localeCompare(b.createdDate))
        .slice(0, AWAITING_LISTED),
    },
  };
}
