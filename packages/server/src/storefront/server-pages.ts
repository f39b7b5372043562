/**
 * Server-rendered storefront pages (docs/storefront-rendering.md): the storefront's build carries a server entry
 * (`ssr/entry-server.js`, made by `vite build --ssr`) that renders the catalog, category views, product pages and
 * information pages (`/pages/<slug>`). It reads its data through the data API answered in-process (`app.inject`) with no credentials: the same routes,
 * permissions and translations as an anonymous visitor's own requests, so a page never shows what a visitor may
 * not read. The catalog comes from the commerce module's Stores wire, which (as on Wix) answers only a token: those
 * reads carry a fresh visitor token of the storefront's client, the very token any browser gets with no sign-in. This module loads that entry and puts what it renders into the built `index.html`.
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The part of the SDK's request options the server entry sends (see `HttpContext` in @vitrine/sdk). */
export interface DataRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;
  body?: unknown;
  /** Only `accept-language` is passed on (the shopper's language for the Stores wire's translations). */
  headers?: Record<string, string>;
}

/** Routes of the commerce module's Stores wire (docs/commerce.md → The Stores wire), read with a visitor token. */
const STORES_WIRE = /^\/(stores-reader\/v1|v2\/collections)\//;

export interface RenderedPage {
  status: number;
  lang: string;
  dir: string;
  head: string;
  body: string;
  state: string;
}

interface ServerEntry {
  renderPage(page: {
    url: string;
    origin: string;
    config: object;
    request: (options: DataRequest) => Promise<unknown>;
    /** Render the not-found page for an address no route knows (a browser asking for a page). */
    notFoundPage?: boolean;
  }): Promise<RenderedPage | undefined>;
}

/** A refused or failed data read: the page is then not rendered on the server (the browser app takes over). */
export class DataReadError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`The data API answered ${status} to ${path}`);
  }
}

function queryString(query: DataRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) params.append(key, String(v));
  const s = params.toString();
  return s && `?${s}`;
}

/**
 * The data API for one page request, in-process and anonymous; limits count against the shopper's address.
 * `visitorToken` gives a signed-out visitor's access token for the Stores wire's reads (nothing a browser without
 * a sign-in could not read).
 */
export function inProcessDataApi(
  app: FastifyInstance,
  request: FastifyRequest,
  siteId: string,
  visitorToken?: () => string | undefined,
) {
  return async ({ method, path, query, body, headers }: DataRequest): Promise<unknown> => {
    const token = STORES_WIRE.test(path) ? visitorToken?.() : undefined;
    const language = headers?.['accept-language'] ?? headers?.['Accept-Language'];
    const res = await app.inject({
      method,
      url: path + queryString(query),
      headers: {
        'x-vitrine-site-id': siteId,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { authorization: token }),
        ...(language && { 'accept-language': language }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
      remoteAddress: request.ip,
    });
    if (res.statusCode != 200) throw new DataReadError(res.statusCode, path);
    return res.json();
  };
}

// The page the build made: read again only when the file changes (a new deploy of the storefront).
let template: { key: string; html: string } | undefined;
async function readTemplate(root: string): Promise<string> {
  const file = join(root, 'index.html');
  const info = await stat(file);
  const key = `${file}:${info.mtimeMs}:${info.size}`;
  if (template?.key != key) template = { key, html: await readFile(file, 'utf8') };
  return template.html;
}

/**
 * The built page with the rendered one in it: language and direction on `<html>`, the page's own head tags
 * instead of the generic title and description, the markup in `#root`, and the data beside it as inert JSON.
 * The config preload goes: the config comes with the data.
 */
export function fillTemplate(html: string, page: RenderedPage): string {
  // React puts the page's resource hints (image preloads) before the markup: they belong in the head.
  const hints = /^(?:<link [^>]*>)+/.exec(page.body)?.[0] ?? '';
  const body = page.body.slice(hints.length);
  // Replacer functions, not strings: a shop's text may hold `$&` or `$'`, which a replacement string expands.
  return html
    .replace(/<html[^>]*>/, () => `<html lang="${page.lang}" dir="${page.dir}">`)
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<link rel="preload" href="\/_vitrine\/config.json"[^>]*>/, '')
    .replace('</head>', () => `  ${page.head}\n    ${hints}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="vitrine-state">${page.state}</script>`,
    );
}

/**
 * The renderer of the storefront built in `root`, or undefined when the build has no server entry (an older
 * build, or a test's stand-in folder): pages are then the browser app's alone, as before.
 */
export function serverPages(root: string) {
  const entryFile = join(root, 'ssr', 'entry-server.js');
  if (!existsSync(entryFile)) return undefined;
  let entry: Promise<ServerEntry> | undefined;
  return async (
    page: Parameters<ServerEntry['renderPage']>[0],
  ): Promise<{ status: number; html: string } | undefined> => {
    entry ??= import(/* @vite-ignore */ pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    const rendered = await (await entry).renderPage(page);
    if (!rendered) return undefined;
    return { status: rendered.status, html: fillTemplate(await readTemplate(root), rendered) };
  };
}
