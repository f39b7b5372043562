/**
 * What an upload really is, and its resized copies, through sharp (libvips). The declared type and the file name
 * are never trusted: libvips reads the bytes, and only the raster formats below pass. SVG is refused on purpose —
 * it is a document that can carry scripts.
 */
import sharp, { type Metadata } from 'sharp';
import { appError } from '../errors/catalogue.js';

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

/** Decompression-bomb guard: at most ~40 megapixels (8000 × 5000). */
const MAX_PIXELS = 40_000_000;

export interface ImageFacts {
  format: MediaFormat;
  width: number;
  height: number;
}

const ACCEPTED = 'a JPEG, PNG, WebP, AVIF or GIF image';

/** The format and size libvips reads from the bytes; a 415 for anything that is not an accepted image. */
export async function inspectImage(bytes: Buffer): Promise<ImageFacts> {
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
  if (meta.width * meta.height > MAX_PIXELS) {
    throw appError('PAYLOAD_TOO_LARGE', {
      description: `The image is larger than ${MAX_PIXELS / 1_000_000} megapixels`,
    });
  }
  // Fully decoding catches a valid header over broken or hostile pixel data before anything is stored.
  try {
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).toBuffer();
  } catch {
    throw appError('UNSUPPORTED_MEDIA_TYPE', { description: `The file is not ${ACCEPTED}: its pixels cannot be read` });
  }
  return { format, width: meta.width, height: meta.height };
}

function formatOf(meta: Metadata): MediaFormat | undefined {
  // libvips reports AVIF as heif with the AV1 codec.
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : undefined;
  return meta.format in MEDIA_TYPES ? (meta.format as MediaFormat) : undefined;
}

/** A copy at most `width` wide (never enlarged), in `format`; EXIF orientation applied, metadata dropped. */
export async function makeVariant(bytes: Buffer, width: number | undefined, format: MediaFormat): Promise<Buffer> {
  let image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
  if (width) image = image.resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}
