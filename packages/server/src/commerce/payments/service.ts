/**
 * Taking the money for an order (docs/payments.md). `startPayment` opens a payment of the order's own total (the
 * amount never comes from the caller) with the chosen provider and answers the shopper's next step;
 * `applyPaymentEvent` applies what a provider reports, exactly once per event: the event id is claimed in the
 * same transaction as its effects (`commerce_payment_events`), the payment moves with a conditional update, and
 * the order moves through the state machine (orders/state.ts): AWAITING_PAYMENT → PAID on success, → CANCELED
 * (stock and code use back, payment status DECLINED) when the payment fails for good. An event whose amount or
 * currency differs from the payment's is refused before anything is written.
 */
import { randomUUID } from 'node:crypto';
import type { SiteConfig } from '../../config/types.js';
import type { AppContext } from '../../context.js';
import { appError } from '../../errors/catalogue.js';
import type { Queryable } from '../../store/types.js';
import { emitEvent } from '../../webhooks/emit.js';
import type { CartOwner } from '../carts/store.js';
import { formatMoney } from '../money.js';
import { changeOrderStatusIn } from '../orders/status.js';
import { addHistory, findOrder, type Order } from '../orders/store.js';
import { orderView } from '../orders/view.js';
import type { PaymentEvent, PaymentProviderId, PaymentStep } from './provider.js';
import type { PaymentProviders } from './registry.js';
import { recordExternalRefund } from './refunds.js';
import {
  attachSession,
  claimEvent,
  findPayment,
  findPaymentForEvent,
  insertPayment,
  movePayment,
  noteAttemptFailure,
  openPayment,
  orderPayments,
  paymentView,
  type Payment,
} from './store.js';
import { isUniqueViolation } from '../../store/unique-indexes.js';

const SESSION_MAX_MS = 24 * 3_600_000;

export interface StartInput {
  orderId: string;
  /** The shopper asking: only the order's own visitor or member may pay it. */
  owner: CartOwner;
  provider: PaymentProviderId;
  /** The offline method's id (provider `offline`). */
  method?: string | undefined;
  /** Already checked against the client's allowed origins (routes.ts). */
  returnUrl: string;
  cancelUrl: string;
}

export interface Started {
  payment: ReturnType<typeof paymentView>;
  step: PaymentStep;
}

const ownsOrder = (order: Order, owner: CartOwner) =>
  owner.kind === 'member' ? order.memberId === owner.id : order.visitorId === owner.id;

/** The payment actor of history rows: `payment:stripe`, `payment:dev`. */
const actorOf = (provider: PaymentProviderId) => `payment:${provider}`;

