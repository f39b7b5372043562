/**
 * Refunds (docs/payments.md → Refunds): all or part of what an order was paid, never more. A refund is reserved
 * first (a `pending` row, under the order's lock, counted against what is left), then asked of the provider with
 * its own idempotency key, then recorded: the payment's refunded amount, the order's payment status
 * (PARTIALLY_REFUNDED or FULLY_REFUNDED), a history row, the shopper's mail and `order.refunded`. Two refunds at once cannot exceed
 * the payment: the second is reserved after the first under the same lock. The same idempotency key asked twice
 * for the same order (and, when the retry names one, the same amount) answers the first refund; a key is unique
 * in the site (`unique (site_id, idempotency_key)`), so the same key for another order or another amount is a 409
 * `REFUND_KEY_REUSED`, never that other refund answered as if it were this one. Refunds made at the provider
 * directly (Stripe's dashboard) arrive as `refunded` events and are recorded the same way.
 */
import { randomUUID } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';
import { emitEvent } from '../../webhooks/emit.js';
import type { WebhookIdentity } from '../../webhooks/events.js';
import { formatMoney } from '../money.js';
import { addHistory, findOrder, type Order } from '../orders/store.js';
import { orderView } from '../orders/view.js';
import type { PaymentEvent } from './provider.js';
import { mailRefund } from './refund-mail.js';
import type { PaymentProviders } from './registry.js';
import { orderPayments, type Payment } from './store.js';
import { isUniqueViolation } from '../../store/unique-indexes.js';

export const MAX_REASON = 500;

export interface Refund {
  id: string;
  orderId: string;
  paymentId: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string | null;
  providerReference: string | null;
  actor: string;
  createdAt: Date;
}

interface RefundRow {
  id: string;
  order_id: string;
  payment_id: string;
  amount: string | number;
  currency: string;
  status: Refund['status'];
  reason: string | null;
  provider_reference: string | null;
  actor: string;
  created_at: Date | string;
}

const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  orderId: r.order_id,
  paymentId: r.payment_id,
  amount: Number(r.amount),
  currency: r.currency,
  status: r.status,
  reason: r.reason,
  providerReference: r.provider_reference,
  actor: r.actor,
  createdAt: new Date(r.created_at),
});

export const refundView = (r: Refund) => ({
  id: r.id,
  paymentId: r.paymentId,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  reason: r.reason,
  actor: r.actor,
  createdDate: r.createdAt.toISOString(),
});

export async function orderRefunds(db: Queryable, siteId: string, orderId: string): Promise<Refund[]> {
  const { rows } = await db.query<RefundRow>(
    `select * from commerce_refunds where site_id = $1 and order_id = $2 order by created_at, id`,
    [siteId, orderId],
  );
  return rows.map(toRefund);
}

/** Pending refunds of a payment: reserved, not yet answered by the provider. */
async function pendingRefunds(tx: Queryable, siteId: string, paymentId: string): Promise<number> {
  const { rows } = await tx.query<{ total: string | number | null }>(
    `select sum(amount) as total from commerce_refunds where site_id = $1 and payment_id = $2 and status = 'pending'`,
    [siteId, paymentId],
  );
  return Number(rows[0]?.total ?? 0);
}

export interface RefundInput {
  orderId: string;
  /** Minor units; absent = all that is left. */
  amount?: number | undefined;
  reason?: string | undefined;
  /** The caller's key: the same refund asked again answers the first. */
  idempotencyKey?: string | undefined;
  actor: string;
  identity: WebhookIdentity;
}

