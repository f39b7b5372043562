/** The per-request context of the data service and the small request-reading helpers every endpoint shares. */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import type { Caller } from '../http/caller.js';
import { invalidField } from '../errors/wire.js';
import type { Database } from '../store/types.js';
import { dataErrors } from './errors.js';
import { isPlainObject, normalizeJson } from './json.js';
import type { DataReadLimits } from './read-limits.js';
import { moduleCollectionConfig, moduleCollectionOf, type ModuleCollection } from './module-collections.js';

export interface DataScope {
  db: Database;
  site: SiteConfig;
  caller: Caller;
  now: () => number;
  /** HMAC key that signs paging cursors (shared by every instance of one deployment). */
  cursorKey: Buffer;
  /** Where background failures (on-demand index builds) are reported. */
  log?: { warn(details: object, message: string): void; debug?(details: object, message: string): void };
  /** Counts a heavy read against the caller's per-address limit (throws 429); absent outside HTTP. */
  throttleHeavyRead?: () => Promise<void>;
  /** The count bound and the offset window (data/read-limits.ts); absent means the defaults. */
  readLimits?: DataReadLimits;
  /** Collections modules serve through the data service (module-collections.ts), e.g. `Stores/Products`. */
  modules?: readonly ModuleCollection[] | undefined;
}

export const MAX_ID_LENGTH = 256;

export type Body = Record<string, unknown>;

export function asBody(value: unknown, where = 'body'): Body {
  if (!isPlainObject(value)) throw invalidField(where, 'must be a JSON object');
  return value;
}

export function collectionOf(scope: DataScope, body: Body): CollectionConfig {
  const id = body.dataCollectionId;
  if (typeof id !== 'string' || id === '')
    throw invalidField('dataCollectionId', 'must be a non-empty string', 'REQUIRED');
  const collection = scope.site.collections.find((c) => c.id === id);
  if (collection) return collection;
  const module = moduleCollectionOf(scope, id);
  if (module) return moduleCollectionConfig(module);
  throw dataErrors.unknownCollection(id);
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw invalidField(field, 'must be a non-empty string', 'REQUIRED');
  return value;
}

/** An item id: a non-empty string of at most 256 characters that the database can store. */
export function itemId(value: unknown, field: string): string {
  const id = requireString(value, field);
  if (id.length > MAX_ID_LENGTH) throw invalidField(field, `must be at most ${MAX_ID_LENGTH} characters`);
  normalizeJson(id, field);
  return id;
}

export function optionalBoolean(value: unknown, field: string): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalidField(field, 'must be true or false');
  return value;
}

/** A list of field names (`fields`, `referringItemIds`…): a string or an array of strings. */
export function stringList(value: unknown, field: string, max = 1000): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((v) => typeof v !== 'string'))
    throw invalidField(field, 'must be an array of strings');
  if (list.length > max) throw invalidField(field, `must have at most ${max} entries`);
  list.forEach((v, i) => normalizeJson(v, `${field}[${i}]`));
  return list as string[];
}
