/**
 * Products as the catalog held them at a version (migration 102), kept parsed per site, so the current cart (read on
 * every page view) prices its lines without reading and parsing the same products again (issue #54). The cart's
 * own statement reads the site's version beside the cart (carts/current-cart.ts); products kept under that version
 * are the catalog at that moment, on any instance, and a product missing from them is read with the version in the
 * same statement, so nothing is ever kept under a version it does not belong to. A write to the catalog anywhere
 * (a price, stock from an order, a translation, a deletion) is a new version: the site's kept products are then
 * read again, each at most once per version.
 *
 * Who drives it: any shopper reading a cart; a cart's lines name products that existed when they were added, so
 * what is kept is bounded by the catalog, and in all by CHAR_BUDGET characters of product text (lru-cache: least
 * recently used out first; a product kept at an older version is read again and replaces it).
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../store/types.js';
import { PRODUCT_SELECT, productFromRow, type ProductSelectRow } from './store.js';
import type { Product } from './types.js';

/** About 4 million characters of product text (a few thousand products, some tens of MB parsed). */
const CHAR_BUDGET = 4_000_000;

interface KeptProduct {
  /** The site's catalog version the product was read at. */
  version: string;
  product: Product;
  /** Characters of its stored text: what it costs to keep. */
  chars: number;
}

/** Products by id read with the site's catalog version in the same statement (unknown ids left out). */
async function loadProductsAt(
  db: Queryable,
  siteId: string,
  ids: readonly string[],
): Promise<{ rows: ProductSelectRow[]; version: string | undefined }> {
  const { rows } = await db.query<ProductSelectRow & { catalog_version: string | null }>(
    `select (select v.version::text from commerce_catalog_versions v where v.site_id = $1) as catalog_version,
       ${PRODUCT_SELECT} from commerce_products p
     where p.site_id = $1 and p.id in (select jsonb_array_elements_text($2::jsonb))`,
    [siteId, JSON.stringify(ids)],
  );
  return { rows, version: rows[0]?.catalog_version ?? undefined };
}

/** One server's kept products (one per AppContext: two instances in one test process keep their own). */
export class KeptProducts {
  // Keyed by site and product; one read at an older version than the caller's is not used and is replaced.
  private readonly kept = new LRUCache<string, KeptProduct>({
    maxSize: CHAR_BUDGET,
    maxEntrySize: CHAR_BUDGET / 16,
    sizeCalculation: (entry) => Math.max(1, entry.chars),
  });

  /**
   * The products of `ids` that exist, in no particular order, at `version` (the site's version as the caller's
   * statement read it; undefined: nothing kept, read as before).
   */
  async products(db: Queryable, siteId: string, version: string | undefined, ids: readonly string[]) {
    const found: Product[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const entry = version === undefined ? undefined : this.kept.get(`${siteId}\n${id}`);
      if (entry && entry.version === version) found.push(entry.product);
      else missing.push(id);
    }
    if (!missing.length) return found;
    const read = await loadProductsAt(db, siteId, missing);
    const loaded = read.rows.map(productFromRow);
    if (read.version !== undefined && read.version === version)
      read.rows.forEach((row, i) =>
        this.kept.set(`${siteId}\n${loaded[i]!.id}`, {
          version: read.version!,
          product: loaded[i]!,
          chars: row.doc.length,
        }),
      );
    return [...found, ...loaded];
  }

  /** How many products are kept and their characters (tests). */
  stats() {
    return { products: this.kept.size, chars: this.kept.calculatedSize };
  }
}

const byServer = new WeakMap<object, KeptProducts>();

/** The kept products of the server whose context is `ctx`. */
export function keptProducts(ctx: object): KeptProducts {
  let kept = byServer.get(ctx);
  if (!kept) byServer.set(ctx, (kept = new KeptProducts()));
  return kept;
}
