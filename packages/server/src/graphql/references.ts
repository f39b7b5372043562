/**
 * References without N+1: one DataLoader per (collection, field) and request collects every item of a level
 * whose reference is asked for and resolves them in one call to the data service's `includeReferences` (the
 * REST `includeReferences` code, with its permission filter), so a level costs the same few statements
 * whether it holds one item or a thousand.
 */
import DataLoader from 'dataloader';
import type { CollectionConfig } from '../config/types.js';
import { isDateValue, isPlainObject, type Json, type JsonObject } from '../data/json.js';
import { MAX_LIMIT } from '../data/paging.js';
import { includeReferences } from '../data/references.js';
import type { DataScope } from '../data/scope.js';

export class ReferenceLoaders {
  private readonly loaders = new Map<string, DataLoader<JsonObject, Json | undefined>>();

  constructor(private readonly scope: DataScope) {}

  private loader(collection: CollectionConfig, field: string): DataLoader<JsonObject, Json | undefined> {
    const key = `${collection.id}\u0000${field}`;
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new DataLoader(
        async (parents: readonly JsonObject[]) => {
          const resolved = await includeReferences(this.scope, collection, [...parents], [{ field, limit: MAX_LIMIT }]);
          return resolved.map((d) => d[field]);
        },
        // Parents are item objects: batching is the point, caching them by identity would buy nothing.
        { cache: false, maxBatchSize: MAX_LIMIT },
      );
      this.loaders.set(key, loader);
    }
    return loader;
  }

  /** The referenced item, or null when it is missing or the caller may not read it. */
  async one(collection: CollectionConfig, field: string, parent: JsonObject): Promise<JsonObject | null> {
    if (parent[field] == null) return null;
    const value = await this.loader(collection, field).load(parent);
    return isItem(value) ? value : null;
  }

  /** The referenced items the caller may read, in reference order. */
  async many(collection: CollectionConfig, field: string, parent: JsonObject): Promise<JsonObject[]> {
    const value = await this.loader(collection, field).load(parent);
    return Array.isArray(value) ? value.filter(isItem) : [];
  }
}

const isItem = (value: Json | undefined): value is JsonObject => isPlainObject(value) && !isDateValue(value) && typeof value._id === 'string';
