/**
 * Products as the catalog held them at a version (migration 102), kept parsed per site, so the current cart (read on
 * every page view) prices its lines without reading and parsing the same products again (issue #54). The cart's
 * own statement reads the site's version beside the cart (carts/current-cart.ts); products kept under that version
 * are the catalog at that moment, on any instance, and a product missing from them is read with the version in the
 * same statement, so nothing is ever kept under a version it does not belong to. A write to the catalog anywhere
 * (a price, stock from an order, a translation, a deletion) is a new version, and the site's kept products start
 * over.
 *
 * Who drives it: any shopper reading a cart; a cart's lines name products that existed when they were added, so
 * what is kept is bounded by the catalog, and in all by CHAR_BUDGET characters of product text (least recently
 * used site out first, or the site's products start over).
 */
import type { Queryable } from '../../store/types.js';
import { PRODUCT_SELECT, productFromRow, type ProductSelectRow } from './store.js';
import type { Product } from './types.js';

/** About 4 million characters of product text (a few thousand products, some tens of MB parsed). */
const CHAR_BUDGET = 4_000_000;

interface SiteProducts {
  version: string;
  products: Map<string, Product>;
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
  private readonly sites = new Map<string, SiteProducts>();
  private chars = 0;

  /**
   * The products of `ids` that exist, in no particular order, at `version` (the site's version as the caller's
   * statement read it; undefined: nothing kept, read as before).
   */
  async products(db: Queryable, siteId: string, version: string | undefined, ids: readonly string[]) {
    let site = version === undefined ? undefined : this.sites.get(siteId);
    if (site && site.version !== version) {
      this.forget(siteId, site);
      site = undefined;
    }
    const found: Product[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const product = site?.products.get(id);
      if (product) found.push(product);
      else missing.push(id);
    }
    if (site) this.touch(siteId, site);
    if (!missing.length) return found;
    const read = await loadProductsAt(db, siteId, missing);
    const loaded = read.rows.map(productFromRow);
    if (read.version !== undefined && read.version === version) {
      site ??= this.start(siteId, read.version);
      read.rows.forEach((row, i) => this.keep(siteId, site!, loaded[i]!, row.doc.length));
    }
    return [...found, ...loaded];
  }

  private start(siteId: string, version: string): SiteProducts {
    const site = { version, products: new Map<string, Product>(), chars: 0 };
    this.sites.set(siteId, site);
    return site;
  }

  private keep(siteId: string, site: SiteProducts, product: Product, chars: number): void {
    if (chars > CHAR_BUDGET / 16) return;
    for (const [otherId, other] of this.sites) {
      if (this.chars + chars <= CHAR_BUDGET || otherId === siteId) break;
      this.forget(otherId, other);
    }
    // Still over: this site's own products start over.
    if (this.chars + chars > CHAR_BUDGET) {
      this.chars -= site.chars;
      site.products.clear();
      site.chars = 0;
    }
    site.products.set(product.id, product);
    site.chars += chars;
    this.chars += chars;
  }

  /** Most recently used last: a Map iterates in insertion order. */
  private touch(siteId: string, site: SiteProducts): void {
    this.sites.delete(siteId);
    this.sites.set(siteId, site);
  }

  private forget(siteId: string, site: SiteProducts): void {
    this.sites.delete(siteId);
    this.chars -= site.chars;
  }

  /** How many products are kept and their characters (tests). */
  stats() {
    let products = 0;
    for (const site of this.sites.values()) products += site.products.size;
    return { products, chars: this.chars };
  }
}

const byServer = new WeakMap<object, KeptProducts>();

/** The kept products of the server whose context is `ctx`. */
export function keptProducts(ctx: object): KeptProducts {
  let kept = byServer.get(ctx);
  if (!kept) byServer.set(ctx, (kept = new KeptProducts()));
  return kept;
}
