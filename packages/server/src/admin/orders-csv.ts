/** The Orders page's CSV export: one row per order, newest first (the list's filters). */
import Papa from 'papaparse';
import type { Queryable } from '../store/types.js';
import { listShopOrders, ORDERS_EXPORT_MAX, type OrderFilter } from '../shop/admin-orders.js';
import { FORMULA } from './collections-csv.js';

const COLUMNS = ['number', 'date', 'status', 'email', 'customer', 'items', 'subtotal', 'total', 'currency'];

/** With the collections export's formula escaping (audit S-3): a cell a spreadsheet would run gets a leading `'`. */
export async function ordersCsv(db: Queryable, siteId: string, collection: string, filter: OrderFilter) {
  const { orders } = await listShopOrders(db, siteId, collection, filter, { limit: ORDERS_EXPORT_MAX, offset: 0 });
  const data = orders.map((o) => [
    o.number,
    o.createdDate,
    o.status,
    o.email ?? '',
    o.memberId ? 'member' : o.guest ? 'guest' : '',
    o.itemCount,
    o.subtotal,
    o.total,
    o.currency,
  ]);
  return {
    csv: Papa.unparse({ fields: COLUMNS, data }, { escapeFormulae: FORMULA, newline: '\r\n' }),
    count: orders.length,
  };
}
