/**
 * Orders left unpaid give their stock back (audit V5-4): an order still AWAITING_PAYMENT `unpaidOrderHours`
 * after it was placed (limits.ts, default 48) is cancelled through the order-status rules (order-status.ts), so
 * it gets its history row ("not paid in time"), the shopper's mail and the `order.cancelled` webhook like an
 * owner's cancel, and its stock comes back once. Every instance runs the sweep; each order is cancelled in a
 * transaction of its own that locks the order and re-checks its status, and the stock is returned by a
 * conditional update (order-stock.ts), so two instances expiring the same order cancel it and return its
 * stock once: the second finds it cancelled and leaves it.
 */
import type { AppContext } from '../context.js';
import { ERRORS } from '../errors/catalogue.js';
import { ApplicationError } from '../errors/wire.js';
import { hasShop } from '../data/index.js';
import { DEFAULT_COLLECTIONS } from './checkout.js';
import { shopLimits } from './limits.js';
import { changeOrderStatus } from './order-status.js';

export const EXPIRY_ACTOR = 'unpaid order expiry';
/** Orders cancelled per site and sweep; the next sweep takes the rest. */
const BATCH = 100;
const HOUR_MS = 3_600_000;

type ExpiryContext = Pick<AppContext, 'db' | 'sites' | 'now'>;

/** Cancels every site's orders unpaid for too long; returns how many this call cancelled. */
export async function expireUnpaidOrders(ctx: ExpiryContext): Promise<number> {
  let cancelled = 0;
  for (const { id } of ctx.sites.sites) {
    const site = ctx.sites.get(id);
    if (!site || !hasShop(site)) continue;
    const now = ctx.now();
    const cutoff = new Date(now - shopLimits(site).unpaidOrderHours * HOUR_MS);
    // data_items_order_status (migration 43) serves this: status, then the oldest first.
    const { rows } = await ctx.db.query<{ id: string }>(
      `select id from data_items where site_id = $1 and collection_id = 'Orders'
       and data ->> 'status' = 'AWAITING_PAYMENT' and created_at < $2 order by created_at limit ${BATCH}`,
      [site.id, cutoff],
    );
    for (const row of rows) {
      try {
        await changeOrderStatus(ctx.db, {
          site,
          orderId: row.id,
          change: { status: 'CANCELED', note: `Not paid within ${shopLimits(site).unpaidOrderHours} hours` },
          collections: DEFAULT_COLLECTIONS,
          actor: EXPIRY_ACTOR,
          identity: { identityType: 'UNKNOWN' },
          now,
        });
        cancelled++;
      } catch (error) {
        // Another instance (or an owner) changed it first: paid, cancelled — nothing left to do here.
        const raced =
          error instanceof ApplicationError &&
          (error.code === ERRORS.ORDER_TRANSITION_REFUSED.code || error.code === ERRORS.ORDER_NOT_FOUND.code);
        if (!raced) throw error;
      }
    }
  }
  return cancelled;
}

/** Runs the sweep every `intervalMs` (unref'd: it never keeps the process alive); returns a stopper. */
export function startOrderExpiry(ctx: ExpiryContext & Pick<AppContext, 'log'>, intervalMs = 5 * 60 * 1000): () => void {
  const timer = setInterval(() => {
    expireUnpaidOrders(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'unpaid order expiry failed'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
