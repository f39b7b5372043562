/**
 * Collections a module serves from its own tables through the data service, read-only (audit V5-5: an editor
 * rewrote orders and stock while they were content). The data service reads them under the module's rules and
 * refuses every write to them, whoever asks, in `authorizeWrite` (permissions.ts), which every write path calls:
 * the data API and its bulk routes, references, GraphQL mutations, the console's collections routes and its CSV
 * import. A new path that writes through the data service inherits the refusal.
 */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import { dataErrors, type Operation } from './errors.js';
import type { JsonObject } from './json.js';

/**
 * A collection a module serves from its own tables through the data service, read-only, as Wix serves its apps'
 * collections (`Stores/Products` from the commerce module): the data service keeps its wire, filters, sorts,
 * paging and errors (module-reads.ts), the module says what the items are. Plugged in at start
 * (`AppContext.moduleCollections`, app.ts); a collection of the same id in the site's config wins.
 */
export interface ModuleCollection {
  id: string;
  /** At most this many items a page (Wix: 100 for its apps' collections). */
  maxLimit: number;
  /**
   * Every item of the site the reader may see, as data items (system fields included, dates as `{$date}`), in
   * `language` when the module keeps translations. `admin`: a site API key or the admin key (hidden items too).
   */
  items(read: { db: Database; site: SiteConfig; admin: boolean; language: string | undefined }): Promise<JsonObject[]>;
}

/** How the data service sees a module's collection: anyone reads it; writes are refused (refuseModuleWrite). */
export const moduleCollectionConfig = (module: ModuleCollection): CollectionConfig => ({
  id: module.id,
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  seed: [],
});

/** The module serving `collectionId` for this site, unless the site's config declares a collection of that id. */
export function moduleCollectionOf(
  scope: { site: Pick<SiteConfig, 'collections'>; modules?: readonly ModuleCollection[] | undefined },
  collectionId: string,
): ModuleCollection | undefined {
  if (scope.site.collections.some((c) => c.id === collectionId)) return undefined;
  return scope.modules?.find((m) => m.id === collectionId);
}

/** For a collection a module serves (`Stores/Products`), Wix's own refusal of a write to an app collection: WDE0027 (403), whoever asks. */
export function refuseModuleWrite(
  scope: { site: Pick<SiteConfig, 'collections'>; modules?: readonly ModuleCollection[] | undefined },
  collectionId: string,
  operation: Operation,
): void {
  if (moduleCollectionOf(scope, collectionId)) throw dataErrors.forbidden(collectionId, operation);
}
