/**
 * The top-level `media` config section: where uploaded images live and how large one may be. `VITRINE_MEDIA_DIR`
 * wins over `media.dir`. Without a folder the bytes are kept in the database, so every instance sees every file.
 */
export interface MediaSettings {
  /** A folder for the bytes (absolute, or relative to the working directory); absent = in the database. */
  dir?: string | undefined;
  /** Largest accepted upload in bytes (413 above it). */
  maxBytes: number;
}

export const DEFAULT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;

export function buildMediaSettings(raw: unknown, env: NodeJS.ProcessEnv): MediaSettings {
  const section = raw && typeof raw === 'object' ? (raw as { dir?: unknown; maxBytes?: unknown }) : {};
  const dir = env.VITRINE_MEDIA_DIR || (typeof section.dir === 'string' && section.dir ? section.dir : undefined);
  const maxBytes = typeof section.maxBytes === 'number' ? section.maxBytes : DEFAULT_MEDIA_MAX_BYTES;
  return { dir, maxBytes };
}
