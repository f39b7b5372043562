/**
 * JSON conventions of the data wire (docs/wire-format.md §9.2, §9.3): dates travel as `{"$date": ISO}`,
 * and GET queries carry their JSON as base64url in `?.r=`.
 */

/** A copy of `value` with `f` applied to each element or property value (Dates and scalars as is). */
export const mapChildren = (value: unknown, f: (v: unknown) => unknown): unknown => {
  if (Array.isArray(value)) return value.map(f);
  if (typeof value != 'object' || !value || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = f((value as Record<string, unknown>)[k]);
  return out;
};

/** Copies `value`, replacing what `fn` maps (anything not `undefined`) at any depth. */
const walk = (value: unknown, fn: (v: unknown) => unknown): unknown =>
  fn(value) ?? mapChildren(value, (x) => walk(x, fn));

/** Replaces every valid `Date` at any depth with `{$date: ISO}`; never mutates the input. */
export const encodeDates = <T>(value: T): T =>
  walk(value, (v) => (v instanceof Date && !isNaN(+v) ? { $date: v.toISOString() } : undefined)) as T;

/** Revives `{$date: <parseable string>}` at any depth into `Date`; plain ISO strings stay strings. */
export const decodeDates = <T>(value: T): T =>
  walk(value, (v) => {
    const d = (v as { $date?: unknown } | null)?.$date;
    return typeof d == 'string' && isNaN(+d) && !isNaN(Date.parse(d)) ? new Date(d) : undefined;
  }) as T;

/** base64url (no padding) of the UTF-8 bytes of `text`; works with `btoa` in browsers and Node ≥ 16. */
export const base64url = (text: string): string =>
  btoa(Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join(''))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
