/**
 * An order as the admin API answers it and the `order.*` webhook events carry it: the module's own model in
 * minor units, with ISO dates, the decimal amounts beside them for people, and the moves it may make now.
 */
import { toDecimalString } from '../money.js';
import { NEXT_STATUSES } from './state.js';
import type { HistoryEntry, Order } from './store.js';

export function orderView(order: Order) {
  const decimal = (minor: number) => toDecimalString(minor, order.currency);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    nextStatuses: [...NEXT_STATUSES[order.status]],
    buyer: {
      memberId: order.memberId,
      visitorId: order.visitorId,
      email: order.buyerEmail,
      guest: order.memberId === null,
    },
    currency: order.currency,
    pricesIncludeTax: order.pricesIncludeTax,
    lines: order.lines,
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    total: order.total,
    /** The same totals as decimal strings of the currency ("18.50", "1850" for JPY). */
    amounts: {
      subtotal: decimal(order.subtotal),
      discount: decimal(order.discountTotal),
      shipping: decimal(order.shippingTotal),
      tax: decimal(order.taxTotal),
      total: decimal(order.total),
    },
    couponCode: order.couponCode,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethod,
    checkoutId: order.checkoutId,
    expiresDate: order.expiresAt?.toISOString() ?? null,
    createdDate: order.createdAt.toISOString(),
    updatedDate: order.updatedAt.toISOString(),
  };
}

export const historyView = (h: HistoryEntry) => ({
  fromStatus: h.fromStatus,
  toStatus: h.toStatus,
  actor: h.actor,
  note: h.note,
  date: h.at.toISOString(),
});