export async function startPayment(
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>,
  providers: PaymentProviders,
  site: SiteConfig,
  input: StartInput,
): Promise<Started> {
  const provider = providers.forSite(site, input.provider, input.method);
  const order = await findOrder(ctx.db, site.id, input.orderId);
  if (!order || !ownsOrder(order, input.owner)) throw appError('ORDER_NOT_FOUND');
  if (order.status !== 'AWAITING_PAYMENT')
    throw appError('ORDER_NOT_PAYABLE', { data: { status: order.status, paymentStatus: order.paymentStatus } });
  if (order.total <= 0) throw appError('ORDER_NOT_PAYABLE', { description: 'The order has nothing to pay' });

  // A payment already under way: the same method answers its step again (a reload, a retried request); another
  // method ends it first, so two sessions can never both be paid.
  const open = await openPayment(ctx.db, site.id, order.id);
  if (open) {
    const sameMethod = open.provider === input.provider && (open.method ?? undefined) === input.method;
    if (
      sameMethod &&
      open.providerReference &&
      open.returnUrl === input.returnUrl &&
      open.cancelUrl === input.cancelUrl
    )
      return { payment: paymentView(open), step: stepOf(site, open) };
    if (open.status === 'processing') throw appError('PAYMENT_IN_PROGRESS');
    try {
      if (open.providerReference) await providers.get(open.provider)?.cancelSession?.(open.providerReference);
    } catch {
      // The provider would not end it (paid meanwhile, or unreachable): it may still be paid, so no second one.
      throw appError('PAYMENT_IN_PROGRESS');
    }
    await movePayment(
      ctx.db,
      site.id,
      open.id,
      ['pending'],
      'failed',
      { failure: { code: 'replaced', message: 'Another payment was started' } },
      ctx.now(),
    );
  }

  const id = randomUUID();
  const payment = {
    id,
    orderId: order.id,
    provider: input.provider,
    method: input.method ?? null,
    amount: order.total,
    currency: order.currency,
    idempotencyKey: `vitrine-payment-${id}`,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
  };
  try {
    await insertPayment(ctx.db, site.id, payment, ctx.now());
  } catch (error) {
    // Two starts at once: the unique index on open payments lets one through.
    if (isUniqueViolation(error)) throw appError('PAYMENT_IN_PROGRESS');
    throw error;
  }
  const now = ctx.now();
  const expiresAt = new Date(Math.min(order.expiresAt?.getTime() ?? now + SESSION_MAX_MS, now + SESSION_MAX_MS));
  let session;
  try {
    session = await provider.createSession({
      paymentId: id,
      siteId: site.id,
      siteName: site.name,
      orderId: order.id,
      orderNumber: order.number,
      amount: payment.amount,
      currency: payment.currency,
      idempotencyKey: payment.idempotencyKey,
      buyerEmail: order.buyerEmail,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      expiresAt,
      method: input.method,
    });
  } catch (error) {
    ctx.log.warn({ siteId: site.id, paymentId: id, err: (error as Error).message }, 'payment session refused');
    const failure = { code: 'provider_error', message: 'The provider refused the session' };
    await movePayment(ctx.db, site.id, id, ['pending'], 'failed', { failure }, ctx.now());
    throw appError('PAYMENT_PROVIDER_ERROR');
  }
  const stepUrl = session.step.type === 'redirect' ? session.step.url : null;
  await attachSession(ctx.db, site.id, id, { providerReference: session.providerReference, stepUrl }, ctx.now());
  const saved = (await findPayment(ctx.db, site.id, id))!;
  return { payment: paymentView(saved), step: session.step };
}

function stepOf(site: SiteConfig, payment: Payment): PaymentStep {
  if (payment.stepUrl) return { type: 'redirect', url: payment.stepUrl };
  const method = site.shop?.offlinePayments?.find((m) => m.id === payment.method);
  return { type: 'instructions', name: method?.name ?? '', instructions: method?.instructions ?? '' };
}

/** One of the shopper's orders as its confirmation page reads its payment (never another shopper's: 404). */
export async function shopperPaymentView(db: Queryable, site: SiteConfig, owner: CartOwner, orderId: string) {
  const order = await findOrder(db, site.id, orderId);
  if (!order || !ownsOrder(order, owner)) throw appError('ORDER_NOT_FOUND');
  const payments = await orderPayments(db, site.id, order.id);
  const open = payments.find((p) => p.status === 'pending' && p.provider === 'offline');
  return {
    orderId: order.id,
    paymentStatus: order.paymentStatus,
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      method: p.method,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      refundedAmount: p.refundedAmount,
    })),
    instructions: open ? stepOf(site, open) : null,
  };
}

export type Applied =
  { applied: true; payment: Payment } | { applied: false; reason: 'unknown-payment' | 'duplicate' | 'no-change' };

/**
 * Applies a provider's event once. Throws PAYMENT_EVENT_REFUSED (nothing written) when the money it reports is
 * not the payment's; answers `applied: false` for a payment Vitrine does not know, an event seen before, or a
 * move the payment already made.
 */
