import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { shopLimits } from '../commerce/index.js';
import { pageBaseUrl } from '../http/page-origin.js';
import * as S from './schemas.js';
import { DataReadError, inProcessDataApi, serverPages } from './server-pages.js';
import { findStaticFile, gzipped, type StaticFile } from './static-files.js';

/** Product pictures of the demo catalog, shipped with the server package. */
function assetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'assets', 'products'))) return join(dir, 'assets');
    dir = dirname(dir);
  }
  return join(dir, 'assets');
}

// The storefront is a React app: scripts only from itself, API calls to itself, frames from itself.
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cache: string,
): Promise<FastifyReply> {
  reply.header('content-type', file.type).header('cache-control', cache).header('vary', 'accept-encoding');
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? await gzipped(file) : undefined;
  if (gzip) return reply.header('content-encoding', 'gzip').header('content-length', gzip.length).send(gzip);
  return reply.header('content-length', file.size).send(file.stream());
}

/**
 * Serves the built storefront at `/` (SPA fallback to index.html), its run-time config, and the demo
 * product images. Registered last, so every API route wins over a same-named file.
 */
export const storefrontRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  const runtimeConfig = (request: FastifyRequest) => {
    // Read at each request: the console's settings replace the site object at run time (settings/runtime.ts),
    // on every instance within one poll (docs/many-instances.md); a lookup in a map, nothing more.
    const site = ctx.sites.get(config.storefront.siteId);
    const limits = shopLimits(site ?? {});
    const client = ctx.sites.findClient(config.storefront.clientId)?.client;
    return {
      // The page's own origin when the storefront's client allows it (localhost and 127.0.0.1 alike), so the
      // browser's calls and sign-in frame stay same-origin; else the public URL (http/page-origin.ts).
      apiBaseUrl: pageBaseUrl(config.publicUrl, request, client?.allowedOrigins ?? []),
      clientId: config.storefront.clientId,
      siteId: config.storefront.siteId,
      siteName: site?.name ?? config.storefront.siteId,
      devMailbox: config.devMailbox,
      // Checkout's caps on one cart (audit V5-4), so the storefront never builds a cart checkout refuses.
      // Only these three: the other limits are the server's business.
      cartLimits: {
        maxUnitsPerProduct: limits.maxUnitsPerProduct,
        maxUnitsPerOrder: limits.maxUnitsPerOrder,
        maxLinesPerOrder: limits.maxLinesPerOrder,
      },
    };
  };
  app.get('/_vitrine/config.json', { schema: S.runtimeConfig }, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfig(request);
  });

  const assets = assetsDir();
  app.get('/assets/products/*', { schema: S.productImages }, async (request, reply) => {
    const file = await findStaticFile(join(assets, 'products'), (request.params as { '*': string })['*']);
    if (!file) return reply.callNotFound();
    return send(request, reply, file, 'public, max-age=86400');
  });

  const root = config.storefrontDir;
  if (!root) {
    app.get('/', { schema: S.storefrontApp }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><title>Vitrine</title><body><h1>Vitrine API</h1><p>The storefront is not built yet: run <code>npm run build -w @vitrine/storefront</code> or <code>npm start</code>.</p><p><a href="/healthz">Health</a></p></body></html>`,
        ),
    );
    return;
  }
  const render = serverPages(root);
  app.get('/*', { schema: S.storefrontFiles }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    // The server-rendering bundle is the server's own code, never a file of the site.
    const file = path && !path.startsWith('ssr/') ? await findStaticFile(root, path) : undefined;
    if (file) {
      // Vite puts content hashes in /assets/ names, so those can be cached for good.
      const cache = path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      if (file.type.startsWith('text/html')) reply.header('content-security-policy', PAGE_CSP);
      return send(request, reply, file, cache);
    }
    // `/` is always the app; deeper unknown paths get a page only when a browser asks for one.
    const wantsHtml = path === '' || (request.headers.accept ?? '').includes('text/html');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(path);
    // Catalog, category, product and information pages come rendered, whatever the client accepts (link previews,
    // crawlers); an address no route knows comes as the not-found page (404) when a browser asks for a page.
    const page = render && (await renderedPage(request, render, wantsHtml && !looksLikeFile));
    if (page) {
      // 200, or 404 for an unknown product or address (a page all the same: the schema's 200 string is its shape).
      reply
        .code(page.status as 200)
        .header('content-security-policy', PAGE_CSP)
        .header('cache-control', 'no-cache');
      reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
      return reply.send(page.html);
    }
    if (!wantsHtml || looksLikeFile) return reply.callNotFound();
    const index = await findStaticFile(root, 'index.html');
    if (!index) return reply.callNotFound();
    reply.header('content-security-policy', PAGE_CSP);
    return send(request, reply, index, 'no-cache');
  });

  // A signed-out visitor of the storefront's client, as the anonymous grant makes one: one signature, no write.
  const visitorToken = () => {
    const entry = ctx.sites.findClient(config.storefront.clientId);
    return entry && ctx.tokens.issueVisitor(entry.site, entry.client).access_token;
  };

  async function renderedPage(
    request: FastifyRequest,
    render: NonNullable<ReturnType<typeof serverPages>>,
    notFoundPage: boolean,
  ) {
    try {
      return await render({
        url: request.url,
        // Read at each request: the public address is known only once the server listens (tests, port 0).
        origin: config.publicUrl.replace(/\/+$/, ''),
        config: runtimeConfig(request),
        request: inProcessDataApi(app, request, config.storefront.siteId, visitorToken),
        notFoundPage,
      });
    } catch (error) {
      // A read the visitor may not make (or a failing one): the browser app shows the page as it can.
      if (!(error instanceof DataReadError)) request.log.error({ err: error }, 'storefront page not rendered');
      return undefined;
    }
  }
};
