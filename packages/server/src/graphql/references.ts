/**
 * References without N+1: one DataLoader per (collection, field) and request collects every item of a level
 * whose reference is asked for and resolves them in one call to the data service's `includeReferences` (the
 * REST `includeReferences` code, with its permission filter), so a level costs the same few statements
 * whether it holds one item or a thousand.
 */
import DataLoader from 'dataloader';
import type { CollectionConfig } from '../config/types.js';
import {
  isDateValue,
  isPlainObject,
  type Json,
  type JsonObject,
  MAX_LIMIT,
  includeReferences,
  type DataScope,
} from '../data/index.js';

export class ReferenceLoaders {
  private readonly loaders = new Map<string, DataLoader<JsonObject, Json | undefined>>();
  /** The `language` argument an item was read with: its referenced items are shown in it too. */
  private readonly languages = new WeakMap<JsonObject, string>();

  constructor(private readonly scope: DataScope) {}

  /** Records the language these items were read in (nothing without one). */
  remember(items: readonly (JsonObject | null)[], language: unknown): void {
    if (typeof language !== 'string' || language === '') return;
    for (const item of items) if (item) this.languages.set(item, language);
  }

  private loader(
    collection: CollectionConfig,
    field: string,
    language: string | undefined,
  ): DataLoader<JsonObject, Json | undefined> {
    const key = `${collection.id}\u0000${field}\u0000${language ?? ''}`;
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new DataLoader(
        async (parents: readonly JsonObject[]) => {
          const resolved = await includeReferences(
            this.scope,
            collection,
            [...parents],
            [{ field, limit: MAX_LIMIT }],
            language,
          );
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
    const language = this.languages.get(parent);
    const value = await this.loader(collection, field, language).load(parent);
    if (!isItem(value)) return null;
    this.remember([value], language);
    return value;
  }

  /** The referenced items the caller may read, in reference order. */
  async many(collection: CollectionConfig, field: string, parent: JsonObject): Promise<JsonObject[]> {
    const language = this.languages.get(parent);
    const value = await this.loader(collection, field, language).load(parent);
    const items = Array.isArray(value) ? value.filter(isItem) : [];
    this.remember(items, language);
    return items;
  }
}

const isItem = (value: Json | undefined): value is JsonObject =>
  isPlainObject(value) && !isDateValue(value) && typeof value._id === 'string';
