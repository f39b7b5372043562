/**
 * Server rendering (docs/storefront-rendering.md). The Vitrine server imports the build of this file
 * (`dist/ssr/entry-server.js`) and calls `renderPage` for the catalog, category views, product and information
 * pages: the page's data is read through the storefront's own query functions, over the data API and the Stores wire
 * in-process as a signed-out visitor (`request`), rendered with React's `prerender` (the whole page, lazy pages included), and
 * handed to the browser with the page so it hydrates without asking again.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryCache, keyOf } from '@vitrine/react';
import { storesModule } from './app/stores-module.js';
import type { HttpContext } from '@vitrine/sdk';
import { App } from './app/App.js';
import { routes } from './app/AppRoutes.js';
import { matchPath } from './app/router/index.js';
import type { ShopClient } from './app/shop-client.js';
import type { RuntimeConfig } from './config/runtime-config.js';
import { fetchCatalogPage, fetchCategories, fetchProductBySlug } from './features/catalog/catalog-api.js';
import { readCatalogParams, writeCatalogParams } from './features/catalog/catalog-params.js';
import { fetchPageBySlug, fetchPageLinks } from './features/pages/pages-api.js';
import { fetchImageAlt, isUploaded } from './features/product/image-alt.js';
import { setHtmlParser } from './components/RichText.js';
import { loadAllTexts } from './i18n/i18n.js';
import { i18n } from './i18n/index.js';
import { addressLanguage, directionOf, languageBase, DEFAULT_LANGUAGE } from './i18n/languages.js';
import type { LanguageCode } from './i18n/languages.js';
import { parseHtmlOnServer } from './server/html-parser.js';
import { headHtml } from './server/page-head.js';
import type { PageHead } from './server/page-head.js';
import { plainText, scriptJson } from './server/safe-html.js';

// Product descriptions written as rich text are rendered here too, not only after hydration.
setHtmlParser(parseHtmlOnServer);

export interface PageRequest {
  /** The requested path and query, language part included: `/fr/products/mug?x=1`. */
  url: string;
  /** The shop's public origin, for canonical and preview addresses. */
  origin: string;
  config: RuntimeConfig;
  /** The data API, answered in-process for an anonymous visitor (what anyone may read, nothing more). */
  request: HttpContext['request'];
  /**
   * Render the not-found page (404) for an address no route knows: when a browser asks for a page. Otherwise such an
   * address is left to the server (its API 404) before any data is read.
   */
  notFoundPage?: boolean;
}

export interface RenderedPage {
  status: 200 | 404;
  lang: LanguageCode;
  dir: 'ltr' | 'rtl';
  /** Title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD tags. */
  head: string;
  /** The app's markup, for `<div id="root">`. */
  body: string;
  /** The data the page was rendered with, as JSON safe inside `<script type="application/json">`. */
  state: string;
}

/** What the browser finds in `#vitrine-state` (main.tsx). */
export interface ServerState {
  language: LanguageCode;
  config: RuntimeConfig;
  /** Query cache entries: [key hash, data]. */
  queries: [string, unknown][];
}

// Lingui's instance is shared by every component: one page renders at a time in its own language.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function toHtml(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A rendered page for the catalog (`/`, `/?category=…`), product pages, information pages (`/pages/<slug>`) and
 * addresses no route knows (the not-found page, 404); undefined for the app's other pages (cart, account…).
 */
