/**
 * Argument checks made before any request is sent. Each returns a message starting with the
 * `WDExxxx` code `@wix/data` uses for the same mistake, or `undefined` when the argument is fine.
 * Messages are short on purpose: the code is the contract, and the bundle has a size budget.
 */
import { clientError } from './errors.js';

type Check = string | undefined;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v == 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v == 'string';

/** Throws the first failed check as a client-side error (callers are async, so this rejects). */
export function assert(...checks: (Check | false)[]): void {
  const failed = checks.find(Boolean);
  if (failed) throw clientError(failed);
}

/** Builders report every collected problem at once, like `@wix/data`. */
export function report(what: string, coll: string, checks: (Check | false)[]): void {
  const found = checks.filter(Boolean);
  if (found.length) throw clientError(`Failed to perform ${what} on [${coll}].\n${found.join('\n')}`);
}

export const collection = (name: unknown): Check =>
  isString(name) ? undefined : 'WDE0001: Collection name must be a string.';

export const itemId = (id: unknown): Check => (isString(id) ? undefined : 'WDE0002: ItemId must be a string.');

export const fieldName = (name: unknown): Check =>
  isString(name) ? undefined : 'WDE0003: FieldName must be a string.';

/** An item is an object; its `_id`, when present (or required, for updates), a string. */
export const item = (value: unknown, requireId?: boolean): Check =>
  !isObject(value)
    ? 'WDE0004: Items must be objects.'
    : (value._id === undefined ? requireId : !isString(value._id))
      ? 'WDE0007: _id must be a string.'
      : undefined;

export const items = (list: unknown): Check =>
  !Array.isArray(list) || !list.every((i) => isObject(i) && (i._id == null || isString(i._id)))
    ? 'WDE0005: Items must be an array of objects.'
    : list.length > 1000
      ? 'WDE0006: More than 1000 items.'
      : undefined;

export const itemIds = (ids: unknown): Check =>
  !Array.isArray(ids) || !ids.every(isString)
    ? 'WDE0068: Item ids must be strings.'
    : ids.length > 1000
      ? 'WDE0069: More than 1000 ids.'
      : undefined;

/** Options are an object whose flags are booleans and whose `language` is a non-empty string. */
export const options = (o: unknown): Check =>
  o == null ||
  (isObject(o) &&
    ['suppressHooks', 'showDrafts', 'consistentRead', 'overrideExisting', 'returnTotalCount'].every(
      (k) => o[k] == null || typeof o[k] == 'boolean',
    ) &&
    (o.language == null || (isString(o.language) && o.language != '')))
    ? undefined
    : 'WDE0018: Invalid options.';

/** `.limit` takes a positive integer, `.skip` a non-negative one. */
export const count = (op: string, n: unknown, min: number): Check =>
  typeof n != 'number'
    ? `WDE0032: ${op} must be a number.`
    : !(n >= min)
      ? `WDE00${min ? 33 : 34}: ${op} must be a ${min ? 'positive' : 'non-negative'} number.`
      : Number.isSafeInteger(n)
        ? undefined
        : `WDE0035: ${op} must be an integer.`;

/** A reference end: a non-empty id string or an item object with `_id`. */
export const reference = (value: unknown): Check =>
  (isString(value) && value) || (isObject(value) && '_id' in value) ? undefined : 'WDE0019: Invalid reference.';

/** The checks every call makes: collection name, options, then the call's own (first failure thrown). */
export const check = (coll: unknown, opts: unknown, ...more: (Check | false)[]): void =>
  assert(collection(coll), options(opts), ...more);
