/**
 * Collections a module writes itself (audit V5-5). The shop's `Orders` hold priced lines, a status and the
 * stock they took; they change only through the shop's rules (shop/order-status.ts: allowed transitions, the
 * history row, the shopper's mail, the webhook events, stock returned once). The data service reads them under
 * their collection permissions and refuses every write to them, whoever asks (owners, editors, the admin key),
 * in `authorizeWrite` (permissions.ts), which every write path calls: the data API and its bulk routes,
 * references, GraphQL mutations, the console's collections routes and its CSV import. A new path that writes
 * through the data service inherits the refusal.
 *
 * Until commerce has a model of its own, these are ordinary collections of the site's config, so a site
 * without a shop may still name one of its own collections "Orders" and write it.
 */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import { appError } from '../errors/catalogue.js';
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

/** The collections the shop works on (shop/checkout.ts names them from here). */
export const SHOP_COLLECTIONS = { products: 'Products', cart: 'Cart', orders: 'Orders' } as const;

/** A site is a shop when it declares the three collections checkout needs (the shop API's own test). */
export function hasShop(site: Pick<SiteConfig, 'collections'>): boolean {
  const ids = new Set(site.collections.map((c) => c.id));
  return Object.values(SHOP_COLLECTIONS).every((id) => ids.has(id));
}

/** What changes a module's collection instead of the data API, for the refusal's words; undefined when writable. */
export function moduleWriter(site: Pick<SiteConfig, 'collections'>, collectionId: string): string | undefined {
  if (collectionId === SHOP_COLLECTIONS.orders && hasShop(site))
    return 'Orders change through checkout and the orders API (POST /_admin/v1/orders/{id}/status), not the data API.';
  return undefined;
}

/**
 * Throws COLLECTION_READ_ONLY (403) for a write to a module's collection; for a collection a module serves
 * (`Stores/Products`), Wix's own refusal of a write to an app collection: WDE0027 (403), whoever asks.
 */
export function refuseModuleWrite(
  scope: { site: Pick<SiteConfig, 'collections'>; modules?: readonly ModuleCollection[] | undefined },
  collectionId: string,
  operation: Operation,
): void {
  if (moduleCollectionOf(scope, collectionId)) throw dataErrors.forbidden(collectionId, operation);
  const { site } = scope;
  const writer = moduleWriter(site, collectionId);
  if (writer)
    throw appError('COLLECTION_READ_ONLY', {
      description: `The ${collectionId} collection is read-only here. ${writer}`,
      data: { collectionId },
    });
}
