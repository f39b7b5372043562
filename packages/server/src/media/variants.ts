/**
 * Resized and re-encoded copies, made on first request and kept in `media_variants` so every instance serves the
 * same bytes without encoding again. The width set and formats are fixed (images.ts).
 */
import type { Queryable } from '../store/types.js';
import { invalidField } from '../http/errors.js';
import { makeVariant, MEDIA_TYPES, VARIANT_FORMATS, VARIANT_WIDTHS, type MediaFormat } from './images.js';
import { asBuffer, readMediaBytes, type MediaRecord } from './store.js';
import type { MediaSettings } from './config.js';

export interface VariantRequest {
  /** undefined = the original width. */
  width: number | undefined;
  /** undefined = the original format. */
  format: MediaFormat | undefined;
}

/** `?w=` and `?format=` → a variant request; an unknown width or format is a 400 naming the choices. */
export function parseVariant(query: { w?: unknown; format?: unknown }): VariantRequest {
  let width: number | undefined;
  if (query.w !== undefined && query.w !== '') {
    width = Number(query.w);
    if (!(VARIANT_WIDTHS as readonly number[]).includes(width))
      throw invalidField('w', `must be one of ${VARIANT_WIDTHS.join(', ')}`);
  }
  let format: MediaFormat | undefined;
  if (query.format !== undefined && query.format !== '') {
    if (!(VARIANT_FORMATS as readonly unknown[]).includes(query.format))
      throw invalidField('format', `must be one of ${VARIANT_FORMATS.join(', ')}`);
    format = query.format as MediaFormat;
  }
  return { width, format };
}

const formatOfType = (contentType: string) =>
  (Object.keys(MEDIA_TYPES) as MediaFormat[]).find((f) => MEDIA_TYPES[f].contentType === contentType)!;

export async function mediaBytes(
  db: Queryable,
  settings: MediaSettings,
  media: MediaRecord,
  want: VariantRequest,
): Promise<{ bytes: Buffer; contentType: string }> {
  const original = formatOfType(media.contentType);
  const format = want.format ?? original;
  // A width at least the original's and the same format is the original itself.
  const width = want.width !== undefined && want.width < media.width ? want.width : undefined;
  if (width === undefined && format === original)
    return { bytes: await readMediaBytes(db, settings, media), contentType: media.contentType };
  const contentType = MEDIA_TYPES[format].contentType;
  const cached = await db.query<{ bytes: unknown }>(
    'select bytes from media_variants where media_id = $1 and width = $2 and format = $3',
    [media.id, width ?? 0, format],
  );
  if (cached.rows[0]) return { bytes: asBuffer(cached.rows[0].bytes), contentType };
  const bytes = await makeVariant(await readMediaBytes(db, settings, media), width, format);
  // Two instances may make the same variant at once: the first one stored wins, both answer with equal images.
  await db.query(
    `insert into media_variants (site_id, media_id, width, format, bytes) values ($1, $2, $3, $4, $5)
     on conflict (media_id, width, format) do nothing`,
    [media.siteId, media.id, width ?? 0, format, bytes],
  );
  return { bytes, contentType };
}
