/**
 * JSON conventions of the data wire (wire-contract §9.2, §9.3): dates travel as `{"$date": ISO}`,
 * and GET queries carry their JSON as base64url in `?.r=`.
 */

/** Copies `value`, replacing what `fn` maps (anything not `undefined`) at any depth. */
function walk(value: unknown, fn: (v: unknown) => unknown): unknown {
  const mapped = fn(value);
  if (mapped !== undefined) return mapped;
  if (Array.isArray(value)) return value.map((x) => walk(x, fn));
  if (typeof value != 'object' || value === null || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const k in value) out[k] = walk((value as Record<string, unknown>)[k], fn);
  return out;
}

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
export function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunked so very long queries do not overflow the argument limit of String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
