/**
 * `GET /docs`: the API reference page, Scalar's standalone bundle served from node_modules — no CDN,
 * no web fonts from elsewhere, and a CSP that lets the page reach nothing but this server.
 */
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Html } from './common.js';
import { Type } from 'typebox';

const require = createRequire(import.meta.url);

/** Scalar injects its styles at run time, hence 'unsafe-inline' for styles only; scripts come from here alone. */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vitrine API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>The reference needs JavaScript; the raw description is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="app"></div>
<script src="/docs/scalar.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// Everything that would reach another host is off: fonts, the request proxy, the client's cloud links, telemetry.
const INIT = `Scalar.createApiReference('#app', ${JSON.stringify({
  url: '/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: false,
})});\n`;

let bundlePath: string | undefined;
function scalarBundle(): string {
  // The package exports no path to its browser build; it sits beside its entry point (dist/index.js).
  bundlePath ??= join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
  return bundlePath;
}

export function registerDocsPage(app: FastifyInstance): void {
  app.get(
    '/docs',
    {
      schema: {
        summary: 'The API reference page',
        produces: ['text/html'],
        response: { 200: Html('A page rendering /openapi.json') },
      },
    },
    async (_request, reply) => {
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', DOCS_CSP)
        .header('cache-control', 'no-cache')
        .send(PAGE);
    },
  );
  app.get(
    '/docs/init.js',
    {
      schema: {
        summary: "The reference page's start-up script",
        produces: ['text/javascript'],
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT);
    },
  );
  app.get(
    '/docs/scalar.js',
    {
      schema: {
        summary: 'The Scalar API reference bundle (served locally)',
        produces: ['text/javascript'],
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(createReadStream(scalarBundle()));
    },
  );
}
