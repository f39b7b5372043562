/**
 * The top-level `media` config section: where uploaded images live, how large one may be, and how much image work
 * may run at once. `VITRINE_MEDIA_DIR` wins over `media.dir`, `VITRINE_MEDIA_CONCURRENCY` sets `concurrency`.
 * Without a folder the bytes are kept in the database, so every instance sees every file.
 */
export interface MediaSettings {
  /** A folder for the bytes (absolute, or relative to the working directory); absent = in the database. */
  dir?: string | undefined;
  /** Largest accepted upload in bytes (413 above it). */
  maxBytes: number;
  /** Image encodes (upload cleaning, variants) at once in this instance; absent = DEFAULT_MEDIA_CONCURRENCY. */
  concurrency?: number | undefined;
  /** Variant misses (requests that start an encode) per client address and window; absent = the default. */
  variantMisses?: { limit: number; windowSeconds: number } | undefined;
}

export const DEFAULT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/**
 * One encode at a time: an encode keeps a core busy for up to a few seconds, and libvips' own threads are capped
 * to match (work.ts), so on a small machine the other cores stay free for sign-ins (argon2) and API calls.
 */
export const DEFAULT_MEDIA_CONCURRENCY = 1;
/** Enough for a person browsing (the storefront's widths are made at upload), far too few to grind a catalog. */
export const DEFAULT_VARIANT_MISSES = { limit: 30, windowSeconds: 60 };

export function buildMediaSettings(raw: unknown, env: NodeJS.ProcessEnv): MediaSettings {
  const section = raw && typeof raw === 'object' ? (raw as { dir?: unknown; maxBytes?: unknown }) : {};
  const dir = env.VITRINE_MEDIA_DIR || (typeof section.dir === 'string' && section.dir ? section.dir : undefined);
  const maxBytes = typeof section.maxBytes === 'number' ? section.maxBytes : DEFAULT_MEDIA_MAX_BYTES;
  const concurrency = Number(env.VITRINE_MEDIA_CONCURRENCY);
  return { dir, maxBytes, ...(Number.isInteger(concurrency) && concurrency > 0 ? { concurrency } : {}) };
}
