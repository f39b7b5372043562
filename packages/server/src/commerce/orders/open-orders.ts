/**
 * Orders awaiting payment per buyer (audit V5-4): each holds its stock until it is paid, cancelled or expires, so
 * placing a new one is refused while the buyer already has `maxOpenUnpaidOrders` of them (any count full refuses):
 *
 * - `member`: a member's orders, whatever browser or address they use;
 * - `visitor`: a guest's orders from this browser (its visitor token), whatever email they name;
 * - `address`: guests' orders from this client address, however many browsers they use;
 * - `email`: guests' orders naming this email **from this browser or this address**. It catches one shopper who
 *   keeps their email while changing one of the two (another browser on the same network, the same phone on
 *   another network), which neither count above sees. It counts no order of another browser on another address:
 *   an email is anyone's to type, so a count over every order naming it let a stranger block its owner's guest
 *   checkout (three unpaid orders in their name, renewable every 48 hours).
 *
 * Orders of the same buyer are placed one after the other (transaction-scoped advisory locks on the browser and the
 * address, taken in a fixed order before any stock is touched): every order a count reads shares the browser or the
 * address with the one being placed, so two at once cannot both pass it. Only orders of the last
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

const WORDS = {
  member: 'from this account',
  email: 'with this email address from this browser or network address',
  visitor: 'from this browser',
  address: 'from this network address',
} as const;
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

/** A guest's, by browser, address and email: the orders of the last `unpaidOrderHours` (`commerce_orders_created`). */
async function guestCounts(tx: Queryable, check: OpenOrdersCheck): Promise<Counts> {
  const { rows } = await tx.query<Record<Counted, number>>(
    `select (count(*) filter (where visitor_id = $2))::int as visitor,
            (count(*) filter (where lower(buyer_email) = $3))::int as email,
            (count(*) filter (where client_ip = $4))::int as address
     from commerce_orders
     where site_id = $1 and created_at >= $5 and status = 'AWAITING_PAYMENT' and member_id is null
       and (visitor_id = $2 or client_ip = $4)`,
    [check.siteId, check.owner.id, check.email, check.clientIp, check.since],
  );
  return rows[0] ?? {};
}

export async function checkOpenOrders(tx: Queryable, check: OpenOrdersCheck): Promise<void> {
  const { siteId, owner } = check;
  const keys =
    owner.kind === 'member'
      ? [`member:${owner.id}`]
      : [`visitor:${owner.id}`, ...(check.clientIp ? [`address:${check.clientIp}`] : [])];
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
      `${counts[full]} orders placed ${WORDS[full]} are awaiting payment, and a shop takes at most ` +
      `${check.max}. Pay for one, or wait until an unpaid one is cancelled, before placing another.`,
    data: { limit: 'maxOpenUnpaidOrders', max: check.max, by: full },
  });
}
