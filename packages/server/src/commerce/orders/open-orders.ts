/**
 * Orders awaiting payment per buyer (audit V5-4): each holds its stock until it is paid, cancelled or expires, so
 * placing a new one is refused while the buyer already has `maxOpenUnpaidOrders` of them: counted per member, and
 * for visitors (guests) per email address, per visitor and per client address (any of them full refuses). Orders
 * of the same buyer are placed one after the other (transaction-scoped advisory locks, taken in a fixed order
 * before any stock is touched), so two at once cannot both pass the count. Only orders of the last
 * `unpaidOrderHours` can still await payment (older ones expire), so the count reads that range of
 * `commerce_orders_created`.
 */
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';
import type { CartOwner } from '../carts/store.js';

export interface OpenOrdersCheck {
  siteId: string;
  owner: CartOwner;
  /** A guest's email, lower-cased. */
  email: string | null;
  clientIp: string | null;
  max: number;
  /** Orders placed since then may still await payment. */
  since: Date;
}

const WORDS = { member: 'account', email: 'email address', visitor: 'browser', address: 'network address' } as const;
type Counted = keyof typeof WORDS;

type Counts = Partial<Record<Counted, number>>;

/** A member's: `commerce_orders_member` serves it. */
async function memberCount(tx: Queryable, check: OpenOrdersCheck): Promise<Counts> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from commerce_orders
     where site_id = $1 and member_id = $2 and status = 'AWAITING_PAYMENT'`,
    [check.siteId, check.owner.id],
  );
  return { member: Number(rows[0]?.n ?? 0) };
}

/** A guest's, by browser, email and address: the orders of the last `unpaidOrderHours` (`commerce_orders_created`). */
async function guestCounts(tx: Queryable, check: OpenOrdersCheck): Promise<Counts> {
  const { rows } = await tx.query<Record<Counted, number>>(
    `select (count(*) filter (where visitor_id = $2))::int as visitor,
            (count(*) filter (where lower(buyer_email) = $3))::int as email,
            (count(*) filter (where client_ip = $4))::int as address
     from commerce_orders
     where site_id = $1 and created_at >= $5 and status = 'AWAITING_PAYMENT' and member_id is null
       and (visitor_id = $2 or lower(buyer_email) = $3 or client_ip = $4)`,
    [check.siteId, check.owner.id, check.email, check.clientIp, check.since],
  );
  return rows[0] ?? {};
}

export async function checkOpenOrders(tx: Queryable, check: OpenOrdersCheck): Promise<void> {
  const { siteId, owner } = check;
  const keys =
    owner.kind === 'member'
      ? [`member:${owner.id}`]
      : [
          `visitor:${owner.id}`,
          ...(check.email ? [`email:${check.email}`] : []),
          ...(check.clientIp ? [`address:${check.clientIp}`] : []),
        ];
  for (const key of keys.sort())
    await tx.query('select 1 from (select pg_advisory_xact_lock(hashtext($1))) as locked', [
      `commerce-open-orders:${siteId}:${key}`,
    ]);
  const counts = owner.kind === 'member' ? await memberCount(tx, check) : await guestCounts(tx, check);
  const counted: Counted[] = owner.kind === 'member' ? ['member'] : ['visitor', 'email', 'address'];
  const full = counted.find((by) => Number(counts[by] ?? 0) >= check.max);
  if (!full) return;
  throw appError('TOO_MANY_OPEN_ORDERS', {
    description:
      `${counts[full]} orders placed from this ${WORDS[full]} are awaiting payment, and a shop takes at most ` +
      `${check.max}. Pay for one, or wait until an unpaid one is cancelled, before placing another.`,
    data: { limit: 'maxOpenUnpaidOrders', max: check.max, by: full },
  });
}
