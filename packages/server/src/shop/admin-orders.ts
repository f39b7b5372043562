/**
 * The console's view of orders: a searchable list (number or email), filters by status and date,
 * newest first, and one order with its customer and history. Plain SQL over the Orders collection's
 * data items (indexes in migration 0043); orders of guests (#29's guest checkout) carry `guestEmail`.
 */
import { invalidField } from '../errors/wire.js';
import { isDateValue, type JsonObject } from '../data/index.js';
import type { Queryable } from '../store/types.js';
import { currentStatus, isOrderStatus, type OrderStatus } from './order-rules.js';

export const ORDERS_PAGE_MAX = 100;
export const ORDERS_EXPORT_MAX = 10_000;

export interface OrderFilter {
  search?: string;
  status?: OrderStatus;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

export interface OrderSummaryRow {
  _id: string;
  number: string;
  status: OrderStatus;
  createdDate: string;
  itemCount: number;
  subtotal: number;
  total: number;
  currency: string;
  /** The member's address, or the guest's; null when neither is known. */
  email: string | null;
  memberId: string | null;
  guest: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function day(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw invalidField(field, 'must be a date as YYYY-MM-DD');
  return value;
}

/** The list's query string, checked. */
export function parseOrderFilter(query: Record<string, unknown>): OrderFilter {
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, 200) : undefined;
  const status = query.status === undefined || query.status === '' ? undefined : query.status;
  if (status !== undefined && !isOrderStatus(status))
    throw invalidField('status', 'must be AWAITING_PAYMENT, PAID, SHIPPED, DELIVERED or CANCELED');
  const from = day(query.from, 'from');
  const to = day(query.to, 'to');
  if (from && to && from > to) throw invalidField('to', 'must not be before from');
  return {
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The where clause and parameters of a filter ($1 is the site). */
function where(filter: OrderFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  const param = (value: unknown) => `$${params.push(value) + 1}`;
  // Checkout always writes a status (the index data_items_order_status serves this).
  if (filter.status) parts.push(`d.data ->> 'status' = ${param(filter.status)}`);
  if (filter.from) parts.push(`d.created_at >= ${param(`${filter.from}T00:00:00Z`)}::timestamptz`);
  if (filter.to) parts.push(`d.created_at < (${param(`${filter.to}T00:00:00Z`)}::timestamptz + interval '1 day')`);
  if (filter.search) {
    const text = filter.search;
    const number = /^(?:([a-z]+)-?)?(\d+)$/i.exec(text);
    if (number) {
      // "V-100042", "v100042", "100042" or its first digits: a prefix of the number, which checkout writes as
      // V-<digits> (pricing.ts formatOrderNumber); one LIKE prefix, so data_items_order_number serves it.
      const prefix = `${(number[1] ?? 'V').toUpperCase()}-${number[2]}`;
      parts.push(`upper(d.data ->> 'number') like ${param(`${likeEscape(prefix)}%`)}`);
    } else {
      // Anything else is a part of an email address: the member's, or the guest's (#29).
      const like = param(`%${likeEscape(text.toLowerCase())}%`);
      parts.push(
        `(lower(coalesce(d.data ->> 'guestEmail', d.data ->> 'email', '')) like ${like}
          or lower(m.email) like ${like})`,
      );
    }
  }
  return { sql: parts.length ? ` and ${parts.join(' and ')}` : '', params };
}

/**
 * The orders collection as an SQL literal rather than a parameter, so the planner matches the partial indexes
 * of migration 43 (`where collection_id = 'Orders'`) with generic plans too. Ids are config names; checked anyway.
 */
export function collectionLiteral(id: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_-]{0,99}$/.test(id)) throw new Error(`unexpected collection id "${id.slice(0, 100)}"`);
  return `'${id}'`;
}

// The member behind an order: its `memberId`, else the row's owner (checkout writes both).
const from = (collection: string) => `from data_items d
  left join members m on m.site_id = d.site_id and m.id::text = coalesce(d.data ->> 'memberId', d.owner_id)
  where d.site_id = $1 and d.collection_id = ${collectionLiteral(collection)}`;

interface ListRow {
  data: JsonObject;
  owner_id: string | null;
  member_email: string | null;
  member_id: string | null;
}

const dateText = (value: unknown) => (isDateValue(value) ? value.$date : String(value ?? ''));

function summary(row: ListRow): OrderSummaryRow {
  const { data } = row;
  const guestEmail = data.guestEmail ?? data.email;
  return {
    _id: String(data._id),
    number: String(data.number ?? ''),
    status: currentStatus(data.status),
    createdDate: dateText(data._createdDate),
    itemCount: Number(data.itemCount ?? 0),
    subtotal: Number(data.subtotal ?? data.total ?? 0),
    total: Number(data.total ?? 0),
    currency: String(data.currency ?? 'USD'),
    email: row.member_email ?? (typeof guestEmail === 'string' ? guestEmail : null),
    memberId: row.member_id,
    guest: !row.member_id && typeof guestEmail === 'string',
  };
}

export async function listShopOrders(
  db: Queryable,
  siteId: string,
  collection: string,
  filter: OrderFilter,
  page: { limit: number; offset: number; oldestFirst?: boolean },
): Promise<{ orders: OrderSummaryRow[]; total: number }> {
  const w = where(filter);
  const [rows, count] = await Promise.all([
    db.query<ListRow>(
      `select d.data, d.owner_id, m.email as member_email, m.id::text as member_id ${from(collection)}${w.sql}
       order by d.created_at ${page.oldestFirst ? 'asc' : 'desc'}, d.seq ${page.oldestFirst ? 'asc' : 'desc'} limit ${page.limit} offset ${page.offset}`,
      [siteId, ...w.params],
    ),
    db.query<{ n: number }>(`select count(*)::int as n ${from(collection)}${w.sql}`, [siteId, ...w.params]),
  ]);
  return { orders: rows.rows.map(summary), total: Number(count.rows[0]?.n ?? 0) };
}

/** One order with its member's address (when it has a member) — or undefined. */
export async function findShopOrder(db: Queryable, siteId: string, collection: string, id: string) {
  const { rows } = await db.query<ListRow>(
    `select d.data, d.owner_id, m.email as member_email, m.id::text as member_id ${from(collection)} and d.id = $2`,
    [siteId, id],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { order: row.data, summary: summary(row) };
}
