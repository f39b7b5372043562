/**
 * Whole list answers of the Stores wire (catalog v1 and v3 pages) kept as bytes, each under the site's catalog
 * version it was read at (migration 102: a random version the database gives the site in the same transaction as
 * any write to its products, variants, stock, prices, collections or translations). A repeated page then costs one
 * indexed read of the version and a send of bytes already written: no page statement, no shaping, no serialising
 * (issue #54: the catalog at the data API's pace).
 *
 * Never stale, on one instance or many: an instance compares the version the database holds now with the one its
 * answer was read at, and a page is read in one statement with its version (findProductRows `withVersion`), so what
 * is kept under a version is exactly the catalog of that version. The key holds everything else an answer depends
 * on: the site, the wire and its fields, the reader's currency, language, public URL and shopper-or-key, and the
 * request's query as sent (filter, sort, paging, cursor, `includeHiddenProducts`).
 *
 * Who drives it: any shopper listing products, with any query. Bounded: MAX_ENTRIES answers and BYTE_BUDGET bytes
 * in all, least recently used out first; a query longer than MAX_KEY characters or an answer over a sixteenth of
 * the budget is never kept. A stranger sending distinct queries only cycles entries, and each miss costs what every request
 * cost before (plus the version read when an older answer to the same query is kept).
 */
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../store/types.js';

const MAX_ENTRIES = 1000;
/** 16 MB of answers: about 400 v1 pages of 12 products, or 40 of 100. */
const BYTE_BUDGET = 16_000_000;
const MAX_KEY = 4000;

interface KeptPage {
  version: string;
  body: Buffer;
}

/** The site's catalog version now; undefined before the site's catalog was ever written (nothing is then kept). */
export async function catalogVersion(db: Queryable, siteId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ version: string }>(
    'select version::text as version from commerce_catalog_versions where site_id = $1',
    [siteId],
  );
  return rows[0]?.version;
}

/** The content type of a kept answer, sent as it is (no response serialiser runs on a Buffer). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The answer `pages` kept for `key`, when it was read at the site's catalog version now (one indexed read; none
 * when nothing is kept for the key, so a query seen for the first time costs what it did before).
 */
export async function keptAnswer(
  pages: CatalogPages,
  reader: { db: Queryable; site: { id: string } },
  key: string,
): Promise<Buffer | undefined> {
  if (!pages.has(key)) return undefined;
  const version = await catalogVersion(reader.db, reader.site.id);
  return version === undefined ? undefined : pages.kept(key, version);
}

/**
 * The key of a list request, or undefined when it is too long to keep. `context` names what the answer reads of
 * the caller (reader.ts readerContext, the wire, its fields); `input` is the request's query as the route read it.
 */
export function pageKey(siteId: string, context: string, input: unknown): string | undefined {
  let query: string;
  try {
    query = JSON.stringify(input);
  } catch {
    // Looked up before the query is read (a hit skips reading it): a body nested past the stack (the route fuzz
    // sends 100,000 levels) cannot be a key. Not kept; reading it refuses it with a 400 as before.
    return undefined;
  }
  const key = `${siteId}\n${context}\n${query}`;
  return key.length <= MAX_KEY ? key : undefined;
}

/** One server's kept pages (one per AppContext: two instances in one test process keep their own). */
export class CatalogPages {
  // lru-cache holds the bounds: entries, bytes (key and body), an entry's largest size; least recently used out.
  private readonly pages: LRUCache<string, KeptPage>;
  private hits = 0;

  constructor(limits = { entries: MAX_ENTRIES, bytes: BYTE_BUDGET }) {
    this.pages = new LRUCache<string, KeptPage>({
      max: limits.entries,
      maxSize: limits.bytes,
      maxEntrySize: limits.bytes / 16,
      sizeCalculation: (page, key) => key.length * 2 + page.body.length,
    });
  }

  has(key: string): boolean {
    return this.pages.has(key);
  }

  /** The answer kept for `key` when it was read at `version`, the site's version now. */
  kept(key: string, version: string): Buffer | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.version !== version) {
      this.pages.delete(key);
      return undefined;
    }
    this.hits++;
    return page.body;
  }

  /** Keeps `answer`, read at `version`, for `key` (unless too large); returns its bytes to send. */
  keep(key: string, version: string | undefined, answer: string): Buffer {
    const body = Buffer.from(answer);
    if (version !== undefined) this.pages.set(key, { version, body });
    return body;
  }

  /** How many answers are kept, their bytes, and how many requests they answered (tests). */
  stats() {
    return { entries: this.pages.size, bytes: this.pages.calculatedSize, hits: this.hits };
  }
}

const byServer = new WeakMap<object, CatalogPages>();

/** The kept pages of the server whose context is `ctx`. */
export function catalogPages(ctx: object): CatalogPages {
  let pages = byServer.get(ctx);
  if (!pages) byServer.set(ctx, (pages = new CatalogPages()));
  return pages;
}
