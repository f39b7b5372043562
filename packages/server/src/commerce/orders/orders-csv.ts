/**
 * The module's orders as CSV (the console's Orders page's export): one row per order, newest first, with the list's
 * filters, at most ORDERS_EXPORT_MAX rows. Amounts are decimals of the order's currency ("18.50", "1850" for JPY), as
 * a spreadsheet sums them. A cell a spreadsheet would run as a formula (a buyer's email or a product name starting
 * with `=`, `+`, `-`, `@`) gets a leading `'` (http/csv.ts, audit S-3).
 */
import { FORMULA, papaparse } from '../../http/csv.js';
import type { Queryable } from '../../store/types.js';
import { toDecimalString } from '../money.js';
import { listOrders, ORDERS_EXPORT_MAX, type OrderFilter } from './search.js';

const COLUMNS = [
  'number',
  'date',
  'status',
  'payment',
  'email',
  'customer',
  'items',
  'products',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'currency',
  'coupon',
];

export async function ordersCsv(db: Queryable, siteId: string, filter: OrderFilter) {
  const { orders } = await listOrders(db, siteId, filter, { limit: ORDERS_EXPORT_MAX, offset: 0 }, ORDERS_EXPORT_MAX);
  const data = orders.map((o) => {
    const money = (minor: number) => toDecimalString(minor, o.currency);
    return [
      o.number,
      o.createdAt.toISOString(),
      o.status,
      o.paymentStatus,
      o.buyerEmail ?? '',
      o.memberId ? 'member' : 'guest',
      o.lines.reduce((sum, l) => sum + l.quantity, 0),
      o.lines.map((l) => `${l.quantity} × ${l.name}${l.sku ? ` (${l.sku})` : ''}`).join('; '),
      money(o.subtotal),
      money(o.discountTotal),
      money(o.shippingTotal),
      money(o.taxTotal),
      money(o.total),
      o.currency,
      o.couponCode ?? '',
    ];
  });
  return {
    csv: papaparse().unparse({ fields: COLUMNS, data }, { escapeFormulae: FORMULA, newline: '\r\n' }),
    count: orders.length,
  };
}
