/**
 * A cell or header a spreadsheet would run as a formula, whatever follows the first character: papaparse's
 * own `escapeFormulae: true` pattern ends in `.*$`, whose `.` stops at a line break, so `"=HYPERLINK(…)\n"`
 * went out unescaped (audit S-3). Every CSV export passes this as `escapeFormulae` (the cell gets a leading `'`):
 * the collections export (admin/collections-csv.ts) and the orders export (commerce/orders/orders-csv.ts).
 */
export const FORMULA = /^[=+\-@\t\r]/;
