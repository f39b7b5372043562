/**
 * Orders awaiting payment per buyer (audit V5-4): each holds its stock until it is paid, cancelled or expires
 * (order-expiry.ts), so checkout refuses a new one while the buyer already has `maxOpenUnpaidOrders` of them:
 * counted per member, and for guests per email key, per visitor and per client address (any of them full
 * refuses). Checkouts of the same buyer run one after the other (transaction-scoped advisory locks, taken in
 * a fixed order before any product row), so two at once cannot both pass the count.
 */
import { appError } from '../errors/catalogue.js';
import { emailKey } from '../security/index.js';
import type { Queryable } from '../store/types.js';
import type { Buyer } from './buyer.js';

export interface OpenOrdersCheck {
  siteId: string;
  orders: string;
  buyer: Buyer;
  clientIp: string | undefined;
  max: number;
}

const WORDS = { member: 'account', email: 'email address', visitor: 'browser', address: 'network address' } as const;
type Counted = keyof typeof WORDS;

async function lockBuyer(tx: Queryable, siteId: string, keys: string[]): Promise<void> {
  for (const key of [...keys].sort())
    await tx.query('select 1 from (select pg_advisory_xact_lock(hashtext($1))) as locked', [
      `shop-open-orders:${siteId}:${key}`,
    ]);
}

async function openCounts(tx: Queryable, check: OpenOrdersCheck): Promise<Partial<Record<Counted, number>>> {
  const { siteId, orders, buyer } = check;
  if (buyer.kind === 'member') {
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from data_items where site_id = $1 and collection_id = $2 and owner_id = $3
       and data ->> 'status' = 'AWAITING_PAYMENT'`,
      [siteId, orders, buyer.memberId],
    );
    return { member: Number(rows[0]?.n ?? 0) };
  }
  const { rows } = await tx.query<{ email: number; visitor: number; address: number }>(
    `select (count(*) filter (where g.email_key = $2))::int as email,
            (count(*) filter (where g.visitor_id = $3))::int as visitor,
            (count(*) filter (where g.client_ip = $4))::int as address
     from shop_guest_orders g
     join data_items o on o.site_id = g.site_id and o.collection_id = $5 and o.id = g.order_id
     where g.site_id = $1 and (g.email_key = $2 or g.visitor_id = $3 or g.client_ip = $4)
       and o.data ->> 'status' = 'AWAITING_PAYMENT'`,
    [siteId, emailKey(buyer.email), buyer.visitorId, check.clientIp ?? null, orders],
  );
  const row = rows[0];
  return { email: Number(row?.email ?? 0), visitor: Number(row?.visitor ?? 0), address: Number(row?.address ?? 0) };
}

/** Throws TOO_MANY_OPEN_ORDERS (409) when the buyer already has `max` orders awaiting payment. */
export async function checkOpenOrders(tx: Queryable, check: OpenOrdersCheck): Promise<void> {
  const { buyer } = check;
  const keys =
    buyer.kind === 'member'
      ? [`member:${buyer.memberId}`]
      : [
          `email:${emailKey(buyer.email)}`,
          `visitor:${buyer.visitorId}`,
          ...(check.clientIp ? [`address:${check.clientIp}`] : []),
        ];
  await lockBuyer(tx, check.siteId, keys);
  const counts = await openCounts(tx, check);
  const full = (Object.keys(counts) as Counted[]).find((by) => (counts[by] ?? 0) >= check.max);
  if (!full) return;
  throw appError('TOO_MANY_OPEN_ORDERS', {
    description:
      `${counts[full]} orders placed from this ${WORDS[full]} are awaiting payment, and a shop takes at most ` +
      `${check.max}. Pay for one, or wait until an unpaid one is cancelled, before placing another.`,
    data: { limit: 'maxOpenUnpaidOrders', max: check.max, by: full },
  });
}
