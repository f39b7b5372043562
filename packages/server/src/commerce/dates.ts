/**
 * A date a client sends the commerce module: a catalog filter's `lastUpdated`, `createdDate` or `updatedDate`
 * (`filter.ts`), a discount code's `startsAt` and `endsAt` (`discounts/input.ts`). Read with the data API's
 * strict ISO 8601 reading (`canonicalDate`): a date (`2024-05-01`, midnight UTC) or a date and time (a time
 * without a zone is UTC), four-digit years only. Anything else is a 400 naming the field, never a 500:
 *
 * - `Date.parse` alone also takes extended years (`+010000-01-01T00:00:00Z`, `-000100-…`), which PostgreSQL's
 *   `timestamptz` refuses when the value reaches it;
 * - years are held to 1000–9999 (UTC): a shop has no date before, and PGlite reads a stored year below 100
 *   back as 19xx or 20xx (a code starting `0001-01-01` was answered as starting `2001-01-01`).
 */
import { canonicalDate } from '../data/index.js';
import { invalidField } from '../errors/wire.js';

export const MIN_COMMERCE_YEAR = 1000;

/** The canonical ISO form (`2024-05-01T00:00:00.000Z`) of `value`, or a 400 validation error on `field`. */
export function commerceDate(value: unknown, field: string): string {
  const iso = typeof value === 'string' && value.length <= 40 ? canonicalDate(value, MIN_COMMERCE_YEAR) : undefined;
  if (iso === undefined)
    throw invalidField(
      field,
      `must be an ISO 8601 date and time from year ${MIN_COMMERCE_YEAR} to 9999, e.g. 2024-05-01T00:00:00Z`,
      'INVALID_DATE',
    );
  return iso;
}
