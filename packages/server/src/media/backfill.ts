/**
 * The metadata sweep (audit V5-9): files stored before uploads were cleaned still carry their EXIF (GPS, camera,
 * owner), XMP, IPTC or PNG text. Each instance runs this at start and then every ten minutes until no unmarked
 * row is left (a row is marked by migration 26's `metadata_stripped_at`; uploads are stored marked).
 *
 * One file at a time, inside the media work slots (work.ts), so sign-ins, uploads and variants keep their share:
 * a conditional update claims the row (two instances never clean the same file), the same `cleanWithVariants` as an
 * upload re-encodes it, and one transaction replaces the bytes, marks the row and swaps its variants (they were
 * made from the old bytes). A file that cannot be read or decoded is marked with its reason, logged once, never
 * retried. Before the first file, variants no request can reach any more (a full-size copy wider than 1920, made
 * before variants were bounded) are deleted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../store/types.js';
import { primaryOf } from '../store/read-replica.js';
import { MAX_VARIANT_WIDTH } from './encode.js';
import { checkLimits, readImageFacts, VARIANT_WIDTHS } from './images.js';
import { filePath, findMedia, readMediaBytes, type MediaRecord } from './store.js';
import { cleanWithVariants, type CleanedWithVariants } from './upload.js';
import { formatOfType, storeVariant } from './variants.js';
import type { MediaSettings } from '../config/media.js';
import type { MediaWork } from './work.js';

export interface SweepDeps {
  db: Database;
  settings: MediaSettings;
  work: MediaWork;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** A claim older than this belongs to an instance that stopped mid-file: it is taken over. */
const CLAIM_MINUTES = 10;
const REPEAT_MS = 10 * 60_000;
/** A progress line at most this often (a large library takes a while at one file at a time). */
const PROGRESS_MS = 30_000;

const countLeft = async (db: Queryable) =>
  Number(
    (await db.query<{ n: number }>('select count(*) as n from media where metadata_stripped_at is null')).rows[0]?.n ??
      0,
  );

/** Full-size copies wider than MAX_VARIANT_WIDTH and widths at or over the original's: no request maps to them. */
async function deleteStaleVariants(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `delete from media_variants v using media m where v.media_id = m.id and (
       (v.width = 0 and m.width > $1) or (v.width <> 0 and (v.width >= m.width or v.width <> all($2::int[]))))`,
    [MAX_VARIANT_WIDTH, [...VARIANT_WIDTHS]],
  );
  return rowCount;
}

/**
 * Cleans unmarked originals one at a time until none is left or `stopped()`; returns what this call did (another
 * instance may do some of them meanwhile).
 */
export async function cleanStoredMedia(
  deps: SweepDeps,
  stopped: () => boolean = () => false,
): Promise<{ cleaned: number; failed: number }> {
  const db = primaryOf(deps.db);
  const done = { cleaned: 0, failed: 0 };
  let left = await countLeft(db);
  if (left === 0) return done;
  const stale = await deleteStaleVariants(db);
  deps.log.info({ left, staleVariantsDeleted: stale }, 'media metadata sweep: cleaning files stored before V5-9');
  let lastLog = Date.now();
  while (!stopped()) {
    const { rows } = await db.query<{ id: string }>(
      `select id from media where metadata_stripped_at is null
         and (metadata_claimed_at is null or metadata_claimed_at < now() - make_interval(mins => $1))
       order by created_at, id limit 1`,
      [CLAIM_MINUTES],
    );
    if (!rows[0]) break;
    const outcome = await deps.work.run(() => cleanOne(deps, db, rows[0]!.id));
    if (outcome !== 'taken') done[outcome]++;
    if (Date.now() - lastLog > PROGRESS_MS) {
      lastLog = Date.now();
      left = await countLeft(db);
      deps.log.info({ left, ...done }, 'media metadata sweep: progress');
    }
  }
  if (!stopped()) deps.log.info(done, 'media metadata sweep: done');
  return done;
}

