/**
 * The bytes the server keeps and serves, made by libvips through sharp: the cleaned original (upload) and the
 * resized copies (variants). Every pipeline decodes with the pixel limit, streams through libvips (no decoded image
 * in JavaScript memory) and writes no metadata but the colour profile: EXIF (GPS, camera, owner), XMP, IPTC and PNG
 * text chunks never reach a public file. Callers run these inside the media work slots (work.ts).
 */
import type { Sharp } from 'sharp';
import { appError } from '../errors/catalogue.js';
import { MAX_PIXELS, type ImageFacts, type MediaFormat } from './images.js';
import { sharp } from './sharp.js';

/** A format change without `w` is made at most this wide: the storefront's largest width (never the original's). */
export const MAX_VARIANT_WIDTH = 1920;
/** And at most this tall (a 1:2 portrait at 1920), so a tall image's variant stays a few megapixels too. */
export const MAX_VARIANT_HEIGHT = 3840;

const ACCEPTED = 'a JPEG, PNG, WebP, AVIF or GIF image';

export interface Cleaned {
  bytes: Buffer;
  /** After the EXIF orientation is applied (a portrait photo stored sideways comes out upright). */
  width: number;
  height: number;
}

/**
 * The upload re-encoded in its own format, upright, with only its colour profile kept. This is also the full
 * decode that catches a valid header over broken or hostile pixels (415) before anything is stored.
 */
export async function cleanImage(bytes: Buffer, facts: ImageFacts): Promise<Cleaned> {
  const animated = facts.pages > 1;
  // An animation keeps its frames; GIF and animated WebP carry no orientation to apply.
  let image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated });
  if (!animated) image = image.rotate();
  try {
    const { data, info } = await encodeAs(image.keepIccProfile(), facts.format, 'original').toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, width: info.width, height: animated ? facts.height : info.height };
  } catch {
    throw appError('UNSUPPORTED_MEDIA_TYPE', { description: `The file is not ${ACCEPTED}: its pixels cannot be read` });
  }
}

/**
 * A copy `width` wide (undefined = the original's), never enlarged, never larger than MAX_VARIANT_WIDTH ×
 * MAX_VARIANT_HEIGHT (which every output format can hold), in `format`.
 */
export async function makeVariant(bytes: Buffer, width: number | undefined, format: MediaFormat): Promise<Buffer> {
  return encodeOrRefuse(resized(sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate(), width), format);
}

/**
 * Several widths of one format from one decode: the largest is decoded once (JPEG shrinks while decoding), the
 * others are made from it. What the upload uses for the storefront's widths.
 */
export async function makeVariants(
  bytes: Buffer,
  widths: readonly (number | undefined)[],
  format: MediaFormat,
): Promise<Buffer[]> {
  if (widths.length === 0) return [];
  const largest = widths.some((w) => w === undefined) ? undefined : Math.max(...(widths as number[]));
  const { data, info } = await resized(sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate(), largest)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const out: Buffer[] = [];
  // One at a time: the slot this runs in stands for one encode's worth of CPU.
  for (const width of widths) out.push(await encodeOrRefuse(resized(sharp(data, raw), width), format));
  return out;
}

function resized(image: Sharp, width: number | undefined): Sharp {
  return image.resize({
    width: Math.min(width ?? MAX_VARIANT_WIDTH, MAX_VARIANT_WIDTH),
    height: MAX_VARIANT_HEIGHT,
    fit: 'inside',
    withoutEnlargement: true,
  });
}

function encodeAs(image: Sharp, format: MediaFormat, purpose: 'original' | 'variant'): Sharp {
  const original = purpose === 'original';
  switch (format) {
    case 'webp':
      return image.webp({ quality: original ? 90 : 80 });
    case 'avif':
      // effort 0 for originals: an upload may be up to MAX_AVIF_PIXELS; variants are small enough for effort 2.
      return image.avif({ quality: original ? 70 : 55, effort: original ? 0 : 2 });
    case 'jpeg':
      return original ? image.jpeg({ quality: 90 }) : image.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
  }
}

/**
 * libvips refuses some outputs (a side over WebP's 16,383 px, HEIF's limits). The bounds above keep new uploads
 * clear of them; a file stored before those limits may still meet one: that is the request's answer (400, naming
 * what to ask instead), not a server error.
 */
async function encodeOrRefuse(image: Sharp, format: MediaFormat): Promise<Buffer> {
  try {
    return await encodeAs(image, format, 'variant').toBuffer();
  } catch (error) {
    if (error instanceof Error && /too large|exceed|dimension|Expected positive integer|heif/i.test(error.message))
      throw appError('BAD_REQUEST', {
        description: `This image cannot be made into a ${format} variant of that size; ask for another width or its own format`,
      });
    throw error;
  }
}