export async function refundOrder(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  providers: PaymentProviders,
  site: SiteConfig,
  input: RefundInput,
): Promise<Refund> {
  const reserved = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, site.id, input.orderId, true);
    if (!order) throw appError('ORDER_NOT_FOUND');
    if (input.idempotencyKey) {
      const { rows } = await tx.query<RefundRow>(
        `select * from commerce_refunds where site_id = $1 and idempotency_key = $2`,
        [site.id, input.idempotencyKey],
      );
      const first = rows[0] && toRefund(rows[0]);
      if (first && (first.orderId !== order.id || (input.amount !== undefined && input.amount !== first.amount)))
        throw appError('REFUND_KEY_REUSED', { data: { idempotencyKey: input.idempotencyKey } });
      if (first) return { refund: first, again: true };
    }
    // The succeeded payment with the most left to refund (an order has one, unless it was paid twice).
    let best: { payment: Payment; left: number } | undefined;
    for (const p of await orderPayments(tx, site.id, order.id)) {
      if (p.status !== 'succeeded') continue;
      const left = p.amount - p.refundedAmount - (await pendingRefunds(tx, site.id, p.id));
      if (!best || left > best.left) best = { payment: p, left };
    }
    if (!best || best.left <= 0) throw appError('NOTHING_TO_REFUND');
    const amount = input.amount ?? best.left;
    if (amount > best.left)
      throw appError('REFUND_EXCEEDS_PAID', {
        description: `At most ${formatMoney(best.left, best.payment.currency)} is left to refund`,
        data: { refundable: best.left, requested: amount },
      });
    const id = randomUUID();
    await tx
      .query(
        `insert into commerce_refunds (site_id, id, order_id, payment_id, amount, currency, status, reason,
           idempotency_key, actor, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9, $10, $10)`,
        [
          site.id,
          id,
          order.id,
          best.payment.id,
          amount,
          best.payment.currency,
          input.reason ?? null,
          input.idempotencyKey ?? id,
          input.actor,
          new Date(ctx.now()),
        ],
      )
      .catch((error: unknown) => {
        // The same key sent at once for another order (each under its own order's lock): the other took it.
        if (isUniqueViolation(error))
          throw appError('REFUND_KEY_REUSED', { data: { idempotencyKey: input.idempotencyKey } });
        throw error;
      });
    const { rows } = await tx.query<RefundRow>(`select * from commerce_refunds where site_id = $1 and id = $2`, [
      site.id,
      id,
    ]);
    return { refund: toRefund(rows[0]!), payment: best.payment, again: false };
  });
  if (reserved.again || !('payment' in reserved) || !reserved.payment) return reserved.refund;
  const { refund, payment } = reserved;
  const provider = providers.get(payment.provider);
  let answer;
  try {
    if (!provider) throw new Error(`provider ${payment.provider} is not configured`);
    answer = await provider.refund({
      paymentId: payment.id,
      providerReference: payment.providerReference,
      chargeReference: payment.chargeReference,
      amount: refund.amount,
      currency: refund.currency,
      idempotencyKey: `vitrine-refund-${refund.id}`,
      reason: refund.reason ?? undefined,
    });
    if (answer.status === 'failed') throw new Error('the provider answered failed');
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    ctx.log.warn({ siteId: site.id, refundId: refund.id, err: message }, 'refund refused by the provider');
    await ctx.db.query(
      `update commerce_refunds set status = 'failed', failure_message = $3, updated_at = $4
       where site_id = $1 and id = $2 and status = 'pending'`,
      [site.id, refund.id, message, new Date(ctx.now())],
    );
    throw appError('PAYMENT_PROVIDER_ERROR');
  }
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const order = (await findOrder(tx, site.id, refund.orderId, true))!;
    const { rowCount } = await tx.query(
      `update commerce_refunds set status = 'succeeded', provider_reference = $3, updated_at = $4
       where site_id = $1 and id = $2 and status = 'pending'`,
      [site.id, refund.id, answer.providerReference, new Date(now)],
    );
    if (rowCount === 1) await recordRefunded(tx, site, order, payment.id, refund, input.identity, now);
    return { ...refund, status: 'succeeded' as const, providerReference: answer.providerReference };
  });
}

/** The refund's effects once the provider took it: payment, order payment status, history, `order.refunded`. */
async function recordRefunded(
  tx: Queryable,
  site: SiteConfig,
  order: Order,
  paymentId: string,
  refund: Pick<Refund, 'id' | 'amount' | 'currency' | 'reason' | 'actor'>,
  identity: WebhookIdentity,
  now: number,
): Promise<void> {
  await tx.query(
    `update commerce_payments set refunded_amount = refunded_amount + $3, updated_at = $4
     where site_id = $1 and id = $2`,
    [site.id, paymentId, refund.amount, new Date(now)],
  );
  const payments = await orderPayments(tx, site.id, order.id);
  const paid = payments.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amount, 0);
  const refunded = payments.reduce((sum, p) => sum + p.refundedAmount, 0);
  const paymentStatus = refunded >= paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  await tx.query(`update commerce_orders set payment_status = $3, updated_at = $4 where site_id = $1 and id = $2`, [
    site.id,
    order.id,
    paymentStatus,
    new Date(now),
  ]);
  const money = formatMoney(refund.amount, refund.currency);
  await addHistory(
    tx,
    site.id,
    order.id,
    {
      fromStatus: order.status,
      toStatus: order.status,
      actor: refund.actor,
      note: `Refunded ${money}${refund.reason ? `: ${refund.reason}` : ''}`.slice(0, 600),
    },
    now,
  );
  const changed = (await findOrder(tx, site.id, order.id))!;
  await mailRefund(tx, site, changed, refund, now);
  await emitEvent(tx, {
    siteId: site.id,
    type: 'order.refunded',
    identity,
    data: {
      order: orderView(changed),
      refund: { id: refund.id, paymentId, amount: refund.amount, currency: refund.currency, reason: refund.reason },
      previousPaymentStatus: order.paymentStatus,
    },
    now,
  });
}

/**
 * A provider's report of what it refunded on a payment (Stripe's `charge.refunded`): what it refunded beyond what
 * Vitrine recorded or is asking for is a refund made at the provider directly, recorded as one.
 */
export async function recordExternalRefund(
  tx: Queryable,
  site: SiteConfig,
  order: Order,
  payment: Payment,
  event: PaymentEvent,
  now: number,
): Promise<boolean> {
  if (payment.status !== 'succeeded' || event.refundedTotal === undefined) return false;
  const known = payment.refundedAmount + (await pendingRefunds(tx, site.id, payment.id));
  const amount = Math.min(event.refundedTotal, payment.amount) - known;
  if (amount <= 0) return false;
  const id = randomUUID();
  const actor = `payment:${payment.provider}`;
  await tx.query(
    `insert into commerce_refunds (site_id, id, order_id, payment_id, amount, currency, status, reason,
       idempotency_key, actor, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, 'succeeded', $7, $8, $9, $10, $10)`,
    [
      site.id,
      id,
      order.id,
      payment.id,
      amount,
      payment.currency,
      'Refunded at the provider',
      event.eventId,
      actor,
      new Date(now),
    ],
  );
  const refund = { id, amount, currency: payment.currency, reason: 'Refunded at the provider', actor };
  await recordRefunded(tx, site, order, payment.id, refund, { identityType: 'UNKNOWN' }, now);
  return true;
}
