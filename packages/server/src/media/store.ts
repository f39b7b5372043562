/**
 * Media rows and their bytes. Bytes go to the `media` table unless a folder is configured (config.ts); the folder's
 * file names are the server's own ids (hex) and extension, never anything the uploader sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Queryable } from '../store/types.js';
import { MEDIA_TYPES, type MediaFormat } from './images.js';
import type { MediaSettings } from '../config/media.js';

export interface MediaRecord {
  id: string;
  siteId: string;
  contentType: string;
  name: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  alt: Record<string, string>;
  createdDate: string;
}

interface MediaRow {
  id: string;
  site_id: string;
  content_type: string;
  name: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  alt: Record<string, string> | string;
  created_at: Date | string;
}

const COLUMNS = 'id, site_id, content_type, name, size, width, height, sha256, alt, created_at';

/** The public path of a media file: `/_media/<id>.<ext>` (`?w=` and `?format=` pick a variant). */
export const MEDIA_PATH = '/_media';
export const mediaUrl = (m: Pick<MediaRecord, 'id' | 'contentType'>) =>
  `${MEDIA_PATH}/${m.id}.${extensionOf(m.contentType)}`;

export function extensionOf(contentType: string): string {
  return Object.values(MEDIA_TYPES).find((t) => t.contentType === contentType)?.ext ?? 'bin';
}

const toRecord = (r: MediaRow): MediaRecord => ({
  id: r.id,
  siteId: r.site_id,
  contentType: r.content_type,
  name: r.name,
  size: Number(r.size),
  width: Number(r.width),
  height: Number(r.height),
  sha256: r.sha256,
  alt: typeof r.alt === 'string' ? (JSON.parse(r.alt) as Record<string, string>) : r.alt,
  createdDate: new Date(r.created_at).toISOString(),
});

/** pg gives a Buffer, PGlite a Uint8Array. */
export const asBuffer = (value: unknown): Buffer =>
  Buffer.isBuffer(value)
    ? value
    : Buffer.from((value as Uint8Array).buffer, (value as Uint8Array).byteOffset, (value as Uint8Array).byteLength);

/**
 * The uploader's file name as a label: the last path segment, letters, digits, spaces and `._-` only, at most 120
 * characters. It is shown in the media library and never used to find or serve a file.
 */
export function cleanName(raw: unknown): string {
  const base = typeof raw === 'string' ? (raw.split(/[\\/]/).pop() ?? '') : '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return cleaned.replace(/^\.+/, '') || 'image';
}

export const filePath = (settings: MediaSettings, id: string, contentType: string) =>
  join(resolve(settings.dir!), `${id}.${extensionOf(contentType)}`);

export async function insertMedia(
  db: Queryable,
  settings: MediaSettings,
  input: { siteId: string; format: MediaFormat; name: string; width: number; height: number; createdBy?: string },
  bytes: Buffer,
): Promise<MediaRecord> {
  const id = randomBytes(12).toString('hex');
  const contentType = MEDIA_TYPES[input.format].contentType;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (settings.dir) {
    await mkdir(resolve(settings.dir), { recursive: true });
    await writeFile(filePath(settings, id, contentType), bytes, { flag: 'wx' });
  }
  const { rows } = await db.query<MediaRow>(
    // Stored cleaned (upload.ts): marked, so the metadata sweep (backfill.ts) never touches it.
    `insert into media (id, site_id, content_type, name, size, width, height, sha256, bytes, created_by,
       metadata_stripped_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now()) returning ${COLUMNS}`,
    [
      id,
      input.siteId,
      contentType,
      input.name,
      bytes.length,
      input.width,
      input.height,
      sha256,
      settings.dir ? null : bytes,
      input.createdBy ?? null,
    ],
  );
  return toRecord(rows[0]!);
}

export async function findMedia(db: Queryable, id: string, siteId?: string): Promise<MediaRecord | undefined> {
  const { rows } = await db.query<MediaRow>(
    `select ${COLUMNS} from media where id = $1 ${siteId ? 'and site_id = $2' : ''}`,
    siteId ? [id, siteId] : [id],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function readMediaBytes(db: Queryable, settings: MediaSettings, media: MediaRecord): Promise<Buffer> {
  const { rows } = await db.query<{ bytes: unknown }>('select bytes from media where id = $1', [media.id]);
  const stored = rows[0]?.bytes;
  if (stored != null) return asBuffer(stored);
  if (!settings.dir)
    throw new Error(`media ${media.id} has no bytes in the database and no media folder is configured`);
  return readFile(filePath(settings, media.id, media.contentType));
}

export async function listMedia(
  db: Queryable,
  siteId: string,
  page: { limit: number; offset: number },
): Promise<{ media: MediaRecord[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    db.query<MediaRow>(
      `select ${COLUMNS} from media where site_id = $1 order by created_at desc, id limit $2 offset $3`,
      [siteId, page.limit, page.offset],
    ),
    db.query<{ n: number }>('select count(*) as n from media where site_id = $1', [siteId]),
  ]);
  return { media: rows.map(toRecord), total: Number(count.rows[0]?.n ?? 0) };
}

export async function setAlt(
  db: Queryable,
  siteId: string,
  id: string,
  alt: Record<string, string>,
): Promise<MediaRecord | undefined> {
  const { rows } = await db.query<MediaRow>(
    `update media set alt = $3::jsonb where id = $1 and site_id = $2 returning ${COLUMNS}`,
    [id, siteId, JSON.stringify(alt)],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function removeMedia(db: Queryable, settings: MediaSettings, media: MediaRecord): Promise<void> {
  await db.query('delete from media where id = $1 and site_id = $2', [media.id, media.siteId]);
  if (settings.dir) await rm(filePath(settings, media.id, media.contentType), { force: true });
}
