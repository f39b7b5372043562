/**
 * The catalog's "N products" line. Past the server's count bound the total is only an estimate
 * (`tooManyToCount`), so the line says "10,000+ products" instead of a number the shop did not count.
 * A count stopped by its time limit (read-limits.ts) is flagged the same way, with any estimate.
 */
import type { I18n } from '@lingui/core';
import { COUNT_SHOWN, type CatalogPage } from './catalog-api.js';

export function catalogCountText(
  _: I18n['_'],
  page: Pick<CatalogPage, 'totalCount' | 'tooManyToCount'>,
  search: string,
): string {
  // A count the server stopped for time (a slow search) is flagged too, and its estimate may be far below the
  // bound: "10,000+" would then be false, and no number is known, so the line is left out.
  if (page.tooManyToCount && page.totalCount < COUNT_SHOWN) return '';
  if (page.tooManyToCount)
    return _(search ? 'catalog.countAtLeastMatching' : 'catalog.countAtLeast', { count: COUNT_SHOWN, search });
  return _(search ? 'catalog.countMatching' : 'catalog.count', { count: page.totalCount, search });
}
