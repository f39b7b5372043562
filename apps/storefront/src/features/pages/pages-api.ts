import type { ShopClient } from '../../app/shop-client.js';

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
export async function fetchPageLinks(client: ShopClient): Promise<PageLink[]> {
  const result = await client.items
    .query<ShopPage>(PAGES)
    .isNotEmpty('position')
    .ascending('position', 'title')
    .fields('slug', 'title')
    .limit(20)
    .find()
    .catch(() => undefined);
  return (result?.items ?? [])
    .filter((page) => typeof page.slug == 'string' && page.slug != '' && typeof page.title == 'string')
    .map(({ slug, title }) => ({ slug, title }));
}

/** The page at `/pages/<slug>`; null when there is none, also when the site has no `Pages` collection at all. */
export async function fetchPageBySlug(client: ShopClient, slug: string): Promise<ShopPage | null> {
  try {
    const result = await client.items.query<ShopPage>(PAGES).eq('slug', slug).limit(1).find();
    return result.items[0] ?? null;
  } catch (error) {
    if (noSuchCollection(error)) return null;
    throw error;
  }
}

// WDE0025 from the data API; a 404 status from the server's in-process reads (a query of a collection that exists
// answers 200, with or without items).
function noSuchCollection(error: unknown): boolean {
  const e = error as { status?: unknown; details?: { applicationError?: { code?: unknown } } } | null;
  return e?.details?.applicationError?.code == 'WDE0025' || e?.status == 404;
}
