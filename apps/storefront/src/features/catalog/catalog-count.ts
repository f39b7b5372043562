/**
 * The catalog's "N products" line. Past the server's count bound the total is only an estimate
 * (`tooManyToCount`), so the line says "10,000+ products" instead of a number the shop did not count.
 */
import type { I18n } from '@lingui/core';
import { COUNT_SHOWN, type CatalogPage } from './catalog-api.js';

export function catalogCountText(
  _: I18n['_'],
  page: Pick<CatalogPage, 'totalCount' | 'tooManyToCount'>,
  search: string,
): string {
  if (page.tooManyToCount)
    return _(search ? 'catalog.countAtLeastMatching' : 'catalog.countAtLeast', { count: COUNT_SHOWN, search });
  return _(search ? 'catalog.countMatching' : 'catalog.count', { count: page.totalCount, search });
}