export async function renderPage(page: PageRequest): Promise<RenderedPage | undefined> {
  const url = new URL(page.url, 'http://page.invalid');
  const language = addressLanguage(url.pathname) ?? DEFAULT_LANGUAGE;
  const base = languageBase(language);
  const path = url.pathname.slice(base.length) || '/';
  const productSlug = /^\/products\/([^/]+)$/.exec(path)?.[1];
  const pageSlug = /^\/pages\/([^/]+)$/.exec(path)?.[1];
  // An address no route knows is answered here too: a not-found page with status 404, not the app with 200.
  const known = routes.some((r) => r.path != '*' && matchPath(r.path, path));
  if (!known && !page.notFoundPage) return undefined;
  if (known && path != '/' && productSlug === undefined && pageSlug === undefined) return undefined;
  let slug = '';
  try {
    slug = decodeURIComponent(productSlug ?? pageSlug ?? '');
  } catch {
    return undefined;
  }

  const http: HttpContext = { request: page.request, baseUrl: '', language };
  const client = {
    stores: storesModule.__vitrineModule(http),
    request: page.request,
    language,
  } as unknown as ShopClient;
  const cache = new QueryCache();
  const answered: [string, unknown][] = [];
  const seed = (key: unknown[], data: unknown) => {
    const hash = keyOf(['shared', ...key]);
    cache.setData(hash, () => data);
    answered.push([hash, data]);
  };

  const [categories, pageLinks] = await Promise.all([fetchCategories(client), fetchPageLinks(client)]);
  seed(['categories'], categories);
  seed(['pageLinks'], pageLinks);
  const { siteName } = page.config;
  await loadAllTexts(language);
  // Texts are read once the language is active (inside the one-at-a-time section below).
  const t = (id: string, values?: Record<string, unknown>) => i18n._({ id, values });
  let headOf: () => Omit<PageHead, 'origin' | 'language' | 'siteName'>;
  let status: 200 | 404 = 200;

  if (!known) {
    status = 404;
    headOf = () => ({
      path,
      query: '',
      title: `${t('notFound.page.title')} · ${siteName}`,
      description: t('notFound.page.body'),
    });
  } else if (pageSlug !== undefined) {
    const shown = await fetchPageBySlug(client, slug);
    seed(['page', slug], shown);
    if (!shown) status = 404;
    headOf = () => ({
      path,
      query: '',
      title: `${shown?.title ?? t('notFound.page.title')} · ${siteName}`,
      shareTitle: shown?.title,
      // Headings read as run-on words in a preview: the description is the page's paragraphs.
      description: shown
        ? plainText((shown.body ?? '').replace(/<h[1-6][^>]*>[\s\S]*?<\/h[1-6]>/gi, ' ')) || shown.title
        : t('notFound.page.body'),
    });
  } else if (productSlug === undefined) {
    const params = readCatalogParams(url.searchParams);
    const catalog = await fetchCatalogPage(client, params, categories);
    seed(['catalog', params], catalog);
    const category = categories.find((c) => c.id == params.category)?.name ?? params.category;
    // The canonical address names what the page shows (category, page), not how it was sorted or searched.
    const query = writeCatalogParams({ ...params, search: '', sort: 'featured' }).toString();
    headOf = () => ({
      path,
      query: query ? `?${query}` : '',
      title: `${category || t('catalog.title')} · ${siteName}`,
      description: category
        ? t('meta.categoryDescription', { category, siteName })
        : t('meta.catalogDescription', { siteName }),
      image: catalog.products.find((p) => p.image)?.image,
    });
  } else {
    const product = await fetchProductBySlug(client, slug);
    seed(['product', slug], product);
    if (isUploaded(product?.image)) {
      const alt = await fetchImageAlt(client, product.image, language).catch(() => undefined);
      if (alt !== undefined) seed(['imageAlt', product.image, language], alt);
    }
    if (product) {
      headOf = () => ({
        path,
        query: '',
        title: `${product.title} · ${siteName}`,
        description: plainText(product.description ?? '') || product.title,
        image: product.image,
        product,
      });
    } else {
      status = 404;
      headOf = () => ({
        path,
        query: '',
        title: `${t('notFound.product.title')} · ${siteName}`,
        description: t('notFound.product.body'),
      });
    }
  }

  const at = { pathname: path, search: url.search, hash: '', state: undefined, key: 0 };
  const [body, head] = await oneAtATime(async () => {
    if (i18n.locale != language) i18n.activate(language);
    const html = await toHtml(
      <StrictMode>
        <App config={page.config} client={serverClient(client)} cache={cache} at={at} base={base} />
      </StrictMode>,
    );
    return [html, headOf()] as const;
  });
  const state: ServerState = { language, config: page.config, queries: answered };
  return {
    status,
    lang: language,
    dir: directionOf(language),
    head: headHtml({ ...head, origin: page.origin, language, siteName }),
    body,
    state: scriptJson(state),
  };
}

/** Nobody is signed in on the server: no tokens, so the page renders as a visitor's before any request. */
function serverClient(client: ShopClient): ShopClient {
  const auth = { getTokens: () => undefined, loggedIn: () => false };
  return { ...client, auth, setLanguage: () => undefined } as unknown as ShopClient;
}
