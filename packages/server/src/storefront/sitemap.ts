/**
 * The information pages of the sitemap, read through the data service exactly as an anonymous visitor would read
 * them (the data API's permission check included): a collection a visitor may not read lists nothing, and no item
 * outside a visitor's view ever appears. The catalog's products and categories come from the commerce module
 * (commerce/catalog/sitemap.ts: visible products only, keyset pages by id).
 */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import { cursorKeyFrom, queryItems, authorize, dataReadLimits, dataDatabase, type DataScope } from '../data/index.js';

/** The shop's information pages (about, delivery, contact…): a handful, listed with the catalog's pages. */
export const INFO_PAGES = 'Pages';
/** The sitemaps.org limit of one file, and our default. */
export const MAX_URLS_PER_SITEMAP = 50_000;
const BATCH = 1000;

/** An item with a page of its own (an information page, a product): its slug and when it last changed. */
export interface SitemapPage {
  slug: string;
  /** `_updatedDate` as ISO 8601. */
  updated: string | undefined;
}

export function visitorScope(ctx: AppContext, site: SiteConfig): DataScope {
  // A crawler holds no token: the most limited caller there is, so AUTHOR and member-only data stay out.
  const caller: Caller = { kind: 'anonymous', siteId: site.id };
  return {
    db: dataDatabase(ctx, caller, 'sitemap'),
    site,
    caller,
    now: ctx.now,
    cursorKey: cursorKeyFrom(ctx.tokens.keys.secretFor('data-cursor')),
    log: ctx.log,
    readLimits: dataReadLimits(),
  };
}

/** The collection, when the scope's caller may read it (the data API's own check); else `undefined`. */
export function readableCollection(scope: DataScope, id: string): CollectionConfig | undefined {
  const collection = scope.site.collections.find((c) => c.id === id);
  if (!collection) return undefined;
  try {
    authorize(collection, 'read', scope.caller);
    return collection;
  } catch {
    return undefined;
  }
}

function dateOf(value: unknown): string | undefined {
  const raw = value && typeof value === 'object' && '$date' in value ? (value as { $date: unknown }).$date : value;
  return typeof raw === 'string' && !Number.isNaN(Date.parse(raw)) ? new Date(raw).toISOString() : undefined;
}

interface ItemBatch {
  pages: SitemapPage[];
  /** Items in the batch, with or without a slug. */
  read: number;
  /** The data service's cursor after this batch, when more items follow. */
  next: string | undefined;
}

async function itemBatch(
  scope: DataScope,
  collection: CollectionConfig,
  cursor: string | undefined,
  limit: number,
  fields: string[],
): Promise<ItemBatch> {
  // No sort: the default order (created, then inserted), whose keyset the (site, collection, created_at, seq) index serves.
  const result = await queryItems(scope, collection, {
    query: { fields, cursorPaging: cursor ? { cursor, limit } : { limit } },
  });
  const pages: SitemapPage[] = [];
  for (const { data } of result.dataItems) {
    if (typeof data.slug === 'string' && data.slug !== '')
      pages.push({ slug: data.slug, updated: dateOf(data._updatedDate) });
  }
  return {
    pages,
    read: result.dataItems.length,
    next: result.pagingMetadata.hasNext ? result.pagingMetadata.cursors.next : undefined,
  };
}

/**
 * The pages of a collection's items: at most `count` items from `cursor` (the start of the collection when absent),
 * a batch at a time. An item without a slug has no page and is skipped.
 */
async function* pagesFrom(
  scope: DataScope,
  collection: CollectionConfig,
  cursor: string | undefined,
  count: number,
): AsyncGenerator<SitemapPage> {
  let left = count;
  let at = cursor;
  let first = true;
  while (left > 0 && (first || at)) {
    first = false;
    const batch = await itemBatch(scope, collection, at, Math.min(BATCH, left), ['slug', '_updatedDate']);
    yield* batch.pages;
    left -= Math.min(BATCH, left);
    at = batch.next;
  }
}

/** The first `max` items with a slug of a small collection (the information pages), as a visitor reads them. */
export async function slugsOf(scope: DataScope, collection: CollectionConfig, max: number): Promise<SitemapPage[]> {
  const found: SitemapPage[] = [];
  if (max > 0) for await (const page of pagesFrom(scope, collection, undefined, max)) found.push(page);
  return found;
}
