/**
 * `GET /docs`: the API reference page, Scalar's standalone bundle served from node_modules — no CDN,
 * no web fonts from elsewhere, and a CSP that lets the page reach nothing but this server.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Html } from './common.js';
import { Type } from 'typebox';
import { SCALAR_FIXES_CSS, SCALAR_STYLE_HASHES, scalarBundle } from './docs-scalar.js';

/**
 * Scalar injects its styles at run time as <style> elements. It gives them the nonce it finds in
 * `<meta property="csp-nonce">`, so styles need a fresh nonce per page and no 'unsafe-inline' (issue #26,
 * S-21); scripts come from here alone.
 */
export function docsCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}' ${SCALAR_STYLE_HASHES.map((h) => `'${h}'`).join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

// The nonce is base64 (no quote or angle bracket can reach the attribute).
const page = (nonce: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" content="${nonce}">
<title>Vitrine API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/scalar-fixes.css">
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
      const nonce = randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', docsCsp(nonce))
        .header('cache-control', 'no-store')
        .send(page(nonce));
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
    '/docs/scalar-fixes.css',
    {
      schema: {
        summary: "Styles the reference's code blocks take from a file instead of inline",
        produces: ['text/css'],
        response: { 200: Type.String() },
      },
    },
    async (_request, reply) => {
      return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(SCALAR_FIXES_CSS);
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
        .send(scalarBundle());
    },
  );
}
