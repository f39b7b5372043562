/**
 * GraphiQL at `/graphql`, development only (routes.ts registers it when `production` is off). The page is a
 * shell with a fresh nonce; its script and stylesheet are the local bundle scripts/build.mjs makes from the
 * `graphiql` package (dist/graphiql/), so nothing is loaded from another origin and the CSP names no host.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce } from '../../http/pages/layout.js';
import { html } from '../../http/html.js';
import { findStaticFile, gzipped } from '../../storefront/static-files.js';
import * as S from '../schemas.js';

/** Where the build puts the bundle: packages/server/dist/graphiql, seen from src/graphql/ide or dist/graphql/ide. */
export function graphiqlBundleDir(): string {
  return (
    process.env.VITRINE_GRAPHIQL_DIR ??
    join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'dist', 'graphiql')
  );
}

/**
 * Scripts and stylesheets only with this page's nonce; GraphiQL's own fonts and icons are data: URLs in
 * its stylesheet; its requests go to our /graphql/alpha. Dialog code that adds <style> elements takes the
 * nonce from the script tag (graphiql-app.tsx), so no 'unsafe-inline' is needed.
 */
export function graphiqlCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    'font-src data:',
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function shell(nonce: string, siteName: string): string {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>GraphiQL · ${siteName}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/graphql/ide/graphiql.css" nonce="${nonce}">
<style nonce="${nonce}">html,body,#graphiql{height:100%;margin:0}</style>
</head><body><div id="graphiql"></div><script type="module" src="/graphql/ide/graphiql.js" nonce="${nonce}"></script></body></html>`.toString();
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>GraphiQL</title><body><h1>GraphiQL is not built yet</h1><p>Run <code>npm run build -w @vitrine/server</code> (or <code>npm start</code>), then reload. The API itself answers at <code>POST /graphql/alpha</code>.</p></body></html>`;

export function registerGraphiql(app: FastifyInstance, siteName: () => string): void {
  const dir = graphiqlBundleDir();
  app.get('/graphql', { schema: S.graphiqlPage }, (_request, reply) => {
    const nonce = newNonce();
    const built = existsSync(join(dir, 'graphiql.js'));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', graphiqlCsp(nonce))
      .header('x-frame-options', 'DENY')
      .send(built ? shell(nonce, siteName()) : NOT_BUILT);
  });
  app.get('/graphql/ide/:file', { schema: S.graphiqlFiles }, async (request: FastifyRequest, reply: FastifyReply) => {
    const { file: name } = request.params as { file: string };
    if (name !== 'graphiql.js' && name !== 'graphiql.css') return reply.callNotFound();
    const file = await findStaticFile(dir, name);
    if (!file) return reply.callNotFound();
    reply.header('content-type', file.type).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? await gzipped(file) : undefined;
    if (gzip) return reply.header('content-encoding', 'gzip').header('content-length', gzip.length).send(gzip);
    return reply.header('content-length', file.size).send(file.stream());
  });
}