export async function applyPaymentEvent(
  ctx: Pick<AppContext, 'db' | 'now' | 'log' | 'sites'>,
  event: PaymentEvent,
): Promise<Applied> {
  const found = await findPaymentForEvent(ctx.db, event.provider, event);
  if (!found) return { applied: false, reason: 'unknown-payment' };
  const site = ctx.sites.get(found.siteId);
  if (!site) return { applied: false, reason: 'unknown-payment' };
  if (event.kind === 'succeeded' || event.kind === 'processing') {
    const sameMoney =
      event.amount === found.amount && (event.currency ?? '').toUpperCase() === found.currency.toUpperCase();
    if (!sameMoney) {
      ctx.log.warn(
        {
          siteId: site.id,
          paymentId: found.id,
          eventId: event.eventId,
          amount: event.amount,
          currency: event.currency,
        },
        'payment event refused: not the payment’s amount or currency',
      );
      throw appError('PAYMENT_EVENT_REFUSED', {
        description: 'The amount or currency paid is not the order’s',
        data: { paymentId: found.id },
      });
    }
  }
  const result = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // The order first, then the payment: the order in the same order as every other move of it (no deadlock).
    const order = await findOrder(tx, site.id, found.orderId, true);
    const payment = await findPayment(tx, site.id, found.id, true);
    if (!order || !payment) return { applied: false as const, reason: 'unknown-payment' as const };
    if (!(await claimEvent(tx, event, payment, now))) return { applied: false as const, reason: 'duplicate' as const };
    const moved = await applyKind(tx, site, order, payment, event, now);
    return moved ? { applied: true as const, payment: (await findPayment(tx, site.id, payment.id))! } : null;
  });
  if (result === null) return { applied: false, reason: 'no-change' };
  if (result.applied)
    ctx.log.info({ siteId: site.id, paymentId: found.id, kind: event.kind, eventId: event.eventId }, 'payment event');
  return result;
}

async function applyKind(
  tx: Queryable,
  site: SiteConfig,
  order: Order,
  payment: Payment,
  event: PaymentEvent,
  now: number,
): Promise<boolean> {
  const actor = actorOf(payment.provider);
  const money = formatMoney(payment.amount, payment.currency);
  const history = (note: string) =>
    addHistory(tx, site.id, order.id, { fromStatus: order.status, toStatus: order.status, actor, note }, now);
  const base = { site, orderId: order.id, actor, identity: { identityType: 'UNKNOWN' as const }, now };
  switch (event.kind) {
    case 'succeeded': {
      const moved = await movePayment(
        tx,
        site.id,
        payment.id,
        ['pending', 'processing'],
        'succeeded',
        { chargeReference: event.chargeReference },
        now,
      );
      if (!moved) return false;
      if (order.status !== 'AWAITING_PAYMENT') {
        // Money for an order that is no longer awaiting it (expired, cancelled by an owner): kept on record for a refund.
        await history(`Payment of ${money} received while the order was ${order.status.toLowerCase()}: refund it`);
        return true;
      }
      const paid = await changeOrderStatusIn(tx, {
        ...base,
        status: 'PAID',
        note: `Paid ${money} (${payment.provider}, payment ${payment.id})`,
      });
      await emitEvent(tx, {
        siteId: site.id,
        type: 'order.paid',
        identity: base.identity,
        data: { order: orderView(paid), payment: paymentView((await findPayment(tx, site.id, payment.id))!) },
        now,
      });
      return true;
    }
    case 'processing': {
      if (!(await movePayment(tx, site.id, payment.id, ['pending'], 'processing', {}, now))) return false;
      await tx.query(
        `update commerce_orders set payment_status = 'PENDING', updated_at = $3
         where site_id = $1 and id = $2 and status = 'AWAITING_PAYMENT'`,
        [site.id, order.id, new Date(now)],
      );
      await history(`Payment of ${money} is being processed (${payment.provider})`);
      return true;
    }
    case 'attempt_failed': {
      if (payment.status !== 'pending' && payment.status !== 'processing') return false;
      const failure = event.failure ?? { code: 'declined', message: 'The payment was declined' };
      await noteAttemptFailure(tx, site.id, payment.id, failure, now);
      await history(`Payment attempt failed (${failure.code}); the shopper may try again`);
      return true;
    }
    case 'failed': {
      const failure = event.failure ?? { code: 'failed', message: 'The payment failed' };
      if (!(await movePayment(tx, site.id, payment.id, ['pending', 'processing'], 'failed', { failure }, now)))
        return false;
      if (order.status !== 'AWAITING_PAYMENT') return true;
      // A failed payment frees what the order holds, as a cancel does: stock and the code's use come back once.
      await changeOrderStatusIn(tx, {
        ...base,
        status: 'CANCELED',
        paymentStatus: 'DECLINED',
        note: `Payment failed: ${failure.message}`.slice(0, 500),
      });
      return true;
    }
    case 'refunded':
      return recordExternalRefund(tx, site, order, payment, event, now);
  }
}
