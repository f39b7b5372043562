/**
 * What the sitemap lists, read through the data service exactly as an anonymous visitor would read it (the
 * data API's permission check included): a collection a visitor may not read lists nothing, and no item
 * outside a visitor's view ever appears. Products are read in keyset pages (data/keyset.ts), so a shop of a
 * million products is walked a thousand at a time and never held in memory.
 */
import type { CollectionConfig, SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import type { Caller } from '../http/caller.js';
import {
  cursorKeyFrom,
  distinctValues,
  queryItems,
  authorize,
  dataReadLimits,
  dataDatabase,
  type DataScope,
} from '../data/index.js';

export const PRODUCTS = 'Products';
/** The shop's information pages (about, delivery, contact…): a handful, listed with the catalog's pages. */
export const INFO_PAGES = 'Pages';
/** The sitemaps.org limit of one file, and our default. */
export const MAX_URLS_PER_SITEMAP = 50_000;
const BATCH = 1000;

/** An item with a page of its own (a product, an information page): its slug and when it last changed. */
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
 * The pages of a collection's items (one products file of the sitemap): at most `count` items from `cursor` (the
 * start of the collection when absent), a batch at a time. An item without a slug has no page and is skipped (its
 * place still counts, so every file's start stays where the index put it).
 */
export async function* pagesFrom(
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

export interface ProductFiles {
  /** Where each file starts: `undefined` for the first, then the data service's cursor after every `perFile` items. */
  starts: (string | undefined)[];
  /** Items read (those without a slug included). */
  count: number;
}

/** Walks the products once, reading only ids a batch at a time; the answer holds one cursor per file. */
export async function productFiles(
  scope: DataScope,
  collection: CollectionConfig,
  perFile: number,
): Promise<ProductFiles> {
  const starts: (string | undefined)[] = [undefined];
  let at: string | undefined;
  let inFile = 0;
  let count = 0;
  for (;;) {
    const limit = Math.min(BATCH, perFile - inFile);
    const batch = await itemBatch(scope, collection, at, limit, ['_id']);
    inFile += limit;
    count += batch.read;
    if (!batch.next) return { starts, count };
    at = batch.next;
    if (inFile === perFile) {
      starts.push(at);
      inFile = 0;
    }
  }
}

/** The first `max` items with a slug of a small collection (the information pages), as a visitor reads them. */
export async function slugsOf(scope: DataScope, collection: CollectionConfig, max: number): Promise<SitemapPage[]> {
  const found: SitemapPage[] = [];
  if (max > 0) for await (const page of pagesFrom(scope, collection, undefined, max)) found.push(page);
  return found;
}

/** The category ids products hold, as a visitor reads them, at most `max`. */
export async function categoryIds(scope: DataScope, collection: CollectionConfig, max: number): Promise<string[]> {
  const ids: string[] = [];
  const { maxOffset } = scope.readLimits ?? { maxOffset: 10_000 };
  for (let offset = 0; ids.length < max && offset <= maxOffset; offset += BATCH) {
    const limit = Math.min(BATCH, max - ids.length);
    const page = await distinctValues(scope, collection, { fieldName: 'category', paging: { limit, offset } });
    for (const v of page.distinctValues) if (typeof v === 'string' && v !== '') ids.push(v);
    if (!page.pagingMetadata.hasNext) break;
  }
  return ids;
}
