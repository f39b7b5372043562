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
import type { SiteConfig } from '../config/types.js';
import { appError } from '../errors/catalogue.js';

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

/** Throws COLLECTION_READ_ONLY (403) for a write to a module's collection. */
export function refuseModuleWrite(site: Pick<SiteConfig, 'collections'>, collectionId: string): void {
  const writer = moduleWriter(site, collectionId);
  if (writer)
    throw appError('COLLECTION_READ_ONLY', {
      description: `The ${collectionId} collection is read-only here. ${writer}`,
      data: { collectionId },
    });
}
