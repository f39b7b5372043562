/**
 * An upload, from the bytes sent to the stored file: its limits (images.ts), then, in one image slot, the cleaned
 * original (no EXIF, GPS, XMP, IPTC or text chunks: encode.ts) and the storefront's variants, so a product page's
 * pictures are never a miss. Only the cleaned bytes are kept; the uploaded ones are dropped. The metadata sweep
 * (backfill.ts) cleans files stored before this through the same `cleanWithVariants`.
 */
import type { Queryable } from '../store/types.js';
import { cleanImage, makeVariants, type Cleaned } from './encode.js';
import { inspectImage, MEDIA_TYPES, type ImageFacts, type MediaFormat } from './images.js';
import { insertMedia, type MediaRecord } from './store.js';
import { storeVariant, variantKey, type VariantKey } from './variants.js';
import type { MediaSettings } from '../config/media.js';
import type { MediaWork } from './work.js';

/**
 * What the storefront asks for (apps/storefront/src/components/ProductImage.tsx: WebP at the shown size, 64–480
 * CSS px, and twice that for 2x screens). Made from one decode: ~0.3 s of a core for a 24 MP photo.
 */
export const UPLOAD_WIDTHS = [160, 320, 480, 640, 960] as const;
export const UPLOAD_FORMAT: MediaFormat = 'webp';

export interface CleanedWithVariants {
  cleaned: Cleaned;
  variants: { key: VariantKey; bytes: Buffer }[];
}

/**
 * The cleaned original and its storefront widths. Call it inside an image slot (work.run). `withVariants: false`
 * cleans only (a stored file outside today's limits, whose variants are made on request if they can be).
 */
export async function cleanWithVariants(
  bytes: Buffer,
  facts: ImageFacts,
  withVariants = true,
): Promise<CleanedWithVariants> {
  const cleaned = await cleanImage(bytes, facts);
  const shape = { contentType: MEDIA_TYPES[facts.format].contentType, width: cleaned.width };
  const keys = new Map<number, VariantKey>();
  for (const width of UPLOAD_WIDTHS) {
    const key = variantKey(shape, { width, format: UPLOAD_FORMAT });
    if (key) keys.set(key.width, key);
  }
  // An animation's variants are its first frame (as on request): not worth making before anyone asks.
  if (facts.pages > 1 || !withVariants) keys.clear();
  const made = await makeVariants(
    cleaned.bytes,
    [...keys.values()].map((k) => k.width || undefined),
    UPLOAD_FORMAT,
  );
  return { cleaned, variants: [...keys.values()].map((key, i) => ({ key, bytes: made[i]! })) };
}

export async function storeUpload(
  deps: { db: Queryable; settings: MediaSettings; work: MediaWork },
  input: { siteId: string; name: string; createdBy?: string | undefined },
  uploaded: Buffer,
): Promise<MediaRecord> {
  const facts = await inspectImage(uploaded);
  const { cleaned, variants } = await deps.work.run(async () => {
    deps.work.encoded('upload');
    return cleanWithVariants(uploaded, facts);
  });
  const media = await insertMedia(
    deps.db,
    deps.settings,
    { ...input, format: facts.format, width: cleaned.width, height: cleaned.height },
    cleaned.bytes,
  );
  for (const { key, bytes } of variants) await storeVariant(deps.db, media, key, bytes);
  return media;
}
