import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findStaticFile, gzipped, type StaticFile } from '../storefront/static-files.js';
import * as S from './schemas.js';

/**
 * Serves the built owner console (apps/console) under `/console`, with a CSP stricter than the
 * storefront's: no inline styles, no frames, nothing from any other origin. Every console page path
 * answers the app; the app itself decides between sign-in, setup and the signed-in pages.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

export function findConsoleDist(): string | undefined {
  if (process.env.VITRINE_CONSOLE_DIR) return process.env.VITRINE_CONSOLE_DIR;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'console', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Vitrine console</title><body><h1>Vitrine console</h1><p>The console is not built yet: run <code>npm run build -w @vitrine/console</code> or <code>npm start</code>.</p></body></html>`;

async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile,
  cache: string,
): Promise<FastifyReply> {
  reply.header('content-type', file.type).header('cache-control', cache).header('vary', 'accept-encoding');
  if (file.type.startsWith('text/html'))
    reply.header('content-security-policy', CONSOLE_CSP).header('x-frame-options', 'DENY');
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? await gzipped(file) : undefined;
  if (gzip) return reply.header('content-encoding', 'gzip').header('content-length', gzip.length).send(gzip);
  return reply.header('content-length', file.size).send(file.stream());
}

export const consoleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const root = ctx.config.consoleDir ?? findConsoleDist();
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    // robots.txt keeps crawlers out; this keeps a linked console address out of search results too.
    reply.header('x-robots-tag', 'noindex, nofollow');
    const path = ((request.params as { '*'?: string })['*'] ?? '').replace(/^\/+/, '');
    if (!root)
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', CONSOLE_CSP)
        .header('cache-control', 'no-cache')
        .send(NOT_BUILT);
    const file = path ? await findStaticFile(root, path) : undefined;
    // Vite puts content hashes in /assets/ names, so those can be cached for good.
    if (file)
      return send(
        request,
        reply,
        file,
        path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.callNotFound();
    const index = await findStaticFile(root, 'index.html');
    if (!index) return reply.callNotFound();
    return send(request, reply, index, 'no-cache');
  };
  app.get('/console', { schema: S.consoleApp }, page);
  app.get('/console/*', { schema: S.consoleFiles }, page);
};
