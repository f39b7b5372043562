/**
 * `/sitemap.xml` and `/robots.txt` of the storefront (docs/storefront.md → Search engines). Every address is
 * built on the configured public URL; the request's Host header is never read (shop-addresses.ts). The catalog's
 * products and categories come from the commerce module (visible ones only), the information pages from the
 * `Pages` collection as a visitor reads it.
 */
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { categorySlugs, decodeSitemapPosition, productFileStarts, visibleProductPages } from '../commerce/index.js';
import { dataThrottleOf } from '../data/index.js';
import { robotsTxt } from './robots.js';
import * as S from './seo-schemas.js';
import { catalogPath, categoryPath, infoPagePath, productPath, publicOrigin, shopLanguages } from './shop-addresses.js';
import {
  INFO_PAGES,
  MAX_URLS_PER_SITEMAP,
  readableCollection,
  slugsOf,
  visitorScope,
  type SitemapPage,
} from './sitemap.js';
import * as X from './sitemap-xml.js';

// Crawlers come back daily at most; an hour keeps a busy shop from walking its catalog on every fetch.
const CACHE = 'public, max-age=3600';
const PLAN_TTL_MS = 10 * 60_000;

// A shop has a handful of information pages; more than this stay out of the sitemap.
const MAX_INFO_PAGES = 100;
// Products read per query while a file is written.
const BATCH = 1000;

interface ProductFiles {
  /** Where each file starts: undefined for the first, then an opaque position after every `perFile` products. */
  starts: (string | undefined)[];
  count: number;
}

interface Plan {
  categories: string[];
  infoPages: SitemapPage[];
  products: ProductFiles;
}

function send(request: FastifyRequest, reply: FastifyReply, type: string, parts: AsyncIterable<string>) {
  reply.header('content-type', type).header('cache-control', CACHE).header('vary', 'accept-encoding');
  const body = Readable.from(parts);
  // A products file of 50,000 addresses is tens of megabytes of XML and compresses about twentyfold.
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(body.pipe(createGzip()));
}

export const seoRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;
  // The index walks every product id once: kept a while, and shared by the requests that arrive meanwhile.
  const plans = new Map<string, { expires: number; plan: Promise<Plan> }>();
  // A products file reads up to 10,000 items: each counts as one heavy data read of its address (data/throttle.ts).
  const throttle = dataThrottleOf(ctx);

  function context() {
    const site = ctx.sites.get(config.storefront.siteId);
    if (!site) return undefined;
    const languages = shopLanguages(site);
    const perPage = config.sitemapPageSize ?? MAX_URLS_PER_SITEMAP;
    // Each product is one address per language, and all of them go in the same file.
    const productsPerFile = Math.max(1, Math.floor(perPage / languages.all.length));
    const scope = visitorScope(ctx, site);
    return { site, languages, origin: publicOrigin(config.publicUrl), productsPerFile, scope };
  }
  type Context = NonNullable<ReturnType<typeof context>>;

  function planOf(c: Context): Promise<Plan> {
    const key = `${c.site.id}\0${c.languages.all.join(',')}\0${c.productsPerFile}`;
    const cached = plans.get(key);
    if (cached && cached.expires > ctx.now()) return cached.plan;
    const plan = (async (): Promise<Plan> => {
      const pages = readableCollection(c.scope, INFO_PAGES);
      // The pages file holds the catalog, the information pages and the categories, within one file's limit.
      const infoPages = pages ? await slugsOf(c.scope, pages, Math.min(MAX_INFO_PAGES, c.productsPerFile - 1)) : [];
      const room = c.productsPerFile - 1 - infoPages.length;
      return {
        infoPages,
        categories: await categorySlugs(ctx.db, c.site.id, room),
        products: await productFileStarts(ctx.db, c.site.id, c.productsPerFile),
      };
    })();
    plans.set(key, { expires: ctx.now() + PLAN_TTL_MS, plan });
    plan.catch(() => plans.delete(key));
    return plan;
  }

  async function* shopPages(c: Context, plan: Plan) {
    yield X.pageEntries(c.origin, c.languages, catalogPath());
    for (const page of plan.infoPages)
      yield X.pageEntries(c.origin, c.languages, infoPagePath(page.slug), page.updated);
    for (const slug of plan.categories) yield X.pageEntries(c.origin, c.languages, categoryPath(slug));
  }

  /** At most `count` visible products after the product id `afterId` (from the first when undefined). */
  async function* productPages(c: Context, afterId: string | undefined, count: number) {
    let left = count;
    let after = afterId;
    while (left > 0) {
      const batch = await visibleProductPages(ctx.db, c.site.id, after, Math.min(BATCH, left));
      for (const p of batch.pages) yield X.pageEntries(c.origin, c.languages, productPath(p.slug), p.updated);
      if (!batch.lastId || batch.pages.length < Math.min(BATCH, left)) return;
      left -= batch.pages.length;
      after = batch.lastId;
    }
  }

  async function* urlset(pages: AsyncIterable<string>) {
    yield X.URLSET_OPEN;
    yield* pages;
    yield X.URLSET_CLOSE;
  }

  app.get('/sitemap.xml', { schema: S.sitemap }, async (request, reply) => {
    const c = context();
    if (!c) return reply.callNotFound();
    const plan = await planOf(c);
    const shop = 1 + plan.categories.length + plan.infoPages.length;
    if (plan.products.starts.length <= 1 && shop + plan.products.count <= c.productsPerFile) {
      // A shop that fits one file gets one file; what was added since the plan stays within the limit.
      const room = c.productsPerFile - shop;
      async function* all() {
        yield* shopPages(c!, plan);
        if (room > 0) yield* productPages(c!, undefined, room);
      }
      return send(request, reply, 'application/xml; charset=utf-8', urlset(all()));
    }
    async function* index() {
      yield X.INDEX_OPEN;
      yield X.indexEntry(`${c!.origin}/sitemap-pages.xml`);
      for (const start of plan.products.starts)
        yield X.indexEntry(`${c!.origin}/sitemap-products.xml${start ? `?from=${encodeURIComponent(start)}` : ''}`);
      yield X.INDEX_CLOSE;
    }
    return send(request, reply, 'application/xml; charset=utf-8', index());
  });

  app.get('/sitemap-pages.xml', { schema: S.sitemapPages }, async (request, reply) => {
    const c = context();
    if (!c) return reply.callNotFound();
    const plan = await planOf(c);
    return send(request, reply, 'application/xml; charset=utf-8', urlset(shopPages(c, plan)));
  });

  app.get('/sitemap-products.xml', { schema: S.sitemapProducts }, async (request, reply) => {
    const c = context();
    if (!c) return reply.callNotFound();
    const from = (request.query as { from?: string }).from || undefined;
    // A forged or mangled position is a 404, not a file from somewhere else.
    const afterId = from === undefined ? undefined : decodeSitemapPosition(from);
    if (from !== undefined && afterId === undefined) return reply.callNotFound();
    await throttle.heavyRead(request, c.scope.caller);
    return send(request, reply, 'application/xml; charset=utf-8', urlset(productPages(c, afterId, c.productsPerFile)));
  });

  app.get('/robots.txt', { schema: S.robots }, async (_request, reply) => {
    const site: SiteConfig | undefined = ctx.sites.get(config.storefront.siteId);
    const languages = site ? shopLanguages(site) : { defaultLanguage: 'en', all: ['en'] };
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', CACHE);
    return robotsTxt(languages, `${publicOrigin(config.publicUrl)}/sitemap.xml`);
  });
};
