/**
 * sharp (libvips) loaded at the first image the server inspects or encodes, not at start: its native library
 * and bindings are ~20 MB of a server's memory, and a small shop with no uploads since its start needs none.
 * `require` keeps the first use synchronous (sharp is a CommonJS module).
 */
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

const require = createRequire(import.meta.url);
let loaded: typeof SharpModule | undefined;
let threads = 1;

/** libvips' threads per operation (media/work.ts matches them to the image slots); applied at the load. */
export function setImageThreads(concurrency: number): void {
  threads = Math.max(1, concurrency);
  loaded?.concurrency(threads);
}

export function sharp(...args: Parameters<typeof SharpModule>): ReturnType<typeof SharpModule> {
  if (!loaded) {
    loaded = require('sharp') as typeof SharpModule;
    loaded.concurrency(threads);
    // The variants are cached in the database: libvips' operation cache would only hold memory.
    loaded.cache(false);
  }
  return loaded(...args);
}
