/**
 * A date a client sends the commerce module: a catalog filter's `lastUpdated`, `createdDate` or `updatedDate`
 * (`filter.ts`), a discount code's `startsAt` and `endsAt` (`discounts/input.ts`), the admin order list's `from` and
 * `to` days (`orders/search.ts`). Read with the data API's strict ISO 8601 reading (`canonicalDate`): a date
 * (`2024-05-01`, midnight UTC) or a date and time (a time without a zone is UTC), four-digit years only. Anything
 * else is a 400 naming the field, never a 500:
 *
 * - `Date.parse` alone also takes extended years (`+010000-01-01T00:00:00Z`, `-000100-…`), which PostgreSQL's
 *   `timestamptz` refuses when the value reaches it;
 * - years are held to 1000–9999 (UTC): a shop has no date before, and PGlite reads a stored year below 100
 *   back as 19xx or 20xx (a code starting `0001-01-01` was answered as starting `2001-01-01`);
 * - the day must be one the calendar has: `Date.parse` rolls `2024-02-30` over into March, where PostgreSQL
 *   refuses it (the order list's `from=2024-02-30` was a 500).
 */
import { canonicalDate, isCalendarDay } from '../data/index.js';
import { invalidField } from '../errors/wire.js';

export const MIN_COMMERCE_YEAR = 1000;

/** `YYYY-MM-DD` at the start of `text` is a day of years 1000–9999 that the calendar has. */
const realDay = (text: string): boolean => isCalendarDay(text.slice(0, 10), MIN_COMMERCE_YEAR);

/** The canonical ISO form (`2024-05-01T00:00:00.000Z`) of `value`, or a 400 validation error on `field`. */
export function commerceDate(value: unknown, field: string): string {
  const text = typeof value === 'string' && value.length <= 40 ? value : '';
  const iso = realDay(text) ? canonicalDate(text, MIN_COMMERCE_YEAR) : undefined;
  if (iso === undefined)
    throw invalidField(
      field,
      `must be an ISO 8601 date and time from year ${MIN_COMMERCE_YEAR} to 9999, e.g. 2024-05-01T00:00:00Z`,
      'INVALID_DATE',
    );
  return iso;
}

/** A day as `YYYY-MM-DD` (years 1000–9999, one the calendar has), or a 400 validation error on `field`. */
export function commerceDay(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length !== 10 || !realDay(value))
    throw invalidField(field, `must be a date as YYYY-MM-DD, from year ${MIN_COMMERCE_YEAR} to 9999`, 'INVALID_DATE');
  return value;
}
