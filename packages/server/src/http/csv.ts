/**
 * What every CSV import and export shares: papaparse, and the formula guard for exported cells.
 */
import { createRequire } from 'node:module';
import type PapaParse from 'papaparse';

let library: typeof PapaParse | undefined;

/**
 * papaparse, loaded at the first CSV read or written, not with the server (docs/operating.md → Memory of the
 * embedded database): the collections export and import (admin/collections-csv.ts), the orders export
 * (commerce/orders/orders-csv.ts) and the member import (member-admin/import/formats.ts).
 */
export function papaparse(): typeof PapaParse {
  return (library ??= createRequire(import.meta.url)('papaparse') as typeof PapaParse);
}

/**
 * A cell or header a spreadsheet would run as a formula, whatever follows the first character: papaparse's
 * own `escapeFormulae: true` pattern ends in `.*$`, whose `.` stops at a line break, so `"=HYPERLINK(…)\n"`
 * went out unescaped (audit S-3). Every CSV export passes this as `escapeFormulae` (the cell gets a leading `'`):
 * the collections export (admin/collections-csv.ts) and the orders export (commerce/orders/orders-csv.ts).
 */
export const FORMULA = /^[=+\-@\t\r]/;
