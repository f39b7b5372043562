/**
 * What an upload really is, and the limits it must fit, through sharp (libvips). The declared type and the file name
 * are never trusted: libvips reads the bytes, and only the raster formats below pass. SVG is refused on purpose —
 * it is a document that can carry scripts. Encoding (the cleaned original, variants) is encode.ts.
 */
import type { Metadata } from 'sharp';
import { appError } from '../errors/catalogue.js';
import { sharp } from './sharp.js';

export const MEDIA_TYPES = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  avif: { contentType: 'image/avif', ext: 'avif' },
  gif: { contentType: 'image/gif', ext: 'gif' },
} as const;
export type MediaFormat = keyof typeof MEDIA_TYPES;

/** Widths a variant may ask for: a fixed set, so nobody can fill the variant cache with every width. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
/** Formats a variant may be re-encoded to (`format=`), besides the original's. */
export const VARIANT_FORMATS = ['webp', 'avif'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** Decompression-bomb guard: at most ~40 megapixels (8000 × 5000), every frame of an animation counted. */
export const MAX_PIXELS = 40_000_000;
/**
 * AVIF originals are re-encoded at upload to drop their metadata (encode.ts), and AVIF is the slowest encoder
 * (~7 s of a core for 24 MP even at its fastest effort): 16 MP keeps an upload within a few seconds.
 */
export const MAX_AVIF_PIXELS = 16_000_000;
/** WebP's own limit on a side; no shop picture needs more, and every variant format can then be made. */
export const MAX_SIDE = 16_383;
/** Longer than 50:1 is a strip, not a picture: its variants would be a few pixels on one side. */
export const MAX_ASPECT = 50;

export interface ImageFacts {
  format: MediaFormat;
  width: number;
  height: number;
  /** Frames of an animated GIF or WebP (1 for a still image). */
  pages: number;
}

const ACCEPTED = 'a JPEG, PNG, WebP, AVIF or GIF image';

/** The format and size libvips reads from the header; a 415 for anything that is not an accepted image. */
export async function inspectImage(bytes: Buffer): Promise<ImageFacts> {
  const facts = await readImageFacts(bytes);
  checkLimits(facts);
  return facts;
}

/** The header's facts without the upload limits: what the metadata sweep (backfill.ts) reads of a stored file. */
export async function readImageFacts(bytes: Buffer): Promise<ImageFacts> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata();
  } catch {
    throw appError('UNSUPPORTED_MEDIA_TYPE', { description: `The file is not ${ACCEPTED}` });
  }
  const format = formatOf(meta);
  if (!format || !meta.width || !meta.height) {
    throw appError('UNSUPPORTED_MEDIA_TYPE', { description: `The file must be ${ACCEPTED} (got ${meta.format})` });
  }
  return { format, width: meta.width, height: meta.height, pages: Math.max(1, meta.pages ?? 1) };
}

/** Refuses (4xx, with the limit in the message) an image whose size no encoder or variant should have to handle. */
export function checkLimits({ format, width, height, pages }: ImageFacts): void {
  const tooLarge = (description: string) => appError('PAYLOAD_TOO_LARGE', { description });
  if (width > MAX_SIDE || height > MAX_SIDE)
    throw tooLarge(`The image is ${width} × ${height} px; each side may be at most ${MAX_SIDE} px`);
  if (Math.max(width, height) / Math.min(width, height) > MAX_ASPECT)
    throw appError('BAD_REQUEST', {
      description: `The image is ${width} × ${height} px; one side may be at most ${MAX_ASPECT} times the other`,
    });
  const limit = format === 'avif' ? MAX_AVIF_PIXELS : MAX_PIXELS;
  if (width * height * pages > limit)
    throw tooLarge(
      `The ${pages > 1 ? 'animation' : 'image'} is larger than ${limit / 1_000_000} megapixels` +
        (pages > 1 ? ' (all frames counted)' : '') +
        (format === 'avif' ? ' (the limit for AVIF; a JPEG, PNG or WebP may have up to 40)' : ''),
    );
}

function formatOf(meta: Metadata): MediaFormat | undefined {
  // libvips reports AVIF as heif with the AV1 codec.
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : undefined;
  return meta.format in MEDIA_TYPES ? (meta.format as MediaFormat) : undefined;
}
