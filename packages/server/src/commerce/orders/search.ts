/**
 * Lists of orders, newest first: a member's own (the eCom wire's search) and the site's for the admin API,
 * filtered by status, an order number's digits or a part of the buyer's email, and days. Served by
 * `commerce_orders_member` and `commerce_orders_created`. (There is no index by visitor: a visitor reads the orders
 * it placed one by one, by id.)
 */
import type { Queryable } from '../../store/types.js';
import { invalidField } from '../../errors/wire.js';
import { commerceDay } from '../dates.js';
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from './state.js';
import { toOrder, type Order } from './store.js';

export const ORDERS_PAGE_MAX = 100;
/** Rows of one CSV export (the newest); the filters narrow a larger shop's export. */
export const ORDERS_EXPORT_MAX = 10_000;

export interface OrderFilter {
  /** A member's own orders. */
  memberId?: string;
  status?: OrderStatus;
  /** An order number ("V-100042", "100042", its first digits) or a part of the buyer's email. */
  search?: string;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** The list's filters from a query (`status`, `search`, `from`, `to`), checked: the list and the CSV export read them. */
export function parseOrderFilter(q: Record<string, unknown>): OrderFilter {
  const filter: OrderFilter = {};
  if (q.status !== undefined && q.status !== '') {
    if (!isOrderStatus(q.status)) throw invalidField('status', `must be one of ${ORDER_STATUSES.join(', ')}`);
    filter.status = q.status;
  }
  if (typeof q.search === 'string' && q.search.trim()) filter.search = q.search.trim().slice(0, 200);
  for (const key of ['from', 'to'] as const) {
    const v = q[key];
    if (v === undefined || v === '') continue;
    filter[key] = commerceDay(v, key);
  }
  return filter;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(filter: OrderFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  const param = (value: unknown) => `$${params.push(value) + 1}`;
  if (filter.memberId) parts.push(`member_id = ${param(filter.memberId)}`);
  if (filter.status) parts.push(`status = ${param(filter.status)}`);
  if (filter.from) parts.push(`created_at >= ${param(`${filter.from}T00:00:00Z`)}::timestamptz`);
  if (filter.to) parts.push(`created_at < (${param(`${filter.to}T00:00:00Z`)}::timestamptz + interval '1 day')`);
  if (filter.search) {
    const digits = /^(?:[a-z]+-?)?(\d{1,12})$/i.exec(filter.search.trim());
    if (digits) {
      // V-100042 is number 42: the digits name 100000 + n, or its first digits a range of them.
      const text = digits[1]!;
      parts.push(`(100000 + number)::text like ${param(`${likeEscape(text)}%`)}`);
    } else parts.push(`lower(coalesce(buyer_email, '')) like ${param(`%${likeEscape(filter.search.toLowerCase())}%`)}`);
  }
  return { sql: parts.length ? ` and ${parts.join(' and ')}` : '', params };
}

export async function listOrders(
  db: Queryable,
  siteId: string,
  filter: OrderFilter,
  page: { limit: number; offset: number },
  /** The most one call answers: a page of the list, or the CSV export's cap (ORDERS_EXPORT_MAX). */
  max = ORDERS_PAGE_MAX,
): Promise<{ orders: Order[]; total: number }> {
  const w = where(filter);
  const limit = Math.max(1, Math.min(Math.trunc(page.limit), max));
  const offset = Math.max(0, Math.trunc(page.offset));
  const rows = await db.query<Parameters<typeof toOrder>[0]>(
    `select * from commerce_orders where site_id = $1${w.sql}
     order by created_at desc, number desc limit ${limit} offset ${offset}`,
    [siteId, ...w.params],
  );
  const count = await db.query<{ n: number }>(
    `select count(*)::int as n from commerce_orders where site_id = $1${w.sql}`,
    [siteId, ...w.params],
  );
  return { orders: rows.rows.map(toOrder), total: Number(count.rows[0]?.n ?? 0) };
}

/** A member's own orders, newest first: the account pages list them, the member's data download holds them all. */
export async function memberOrders(db: Queryable, siteId: string, memberId: string, max: number): Promise<Order[]> {
  return (await listOrders(db, siteId, { memberId }, { limit: max, offset: 0 }, max)).orders;
}
