import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface StaticFile {
  path: string;
  size: number;
  type: string;
  mtimeMs: number;
  stream: () => NodeJS.ReadableStream;
}

/** A file under `root` for a URL path, or undefined; `..` and absolute tricks never leave `root`. */
export async function findStaticFile(root: string, urlPath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    const info = await stat(full);
    if (!info.isFile()) return undefined;
    return {
      path: full,
      size: info.size,
      mtimeMs: info.mtimeMs,
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      stream: () => createReadStream(full),
    };
  } catch {
    return undefined;
  }
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;
const gzipCache = new Map<string, Buffer>();

/**
 * The gzip form of a text file, compressed once per version of the file and kept in memory: the
 * storefront's scripts are the first thing a shopper waits for, and they never change between deploys.
 */
export async function gzipped(file: StaticFile): Promise<Buffer | undefined> {
  if (!COMPRESSIBLE.test(file.type) || file.size < 1024 || file.size > 8 * 1024 * 1024) return undefined;
  const key = `${file.path}:${file.mtimeMs}:${file.size}`;
  let body = gzipCache.get(key);
  if (!body) {
    body = gzipSync(await readFile(file.path), { level: 9 });
    if (gzipCache.size > 500) gzipCache.clear();
    gzipCache.set(key, body);
  }
  return body;
}
