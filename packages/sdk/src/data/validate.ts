/**
 * Argument checks made before any request is sent. Each returns a message starting with the
 * `WDExxxx` code `@wix/data` uses for the same mistake, or `undefined` when the argument is fine.
 */
import { clientError } from './errors.js';

type Check = string | undefined;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const MAX_BULK = 1000;

/** Throws the first failed check as a client-side error (the caller is async, so this rejects). */
export function assert(...checks: Check[]): void {
  const failed = checks.find((c) => c !== undefined);
  if (failed) throw clientError(failed);
}

export const collection = (name: unknown): Check =>
  typeof name === 'string' ? undefined : 'WDE0001: Collection name must be a string.';

export const itemId = (id: unknown): Check => (typeof id === 'string' ? undefined : 'WDE0002: ItemId must be a string.');

export const fieldName = (name: unknown): Check =>
  typeof name === 'string' ? undefined : 'WDE0003: FieldName must be a string.';

export function item(value: unknown, coll: string, requireId = false): Check {
  if (!isObject(value)) return `WDE0004: Failed to save [${String(value)}] into [${coll}].\nItems must be JavaScript objects.`;
  const id = value._id;
  if (id === undefined ? requireId : typeof id !== 'string') {
    return 'WDE0007: Invalid update. Updated object must have a string _id property.';
  }
  return undefined;
}

export function items(list: unknown, coll: string): Check {
  const ok = Array.isArray(list) && list.every((i) => isObject(i) && (i._id == null || typeof i._id === 'string'));
  if (!ok) return `WDE0005: Failed to bulk save items into [${coll}].\nItems must be an array of JavaScript objects and itemIds must be strings if present.`;
  if (list.length > MAX_BULK) return `WDE0006: Failed to bulk save items into [${coll}].\nCannot insert more than ${MAX_BULK} items in one request`;
  return undefined;
}

export function itemIds(ids: unknown, coll: string): Check {
  if (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string')) return 'WDE0068: Item ids must be an array of strings';
  if (ids.length > MAX_BULK) return `WDE0069: Failed to remove items from [${coll}].\nCannot remove more than ${MAX_BULK} items in one request`;
  return undefined;
}

const BOOLEAN_OPTIONS = ['suppressAuth', 'suppressHooks', 'showDrafts', 'consistentRead', 'overrideExisting', 'returnTotalCount'];

/** Options must be an object whose flags are booleans and whose `language` is a non-empty string. */
export function options(value: unknown): Check {
  if (value == null) return undefined;
  const ok =
    isObject(value) &&
    BOOLEAN_OPTIONS.every((k) => value[k] == null || typeof value[k] === 'boolean') &&
    (value.language == null || (typeof value.language === 'string' && value.language !== ''));
  return ok ? undefined : `WDE0018: Options must be an object with one or all of the following boolean properties: ${BOOLEAN_OPTIONS.join(', ')}.`;
}

export function limit(op: string, n: unknown): Check {
  if (typeof n !== 'number') return `WDE0032: Invalid ${op} parameter [${typeof n}]. ${op} parameter must be a positive number.`;
  if (!(n > 0)) return `WDE0033: Invalid ${op} parameter [${n}]. ${op} parameter must be a positive number.`;
  return integer(op, n);
}

export function skip(op: string, n: unknown): Check {
  if (typeof n !== 'number') return `WDE0032: Invalid ${op} parameter [${typeof n}]. ${op} parameter must be a non-negative number.`;
  if (!(n >= 0)) return `WDE0034: Invalid ${op} parameter [${n}]. ${op} parameter must be a non-negative number.`;
  return integer(op, n);
}

const integer = (op: string, n: number): Check =>
  Number.isSafeInteger(n) ? undefined : `WDE0035: Invalid ${op} parameter [${n}]. ${op} parameter must be an integer.`;

export const nonEmptyString = (value: unknown, name: string): Check =>
  typeof value === 'string' && value.length > 0 ? undefined : `WDE0094: Invalid ${name} parameter. ${name} parameter must be non-empty string.`;

/** A reference end: a non-empty id string or an item object with `_id`. */
export const reference = (value: unknown): Check =>
  (typeof value === 'string' && value !== '') || (isObject(value) && '_id' in value)
    ? undefined
    : 'WDE0019: Reference operation takes a string ID or an object with an ID to be connected.';

export const references = (values: unknown[]): Check => values.map(reference).find(Boolean);

export const cursorWithSkip = (cursor: unknown, offset: unknown): Check =>
  cursor !== undefined && typeof offset === 'number' && offset > 0 ? 'WDE0080: Skip is not supported in cursor paging.' : undefined;
