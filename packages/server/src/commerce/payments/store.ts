/**
 * Payments and refunds in their own tables (migration 98: `commerce_payments`, `commerce_refunds`,
 * `commerce_payment_events`). Money in minor units; no card data anywhere, only the provider's references.
 */
import type { Queryable } from '../../store/types.js';
import type { PaymentProviderId } from './provider.js';

export type PaymentRecordStatus = 'pending' | 'processing' | 'succeeded' | 'failed';

export interface Payment {
  id: string;
  siteId: string;
  orderId: string;
  provider: PaymentProviderId;
  method: string | null;
  status: PaymentRecordStatus;
  amount: number;
  currency: string;
  idempotencyKey: string;
  providerReference: string | null;
  chargeReference: string | null;
  stepUrl: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  refundedAmount: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

interface PaymentRow {
  site_id: string;
  id: string;
  order_id: string;
  provider: PaymentProviderId;
  method: string | null;
  status: PaymentRecordStatus;
  amount: string | number;
  currency: string;
  idempotency_key: string;
  provider_reference: string | null;
  charge_reference: string | null;
  step_url: string | null;
  return_url: string | null;
  cancel_url: string | null;
  failure_code: string | null;
  failure_message: string | null;
  refunded_amount: string | number;
  created_at: Date | string;
  updated_at: Date | string;
  completed_at: Date | string | null;
}

const toPayment = (r: PaymentRow): Payment => ({
  id: r.id,
  siteId: r.site_id,
  orderId: r.order_id,
  provider: r.provider,
  method: r.method,
  status: r.status,
  amount: Number(r.amount),
  currency: r.currency,
  idempotencyKey: r.idempotency_key,
  providerReference: r.provider_reference,
  chargeReference: r.charge_reference,
  stepUrl: r.step_url,
  returnUrl: r.return_url,
  cancelUrl: r.cancel_url,
  failureCode: r.failure_code,
  failureMessage: r.failure_message,
  refundedAmount: Number(r.refunded_amount),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  completedAt: r.completed_at === null ? null : new Date(r.completed_at),
});

export type NewPayment = Pick<
  Payment,
  'id' | 'orderId' | 'provider' | 'method' | 'amount' | 'currency' | 'idempotencyKey' | 'returnUrl' | 'cancelUrl'
>;

export async function insertPayment(tx: Queryable, siteId: string, p: NewPayment, now: number): Promise<void> {
  await tx.query(
    `insert into commerce_payments (site_id, id, order_id, provider, method, status, amount, currency,
       idempotency_key, return_url, cancel_url, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10, $11, $11)`,
    [
      siteId,
      p.id,
      p.orderId,
      p.provider,
      p.method,
      p.amount,
      p.currency,
      p.idempotencyKey,
      p.returnUrl,
      p.cancelUrl,
      new Date(now),
    ],
  );
}

/** Records the provider's session once it exists (after the provider answered, outside the order's lock). */
export async function attachSession(
  db: Queryable,
  siteId: string,
  id: string,
  session: { providerReference: string; stepUrl: string | null },
  now: number,
): Promise<void> {
  await db.query(
    `update commerce_payments set provider_reference = $3, step_url = $4, updated_at = $5
     where site_id = $1 and id = $2`,
    [siteId, id, session.providerReference, session.stepUrl, new Date(now)],
  );
}

export async function findPayment(db: Queryable, siteId: string, id: string, lock = false) {
  const { rows } = await db.query<PaymentRow>(
    `select * from commerce_payments where site_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [siteId, id],
  );
  return rows[0] && toPayment(rows[0]);
}

/**
 * A provider's event names its session, Vitrine's payment id (kept in the provider's metadata), or the provider's
 * payment (a refund of a charge).
 */
export async function findPaymentForEvent(
  db: Queryable,
  provider: PaymentProviderId,
  ref: { providerReference?: string | undefined; paymentId?: string | undefined; chargeReference?: string | undefined },
): Promise<Payment | undefined> {
  if (ref.providerReference) {
    const { rows } = await db.query<PaymentRow>(
      `select * from commerce_payments where provider = $1 and provider_reference = $2`,
      [provider, ref.providerReference],
    );
    if (rows[0]) return toPayment(rows[0]);
  }
  if (!ref.paymentId && ref.chargeReference) {
    const { rows } = await db.query<PaymentRow>(
      `select * from commerce_payments where provider = $1 and charge_reference = $2 order by created_at limit 1`,
      [provider, ref.chargeReference],
    );
    return rows[0] && toPayment(rows[0]);
  }
  if (!ref.paymentId) return undefined;
  const { rows } = await db.query<PaymentRow>(`select * from commerce_payments where provider = $1 and id = $2`, [
    provider,
    ref.paymentId,
  ]);
  return rows[0] && toPayment(rows[0]);
}

/** The order's payment under way (pending or processing), if any: at most one (commerce_payments_open). */
export async function openPayment(db: Queryable, siteId: string, orderId: string): Promise<Payment | undefined> {
  const { rows } = await db.query<PaymentRow>(
    `select * from commerce_payments where site_id = $1 and order_id = $2 and status in ('pending', 'processing')`,
    [siteId, orderId],
  );
  return rows[0] && toPayment(rows[0]);
}

export async function orderPayments(db: Queryable, siteId: string, orderId: string): Promise<Payment[]> {
  const { rows } = await db.query<PaymentRow>(
    `select * from commerce_payments where site_id = $1 and order_id = $2 order by created_at, id`,
    [siteId, orderId],
  );
  return rows.map(toPayment);
}

/**
 * Moves a payment from one of `from` to `to`, conditionally: of two deliveries racing, one update matches the
 * row and the other none. Returns whether this call made the move.
 */
export async function movePayment(
  tx: Queryable,
  siteId: string,
  id: string,
  from: readonly PaymentRecordStatus[],
  to: PaymentRecordStatus,
  fields: { chargeReference?: string | undefined; failure?: { code: string; message: string } | undefined },
  now: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update commerce_payments set status = $4, charge_reference = coalesce($5, charge_reference),
       failure_code = coalesce($6, failure_code), failure_message = coalesce($7, failure_message),
       completed_at = case when $4 in ('succeeded', 'failed') then $8 else completed_at end, updated_at = $8
     where site_id = $1 and id = $2 and status = any($3::text[])`,
    [
      siteId,
      id,
      [...from],
      to,
      fields.chargeReference ?? null,
      fields.failure?.code.slice(0, 100) ?? null,
      fields.failure?.message.slice(0, 500) ?? null,
      new Date(now),
    ],
  );
  return rowCount === 1;
}

/** Notes a failed try (the session stays open for another). */
export async function noteAttemptFailure(
  tx: Queryable,
  siteId: string,
  id: string,
  failure: { code: string; message: string },
  now: number,
): Promise<void> {
  await tx.query(
    `update commerce_payments set failure_code = $3, failure_message = $4, updated_at = $5
     where site_id = $1 and id = $2`,
    [siteId, id, failure.code.slice(0, 100), failure.message.slice(0, 500), new Date(now)],
  );
}

/**
 * Claims a provider event for this transaction: true the first time, false when a delivery of the same event
 * was applied (or is being applied: PostgreSQL makes the second insert wait for the first's commit, then skip).
 */
export async function claimEvent(
  tx: Queryable,
  event: { provider: PaymentProviderId; eventId: string; kind: string },
  payment: Pick<Payment, 'siteId' | 'id'>,
  now: number,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into commerce_payment_events (provider, event_id, site_id, payment_id, kind, received_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (provider, event_id) do nothing`,
    [event.provider, event.eventId.slice(0, 255), payment.siteId, payment.id, event.kind, new Date(now)],
  );
  return rowCount === 1;
}

export const paymentView = (p: Payment) => ({
  id: p.id,
  provider: p.provider,
  method: p.method,
  status: p.status,
  amount: p.amount,
  currency: p.currency,
  refundedAmount: p.refundedAmount,
  providerReference: p.providerReference,
  chargeReference: p.chargeReference,
  failure: p.failureCode ? { code: p.failureCode, message: p.failureMessage ?? '' } : null,
  createdDate: p.createdAt.toISOString(),
  completedDate: p.completedAt?.toISOString() ?? null,
});
