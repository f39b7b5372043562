/**
 * The rules of an order's status, as pure functions (tested without a database):
 *   AWAITING_PAYMENT → PAID → SHIPPED (carrier and tracking number) → DELIVERED,
 *   and AWAITING_PAYMENT or PAID → CANCELED (its stock goes back). DELIVERED and CANCELED are final.
 * `CANCELED` keeps the spelling the storefront's catalogs already had; the webhook event is `order.cancelled`.
 */
import { appError } from '../errors/catalogue.js';
import { invalidField } from '../errors/wire.js';

export const ORDER_STATUSES = ['AWAITING_PAYMENT', 'PAID', 'SHIPPED', 'DELIVERED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Words for error messages (the console and the mails have their own). */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: 'awaiting payment',
  PAID: 'paid',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  CANCELED: 'cancelled',
};

export const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PAYMENT: ['PAID', 'CANCELED'],
  PAID: ['SHIPPED', 'CANCELED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELED: [],
};

/** Statuses an owner still has to act on: taking the payment, then shipping. */
export const AWAITING_ACTION: readonly OrderStatus[] = ['AWAITING_PAYMENT', 'PAID'];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** A stored order's status: unknown values read as AWAITING_PAYMENT, the status checkout writes (migration 44 renamed the earlier PLACED). */
export const currentStatus = (value: unknown): OrderStatus => (isOrderStatus(value) ? value : 'AWAITING_PAYMENT');

export const MAX_CARRIER = 100;
export const MAX_TRACKING = 100;
export const MAX_NOTE = 500;

export interface StatusChange {
  status: OrderStatus;
  carrier?: string;
  trackingNumber?: string;
  note?: string;
}

function optionalText(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  const text = value.trim();
  if (text.length > max) throw invalidField(field, `must be at most ${max} characters`);
  return text || undefined;
}

/** The body of a status change, checked: a known status, and for SHIPPED a carrier and tracking number. */
export function parseStatusChange(body: Record<string, unknown>): StatusChange {
  const status = body.status;
  if (status === undefined || status === '') throw invalidField('status', 'is required', 'REQUIRED');
  if (!isOrderStatus(status)) throw invalidField('status', `must be one of ${ORDER_STATUSES.join(', ')}`);
  const carrier = optionalText(body.carrier, 'carrier', MAX_CARRIER);
  const trackingNumber = optionalText(body.trackingNumber, 'trackingNumber', MAX_TRACKING);
  const note = optionalText(body.note, 'note', MAX_NOTE);
  if (status === 'SHIPPED') {
    if (!carrier) throw invalidField('carrier', 'is required to mark an order shipped', 'REQUIRED');
    if (!trackingNumber) throw invalidField('trackingNumber', 'is required to mark an order shipped', 'REQUIRED');
  }
  return {
    status,
    ...(status === 'SHIPPED' ? { carrier, trackingNumber } : {}),
    ...(note ? { note } : {}),
  };
}

/** Throws ORDER_TRANSITION_REFUSED (409) saying what the order may become instead. */
export function checkTransition(from: OrderStatus, to: OrderStatus): void {
  if (NEXT_STATUSES[from].includes(to)) return;
  const next = NEXT_STATUSES[from].map((s) => STATUS_WORDS[s]);
  const description =
    from === to
      ? `The order is already ${STATUS_WORDS[from]}`
      : `An order that is ${STATUS_WORDS[from]} cannot become ${STATUS_WORDS[to]}` +
        (next.length ? `; it can become ${next.join(' or ')}` : `; ${STATUS_WORDS[from]} is final`);
  throw appError('ORDER_TRANSITION_REFUSED', { description, data: { from, to, allowed: [...NEXT_STATUSES[from]] } });
}

/** The date field a status stamps on the order (`paidDate`, `shippedDate`…). */
export const STATUS_DATE_FIELD: Record<OrderStatus, string> = {
  AWAITING_PAYMENT: '_createdDate',
  PAID: 'paidDate',
  SHIPPED: 'shippedDate',
  DELIVERED: 'deliveredDate',
  CANCELED: 'canceledDate',
};
