/**
 * Unpaid orders give their stock back (audit V5-4): an order still AWAITING_PAYMENT when its `expires_at` passes
 * (placed + the site's `unpaidOrderHours`, default 48) is cancelled through the status rules (status.ts), so it
 * gets its history row (actor `system`, "not paid in time"), the shopper's mail and `order.cancelled` like an
 * owner's cancel, and its stock and code use come back once. Every instance runs the sweep; each order is cancelled
 * in a transaction of its own that locks it and re-checks its status, so two instances expiring the same order
 * cancel it once: the second finds it cancelled and leaves it. Served by `commerce_orders_expiry`.
 */
import type { AppContext } from '../../context.js';
import { ERRORS } from '../../errors/catalogue.js';
import { ApplicationError } from '../../errors/wire.js';
import { shopLimits } from '../limits.js';
import { changeOrderStatus } from './status.js';

export const EXPIRY_ACTOR = 'system';
/** Orders cancelled per sweep; the next sweep takes the rest. */
const BATCH = 200;

type ExpiryContext = Pick<AppContext, 'db' | 'sites' | 'now'>;

/** Cancels the orders whose time to be paid has passed; returns how many this call cancelled. */
export async function expireUnpaidOrders(ctx: ExpiryContext): Promise<number> {
  const now = ctx.now();
  const { rows } = await ctx.db.query<{ site_id: string; id: string }>(
    `select site_id, id from commerce_orders where expires_at < $1 and status = 'AWAITING_PAYMENT'
     order by expires_at limit ${BATCH}`,
    [new Date(now)],
  );
  let cancelled = 0;
  for (const row of rows) {
    const site = ctx.sites.get(row.site_id);
    if (!site) continue;
    try {
      await changeOrderStatus(ctx.db, {
        site,
        orderId: row.id,
        status: 'CANCELED',
        note: `Not paid within ${shopLimits(site).unpaidOrderHours} hours`,
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
