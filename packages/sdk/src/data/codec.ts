/**
 * JSON conventions of the data wire (wire-contract §9.2, §9.3): dates travel as `{"$date": ISO}`,
 * and GET queries carry their JSON as base64url in `?.r=`.
 */

const isValidDate = (v: unknown): v is Date => v instanceof Date && !Number.isNaN(v.getTime());

/** Replaces every valid `Date` at any depth with `{$date: ISO}`; returns new containers, never mutates. */
export function encodeDates<T>(value: T): T {
  if (isValidDate(value)) return { $date: value.toISOString() } as T;
  if (Array.isArray(value)) return value.map(encodeDates) as T;
  if (isPlainish(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encodeDates(v);
    return out as T;
  }
  return value;
}

/** Revives `{$date: <parseable string>}` at any depth into `Date`; plain ISO strings stay strings. */
export function decodeDates<T>(value: T): T {
  if (Array.isArray(value)) return value.map(decodeDates) as T;
  if (isPlainish(value)) {
    const d = (value as { $date?: unknown }).$date;
    if (typeof d === 'string' && Number.isNaN(Number(d)) && !Number.isNaN(Date.parse(d))) return new Date(d) as T;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = decodeDates(v);
    return out as T;
  }
  return value;
}

function isPlainish(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !(v instanceof Date);
}

/** base64url (no padding) of the UTF-8 bytes of `text`; works with `btoa` in browsers and Node ≥ 16. */
export function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // Chunked so very long queries do not overflow the argument limit of String.fromCharCode.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
