/**
 * JSON values as stored in `data_items.data`, and the rules every layer shares:
 * dates travel and are stored as `{"$date": "<canonical ISO>"}`, strings never hold NUL or lone surrogates
 * (PostgreSQL's jsonb rejects them), and values have a total "type rank" used for sorting.
 */
import { invalidField } from '../errors/wire.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** Deepest nesting accepted in item data (objects and arrays). */
export const MAX_DATA_DEPTH = 64;

// Strict ISO-8601: date, optional time with optional fraction and zone. Years 0001–9999 keep text order = time order.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T(\d{2}):\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
// eslint-disable-next-line no-control-regex
const BAD_CHARS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{"$date": string}` with exactly that key: the wire and storage form of a date. */
export function isDateValue(value: unknown): value is { $date: string } {
  return isPlainObject(value) && typeof value.$date === 'string' && Object.keys(value).length === 1;
}

/**
 * Canonical ISO form (`2024-01-01T00:00:00.000Z`) of a date string, or undefined when it is not a date. Only the
 * strict form above (a four-digit year; `Date.parse` alone also takes `+010000-…`, which PostgreSQL refuses), and
 * only years `minYear`–9999 in UTC: items take 0001 on; commerce/dates.ts asks 1000 for its timestamp columns.
 */
export function canonicalDate(text: string, minYear = 1): string | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const full = m[1] === undefined ? `${text}T00:00:00Z` : m[2] === undefined ? `${text}Z` : text;
  const time = Date.parse(full);
  if (!Number.isFinite(time)) return undefined;
  const iso = new Date(time).toISOString();
  const year = Number(iso.slice(0, 4));
  return iso.length === 24 && year >= minYear && year <= 9999 ? iso : undefined;
}

/**
 * `text` is a day as `YYYY-MM-DD` that the calendar has, in years `minYear`–9999: `Date.parse` rolls `2020-02-31`
 * over into March, so the day it reads must print back as the text sent.
 */
export function isCalendarDay(text: unknown, minYear = 1): text is string {
  return (
    typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && canonicalDate(text, minYear)?.slice(0, 10) === text
  );
}

export function dateValue(ms: number): { $date: string } {
  return { $date: new Date(ms).toISOString() };
}

/**
 * Checks a caller-supplied JSON value and returns it with dates canonicalised.
 * Throws a 400 validation error naming `field` (with the nested path) on anything the database cannot store faithfully.
 */
export function normalizeJson(value: unknown, field: string, depth = 0): Json {
  if (depth > MAX_DATA_DEPTH) throw invalidField(field, `is nested deeper than ${MAX_DATA_DEPTH} levels`, 'TOO_DEEP');
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidField(field, 'must be a finite number');
    return value;
  }
  if (typeof value === 'string') {
    if (BAD_CHARS.test(value)) throw invalidField(field, 'must not contain NUL characters or unpaired surrogates');
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => normalizeJson(v, `${field}[${i}]`, depth + 1));
  if (isPlainObject(value)) {
    if ('$date' in value) {
      const raw = value.$date;
      const iso = typeof raw === 'string' && Object.keys(value).length === 1 ? canonicalDate(raw) : undefined;
      if (iso === undefined)
        throw invalidField(field, 'must be a date as {"$date": "<ISO-8601>"} (years 0001–9999)', 'INVALID_DATE');
      return { $date: iso };
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (BAD_CHARS.test(k)) throw invalidField(field, 'has a key with NUL characters or unpaired surrogates');
      if (v === undefined) continue;
      // defineProperty keeps a "__proto__" key an ordinary own property instead of a prototype change.
      Object.defineProperty(out, k, {
        value: normalizeJson(v, `${field}.${k}`, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  throw invalidField(field, 'must be a JSON value');
}

/** Equality of stored JSON values as jsonb `=` sees it: objects by key set, numbers numerically. */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * Sort rank of a value: missing/null 0, number 1, string 2, date 3, boolean 4, array 5, object 6.
 * Mirrored by `rankSql` in the compiler.
 */
export function typeRank(value: Json | undefined): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 4;
  if (Array.isArray(value)) return 5;
  return isDateValue(value) ? 3 : 6;
}

/** Reads a dotted path through nested objects only (arrays are not indexed), like jsonb `->` with text keys. */
export function getPath(doc: Json | undefined, path: readonly string[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const key of path) {
    if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Byte order of the UTF-8 encodings, which is what `collate "C"` compares. */
export function compareText(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
