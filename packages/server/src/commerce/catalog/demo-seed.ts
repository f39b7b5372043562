/**
 * Seeds the demo shop (demo-shop.ts) into the commerce tables at start, for every site whose config asks for it
 * (`sites[].shop.demoCatalog`, set on the demo site), once. "Once" is
 * the catalog being empty (no product and no collection): the check and the writes share one transaction under
 * a lock of the site's, so two instances starting together seed it exactly once, and a restart leaves whatever
 * owners have made of it. A shop whose owner emptied the catalog entirely gets the demo back on the next start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SiteConfig } from '../../config/types.js';
import type { Database, Queryable } from '../../store/types.js';
import { createDiscount } from '../discounts/store.js';
import { toMinor } from '../money.js';
import { commerceSettings } from '../settings.js';
import { demoShop } from './demo-shop.js';
import { addToCollection, saveCollection } from './collection-store.js';
import { saveProduct } from './store.js';

/** Whether a site gets the demo shop: `sites[].shop.demoCatalog` (the demo site, or a copy of its config). */
export function seedsDemoCatalog(site: Pick<SiteConfig, 'shop'>): boolean {
  return site.shop?.demoCatalog === true;
}

/** The demo's discount code (README, docs/commerce.md → The demo shop): 10 % off from 30 in the shop's currency. */
export const DEMO_DISCOUNT_CODE = 'WELCOME10';

async function seedDemoDiscount(tx: Queryable, siteId: string, currency: string, now: number) {
  const input = {
    code: DEMO_DISCOUNT_CODE,
    kind: 'percentage' as const,
    value: 10,
    minSubtotal: toMinor(30, currency),
  };
  // An owner who kept the code while emptying the catalog keeps theirs (createDiscount refuses a taken code).
  await createDiscount(
    tx,
    siteId,
    { ...input, startsAt: null, endsAt: null, usageLimit: null, active: true },
    now,
  ).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'DISCOUNT_CODE_EXISTS') throw error;
  });
}

export interface SeedDeps {
  db: Database;
  sites: readonly SiteConfig[];
  now: () => number;
  log: FastifyBaseLogger;
}

export async function seedDemoShops({ db, sites, now, log }: SeedDeps): Promise<void> {
  for (const site of sites) {
    if (!seedsDemoCatalog(site)) continue;
    const seeded = await db.transaction(async (tx) => {
      await tx.query(`select 1 from (select pg_advisory_xact_lock(hashtext('commerce-demo-shop:' || $1))) as locked`, [
        site.id,
      ]);
      const { rows } = await tx.query<{ empty: boolean }>(
        `select not exists (select 1 from commerce_products where site_id = $1)
           and not exists (select 1 from commerce_collections where site_id = $1) as empty`,
        [site.id],
      );
      if (!rows[0]?.empty) return false;
      const shop = demoShop(site.id, commerceSettings(site).currency);
      const start = now();
      // A second apart, oldest first, so "newest" and numericId order the demo as its catalog lists it.
      const count = shop.products.length;
      for (const [i, product] of shop.products.entries())
        await saveProduct(tx, site.id, product, start - (count - i) * 1000);
      const idOf = new Map(shop.products.map((p) => [p.slug, p.id]));
      for (const collection of shop.collections) {
        await saveCollection(tx, site.id, collection, start);
        await addToCollection(
          tx,
          site.id,
          collection.id,
          collection.productSlugs.map((slug) => idOf.get(slug)!),
        );
      }
      await seedDemoDiscount(tx, site.id, commerceSettings(site).currency, start);
      return true;
    });
    if (seeded) log.info({ site: site.id }, 'demo shop seeded into the commerce catalog');
  }
}
