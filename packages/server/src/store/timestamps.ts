/**
 * A timestamp column as the wire's ISO 8601 string. PostgreSQL answers a `Date`, PGlite and JSON columns can
 * answer a string: both read the same way. Two functions because columns differ: `isoDate` for a column that
 * always holds a time, `isoDateOrNull` for one where null means "not yet" (and stays null on the wire).
 */
export function isoDate(value: Date | string): string {
  return new Date(value).toISOString();
}

export function isoDateOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoDate(value);
}
