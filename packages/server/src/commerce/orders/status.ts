/**
 * Changing an order's status, in one transaction: lock the order, check the move (state.ts), give back its
 * stock (once: inventory/reservations.ts) and its discount code's use when it is cancelled, record the status
 * and payment, add the history row, mail the shopper and emit `order.updated` or `order.cancelled`. Any failure
 * rolls all of it back.
 */
import type { SiteConfig } from '../../config/types.js';
import { appError } from '../../errors/catalogue.js';
import { translator } from '../../i18n/index.js';
import { html } from '../../http/html.js';
import { enqueueMail } from '../../mail/outbox.js';
import { mailLayout } from '../../mail/templates.js';
import { findMemberById } from '../../members/index.js';
import type { Database, Queryable } from '../../store/types.js';
import { emitEvent } from '../../webhooks/emit.js';
import type { WebhookIdentity } from '../../webhooks/events.js';
import { returnDiscountUse } from '../discounts/store.js';
import { releaseStock } from '../inventory/reservations.js';
import { formatMoney } from '../money.js';
import { orderMailLanguage } from './order-mail-language.js';
import { effectsOf, eventOf, type OrderStatus, type PaymentStatus } from './state.js';
import { addHistory, findOrder, type Order } from './store.js';
import { orderView } from './view.js';

export const MAX_NOTE = 500;

export interface StatusChange {
  site: SiteConfig;
  orderId: string;
  status: OrderStatus;
  note?: string | undefined;
  /** As the history shows it: 'owner:<id>', 'api-key:<name>', 'admin-key', 'system'. */
  actor: string;
  identity: WebhookIdentity;
  now: number;
  /** The payment status the move records when a payment decides it (DECLINED); default: the state machine's. */
  paymentStatus?: PaymentStatus;
}

/**
 * What a cancellation means for the shopper's money, as the order's payment stands: refunded when it was captured,
 * nothing charged when it was not. A declined payment's own line says so (`mail.order.declined`).
 */
function cancelledPayment(t: ReturnType<typeof translator>, payment: PaymentStatus): string {
  if (payment === 'PAID' || payment === 'PARTIALLY_REFUNDED') return t.t('mail.order.CANCELED.paid');
  if (payment === 'FULLY_REFUNDED') return t.t('mail.order.CANCELED.refunded');
  return payment === 'DECLINED' ? '' : t.t('mail.order.CANCELED.unpaid');
}

/** The shopper's mail for a move (the catalogs' order mails; fulfilled reads as shipped). */
async function mailShopper(tx: Queryable, change: StatusChange, order: Order): Promise<void> {
  if (!order.buyerEmail || change.status === 'AWAITING_PAYMENT') return;
  const member = order.memberId ? await findMemberById(tx, change.site.id, order.memberId) : undefined;
  const to = member?.email ?? order.buyerEmail;
  const language = orderMailLanguage(change.site, order, member);
  const t = translator(language);
  const key = change.status === 'FULFILLED' ? 'SHIPPED' : change.status;
  const number = order.number;
  // A payment's move says what was paid (or that nothing was) in the shopper's words; its history note (English,
  // with the payment's id) is for the owner, not the mail.
  const byPayment = change.actor.startsWith('payment:');
  const lines = [
    t.t(`mail.order.${key}.intro`, { number }),
    change.status === 'PAID'
      ? t.t('mail.order.paidAmount', { amount: formatMoney(order.total, order.currency, language) })
      : '',
    change.status === 'CANCELED' ? cancelledPayment(t, order.paymentStatus) : '',
    change.paymentStatus === 'DECLINED' ? t.t('mail.order.declined') : '',
    change.note && !byPayment ? t.t('mail.order.note', { note: change.note }) : '',
  ].filter(Boolean);
  const why = t.t('mail.order.why', { number, site: change.site.name });
  await enqueueMail(
    tx,
    {
      siteId: change.site.id,
      kind: 'order-status',
      to,
      language,
      subject: t.t(`mail.order.${key}.subject`, { site: change.site.name, number }),
      text: `${lines.join('\n')}\n\n${why}\n`,
      // The note is an owner's text: escaped by `html` like every value.
      html: mailLayout(
        t,
        change.site,
        html`${lines.map((line) => html`<p>${line}</p>`)}<p style="color:#777;font-size:.85rem">${why}</p>`,
        false,
      ),
    },
    change.now,
  );
}

export async function changeOrderStatus(db: Database, change: StatusChange): Promise<Order> {
  return db.transaction((tx) => changeOrderStatusIn(tx, change));
}

/** The same move inside a transaction the caller holds (a payment applied with its own writes: commerce/payments/). */
export async function changeOrderStatusIn(tx: Queryable, change: StatusChange): Promise<Order> {
  const { site, orderId, now } = change;
  const order = await findOrder(tx, site.id, orderId, true);
  if (!order) throw appError('ORDER_NOT_FOUND');
  const effects = effectsOf(order.status, change.status, order.paymentStatus);
  if (effects.releasesStock) {
    await releaseStock(tx, site.id, orderId, now);
    if (order.couponCode) await returnDiscountUse(tx, site.id, order.couponCode);
  }
  await tx.query(
    `update commerce_orders set status = $3, payment_status = $4, expires_at = case when $5 then expires_at end,
       updated_at = $6 where site_id = $1 and id = $2`,
    [
      site.id,
      orderId,
      change.status,
      change.paymentStatus ?? effects.paymentStatus,
      effects.keepsExpiry,
      new Date(now),
    ],
  );
  await addHistory(
    tx,
    site.id,
    orderId,
    { fromStatus: order.status, toStatus: change.status, actor: change.actor, note: change.note ?? null },
    now,
  );
  const changed = (await findOrder(tx, site.id, orderId))!;
  await mailShopper(tx, change, changed);
  await emitEvent(tx, {
    siteId: site.id,
    type: eventOf(change.status),
    identity: change.identity,
    data: { order: orderView(changed), previousStatus: order.status },
    now,
  });
  return changed;
}
