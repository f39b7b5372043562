/** GraphQL names of a site's collections: `Products` → type `Products`, root fields `products` / `productsById`. */
import type { CollectionConfig } from '../config/types.js';

/** Type and field names the schema defines itself; a collection may not take them. */
const RESERVED_TYPES = new Set([
  'Query',
  'Mutation',
  'JSON',
  'Sort',
  'SortOrder',
  'Cursors',
  'PagingMetadata',
  'Member',
  'Item',
  'ItemPage',
  'String',
  'Int',
  'Float',
  'Boolean',
  'ID',
]);
const RESERVED_FIELDS = new Set(['me', 'items', 'item', 'insertItem', 'updateItem', 'removeItem']);

export interface CollectionNames {
  type: string;
  /** The input object of its insert / update mutations (inputs.ts). */
  input: string;
  page: string;
  list: string;
  byId: string;
  insert: string;
  update: string;
  remove: string;
}

function pascal(id: string): string {
  const clean = id.replace(/[^A-Za-z0-9_]/g, '_');
  const start = /^[A-Za-z]/.test(clean) ? clean : `C_${clean}`;
  return start[0]!.toUpperCase() + start.slice(1);
}

export function collectionNames(collection: CollectionConfig): CollectionNames {
  const type = pascal(collection.id);
  const list = type[0]!.toLowerCase() + type.slice(1);
  return {
    type,
    input: `${type}Input`,
    page: `${type}Page`,
    list,
    byId: `${list}ById`,
    insert: `insert${type}`,
    update: `update${type}`,
    remove: `remove${type}`,
  };
}

/** The names of every typed collection, or an error naming the two collections that would share one. */
export function siteNames(siteId: string, collections: readonly CollectionConfig[]): Map<string, CollectionNames> {
  const out = new Map<string, CollectionNames>();
  const taken = new Map<string, string>();
  for (const c of collections) {
    if (!c.fields) continue;
    const names = collectionNames(c);
    for (const name of [
      names.type,
      names.input,
      names.page,
      names.list,
      names.byId,
      names.insert,
      names.update,
      names.remove,
    ]) {
      const owner =
        taken.get(name) ??
        (RESERVED_TYPES.has(name) || RESERVED_FIELDS.has(name) ? 'the GraphQL schema itself' : undefined);
      if (owner)
        throw new Error(
          `Site "${siteId}": collection "${c.id}" would take the GraphQL name "${name}", already used by ${owner}; rename the collection`,
        );
      taken.set(name, `collection "${c.id}"`);
    }
    out.set(c.id, names);
  }
  return out;
}
