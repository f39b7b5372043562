/**
 * Resized and re-encoded copies, made once per (media, width, format) and kept in `media_variants` so every
 * instance serves the same bytes without encoding again. The width set and formats are fixed (images.ts), and a
 * variant is never larger than MAX_VARIANT_WIDTH × MAX_VARIANT_HEIGHT (encode.ts): a format change without `w`
 * is made at the storefront's largest width, never at the original's 40 megapixels.
 *
 * A miss (a variant nobody has made yet) is the only request that costs an encode, so it is bounded four ways: a
 * per-address limit on misses (429), one encode per key in this instance (work.once), one across instances (a
 * `media_variant_claims` row: the first insert encodes, the others poll for its result), and the work slots.
 */
import { appError } from '../errors/catalogue.js';
import type { Queryable } from '../store/types.js';
import { invalidField } from '../errors/wire.js';
import { makeVariant, MAX_VARIANT_WIDTH } from './encode.js';
import { MEDIA_TYPES, VARIANT_FORMATS, VARIANT_WIDTHS, type MediaFormat } from './images.js';
import { asBuffer, readMediaBytes, type MediaRecord } from './store.js';
import type { MediaSettings } from '../config/media.js';
import type { MediaWork } from './work.js';

export interface VariantRequest {
  /** undefined = the original width. */
  width: number | undefined;
  /** undefined = the original format. */
  format: MediaFormat | undefined;
}

/** What is stored: width 0 = the original width (at most MAX_VARIANT_WIDTH), in `format`. */
export interface VariantKey {
  width: number;
  format: MediaFormat;
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

export const formatOfType = (contentType: string) =>
  (Object.keys(MEDIA_TYPES) as MediaFormat[]).find((f) => MEDIA_TYPES[f].contentType === contentType)!;

/**
 * The variant a request stands for, or undefined for the original file itself. A format change without `w` is
 * clamped to MAX_VARIANT_WIDTH; a width at least the original's is the original width (never enlarged).
 */
export function variantKey(media: Pick<MediaRecord, 'contentType' | 'width'>, want: VariantRequest) {
  const original = formatOfType(media.contentType);
  const format = want.format ?? original;
  const asked = want.width ?? (format === original ? undefined : MAX_VARIANT_WIDTH);
  if (asked === undefined) return undefined;
  const width = asked < media.width ? asked : 0;
  return width === 0 && format === original ? undefined : { width, format };
}

export async function readVariant(db: Queryable, mediaId: string, key: VariantKey): Promise<Buffer | undefined> {
  const { rows } = await db.query<{ bytes: unknown }>(
    'select bytes from media_variants where media_id = $1 and width = $2 and format = $3',
    [mediaId, key.width, key.format],
  );
  return rows[0] ? asBuffer(rows[0].bytes) : undefined;
}

export async function storeVariant(db: Queryable, media: MediaRecord, key: VariantKey, bytes: Buffer) {
  await db.query(
    `insert into media_variants (site_id, media_id, width, format, bytes) values ($1, $2, $3, $4, $5)
     on conflict (media_id, width, format) do nothing`,
    [media.siteId, media.id, key.width, key.format, bytes],
  );
}

/** A claim older than this belongs to an instance that stopped mid-encode: it is taken over. */
const CLAIM_SECONDS = 60;
const POLL_MS = 200;

/** The claim for this key, unless another instance holds a fresh one. */
async function claim(db: Queryable, media: MediaRecord, key: VariantKey): Promise<boolean> {
  const { rows } = await db.query(
    `insert into media_variant_claims (site_id, media_id, width, format) values ($1, $2, $3, $4)
     on conflict (media_id, width, format) do update set claimed_at = now()
       where media_variant_claims.claimed_at < now() - make_interval(secs => $5)
     returning media_id`,
    [media.siteId, media.id, key.width, key.format, CLAIM_SECONDS],
  );
  return rows.length > 0;
}

const unclaim = (db: Queryable, media: MediaRecord, key: VariantKey) =>
  db.query('delete from media_variant_claims where media_id = $1 and width = $2 and format = $3', [
    media.id,
    key.width,
    key.format,
  ]);

/**
 * The variant's bytes: stored ones, else made once. `onMiss` runs before this request starts making one (the
 * per-address limit: it throws to refuse); requests joining an encode already running here are not misses.
 */
export async function variantBytes(
  deps: { db: Queryable; settings: MediaSettings; work: MediaWork },
  media: MediaRecord,
  key: VariantKey,
  onMiss: () => Promise<void>,
): Promise<Buffer> {
  const { db, settings, work } = deps;
  const cached = await readVariant(db, media.id, key);
  if (cached) return cached;
  const flight = `${media.id}:${key.width}:${key.format}`;
  if (!work.busy(flight)) await onMiss();
  return work.once(flight, async () => {
    const deadline = Date.now() + (CLAIM_SECONDS + 10) * 1000;
    for (;;) {
      const made = await work.run(async () => {
        // Made meanwhile (by another instance, while this one waited for a slot)?
        const stored = await readVariant(db, media.id, key);
        if (stored) return stored;
        if (!(await claim(db, media, key))) return undefined;
        try {
          work.encoded('variant');
          const bytes = await makeVariant(
            await readMediaBytes(db, settings, media),
            key.width || undefined,
            key.format,
          );
          await storeVariant(db, media, key, bytes);
          return bytes;
        } finally {
          await unclaim(db, media, key);
        }
      });
      if (made) return made;
      // Another instance is making it: its row appears when it is done (or its claim goes stale).
      // Load, not a bug: the shopper's browser may ask again (the original stays servable meanwhile).
      if (Date.now() > deadline) {
        const busy = appError('MEDIA_VARIANT_BUSY');
        busy.headers['retry-after'] = '5';
        throw busy;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
}