/** One file, inside an image slot: claimed, cleaned, replaced and marked; or marked as failed; or already taken. */
async function cleanOne(deps: SweepDeps, db: Database, id: string): Promise<'cleaned' | 'failed' | 'taken'> {
  const { rows } = await db.query<{ in_folder: boolean }>(
    `update media set metadata_claimed_at = now() where id = $1 and metadata_stripped_at is null
       and (metadata_claimed_at is null or metadata_claimed_at < now() - make_interval(mins => $2))
     returning (bytes is null) as in_folder`,
    [id, CLAIM_MINUTES],
  );
  const media = rows[0] && (await findMedia(db, id));
  if (!media) return 'taken';
  let result: CleanedWithVariants;
  try {
    result = await cleaned(deps, db, media);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.query(
      `update media set metadata_stripped_at = now(), metadata_strip_failed = $2, metadata_claimed_at = null
       where id = $1 and metadata_stripped_at is null`,
      [id, reason.slice(0, 500)],
    );
    deps.log.warn(
      { mediaId: id, siteId: media.siteId, reason },
      'media metadata sweep: this file cannot be cleaned; it is served as stored (delete it or upload it again)',
    );
    return 'failed';
  }
  const bytes = result.cleaned.bytes;
  const inFolder = Boolean(rows[0]!.in_folder) && Boolean(deps.settings.dir);
  const target = inFolder ? filePath(deps.settings, media.id, media.contentType) : '';
  const temporary = `${target}.${randomBytes(6).toString('hex')}.cleaning`;
  if (inFolder) await writeFile(temporary, bytes, { flag: 'wx' });
  try {
    const replaced = await db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `update media set bytes = $2, size = $3, width = $4, height = $5, sha256 = $6, metadata_stripped_at = now(),
           metadata_strip_failed = null, metadata_claimed_at = null
         where id = $1 and metadata_stripped_at is null`,
        [
          id,
          inFolder ? null : bytes,
          bytes.length,
          result.cleaned.width,
          result.cleaned.height,
          createHash('sha256').update(bytes).digest('hex'),
        ],
      );
      if (rowCount === 0) return false;
      // The variants were made from the old bytes: today's storefront widths replace them, the rest are remade on request.
      await tx.query('delete from media_variants where media_id = $1', [id]);
      for (const variant of result.variants) await storeVariant(tx, media, variant.key, variant.bytes);
      // Last, so a failed commit before it leaves the old file with its old row.
      if (inFolder) await rename(temporary, target);
      return true;
    });
    return replaced ? 'cleaned' : 'taken';
  } finally {
    if (inFolder) await rm(temporary, { force: true });
  }
}

/** The stored file re-encoded like an upload; throws (the reason) when it cannot be read or decoded. */
async function cleaned(deps: SweepDeps, db: Database, media: MediaRecord): Promise<CleanedWithVariants> {
  const stored = await readMediaBytes(db, deps.settings, media);
  const facts = await readImageFacts(stored);
  if (facts.format !== formatOfType(media.contentType))
    throw new Error(`the bytes are ${facts.format}, the file is served as ${media.contentType}`);
  let withinLimits = true;
  try {
    checkLimits(facts);
  } catch {
    // Stored before today's limits: cleaned all the same, its variants are made on request where they can be.
    withinLimits = false;
  }
  deps.work.encoded('backfill');
  return cleanWithVariants(stored, facts, withinLimits);
}

/** Runs the sweep now and every ten minutes (unref'd); `stop()` waits for the file being cleaned. */
export function startMetadataSweep(deps: SweepDeps, repeatMs = REPEAT_MS): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (stopped || running) return;
    running = cleanStoredMedia(deps, () => stopped)
      .catch((error: unknown) =>
        deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'media metadata sweep failed'),
      )
      .finally(() => (running = undefined));
  };
  const timer = setInterval(run, repeatMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
