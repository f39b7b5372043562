/**
 * The shop's information pages, read from the data API's `Pages` collection with plain wire queries
 * (`POST /wix-data/v2/items/query`, the shopper's language beside them): the footer shows their links on every
 * page, so the data module's query builder stays out of the first load.
 */
import type { ShopClient } from '../../app/shop-client.js';

/** What the pages' reads need: the client's authenticated request and the shopper's language. */
export type PagesClient = Pick<ShopClient, 'request' | 'language'>;

async function queryPages<T>(client: PagesClient, query: Record<string, unknown>): Promise<T[]> {
  const answer = await client.request<{ dataItems?: { data: T }[] }>({
    method: 'POST',
    path: '/wix-data/v2/items/query',
    body: { dataCollectionId: PAGES, query, ...(client.language ? { language: client.language } : {}) },
  });
  return (answer.dataItems ?? []).map((item) => item.data);
}

/** The shop's information pages (read: ANYONE); `title` and `body` are translatable. */
export const PAGES = 'Pages';

/** An information page: about, delivery and returns, contact… at `/pages/<slug>`. */
export interface ShopPage {
  _id: string;
  slug: string;
  title: string;
  /** Rich text (HTML), shown through `RichText`'s allowlist. */
  body?: string;
  /** Its place among the footer links; a page without one is not linked. */
  position?: number;
}

export type PageLink = Pick<ShopPage, 'slug' | 'title'>;

/** The footer's links: pages with a position, in order; none when the site has no `Pages` collection. */
export async function fetchPageLinks(client: PagesClient): Promise<PageLink[]> {
  const items = await queryPages<ShopPage>(client, {
    filter: { position: { $ne: null } },
    sort: [
      { fieldName: 'position', order: 'ASC' },
      { fieldName: 'title', order: 'ASC' },
    ],
    fields: ['slug', 'title'],
    paging: { limit: 20 },
  }).catch(() => []);
  return items
    .filter((page) => typeof page.slug == 'string' && page.slug != '' && typeof page.title == 'string')
    .map(({ slug, title }) => ({ slug, title }));
}

/** The page at `/pages/<slug>`; null when there is none, also when the site has no `Pages` collection at all. */
export async function fetchPageBySlug(client: PagesClient, slug: string): Promise<ShopPage | null> {
  try {
    const items = await queryPages<ShopPage>(client, { filter: { slug: { $eq: slug } }, paging: { limit: 1 } });
    return items[0] ?? null;
  } catch (error) {
    if (noSuchCollection(error)) return null;
    throw error;
  }
}

// WDE0025 from the data API (the SDK's error code); a 404 status from the server's in-process reads (a query of a
// collection that exists answers 200, with or without items).
function noSuchCollection(error: unknown): boolean {
  const e = error as { status?: unknown; code?: unknown } | null;
  return e?.code == 'WDE0025' || e?.status == 404;
}
