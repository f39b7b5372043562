/**
 * Files stored before uploads were cleaned (audit V5-9) lose their metadata in the background (backfill.ts), on the
 * real server (PGlite, or PostgreSQL with VITRINE_TEST_DATABASE_URL): an "old" row is inserted as the old code
 * stored it (bytes with GPS, camera and owner, unmarked, a variant made from them), then a server starts and serves
 * it clean; two instances sweeping at once encode each file once; an undecodable file is marked, not retried.
 */
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VitrineApp } from '../../test-support/boot.js';
import type { ServerConfig } from '../config/types.js';
import { Metrics } from '../metrics/metrics.js';
import type { Database } from '../store/types.js';
import { createPostgresTestDatabase } from '../../test-support/database.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { cleanStoredMedia } from './backfill.js';
import { mediaWork } from './work.js';

const MEDIA = { maxBytes: 8 * 1024 * 1024, variantMisses: { limit: 1000, windowSeconds: 60 } };
let server: TestServer;
/** The same database through a second handle (PostgreSQL), as a second instance would have. */
let otherDb: Database;
let dropDatabase: (() => Promise<void>) | undefined;
const started: VitrineApp[] = [];

/** A JPEG as a phone takes it: GPS, camera and owner in its EXIF. */
const gpsPhoto = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'AuditCam', Model: 'SerialX-12345', Artist: 'Jane Doe home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E' },
    })
    .toBuffer();

/** A row as the code before V5-9 stored it: the uploaded bytes as they came, no mark. */
async function insertOld(bytes: Buffer, contentType = 'image/jpeg', width = 400, height = 300): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await server.ctx.db.query(
    `insert into media (id, site_id, content_type, name, size, width, height, sha256, bytes)
     values ($1, 'demo', $2, 'old.jpg', $3, $4, $5, $6, $7)`,
    [id, contentType, bytes.length, width, height, createHash('sha256').update(bytes).digest('hex'), bytes],
  );
  return id;
}

const row = async (id: string) =>
  (
    await server.ctx.db.query<{ metadata_stripped_at: unknown; metadata_strip_failed: string | null }>(
      'select metadata_stripped_at, metadata_strip_failed from media where id = $1',
      [id],
    )
  ).rows[0]!;

const get = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
};

/** A sweeping instance of our own: its own slots and encode counter, its own log. */
function instance(db: Database) {
  const metrics = new Metrics(db);
  const warnings: string[] = [];
  const log = { info: () => {}, warn: (obj: object) => void warnings.push(JSON.stringify(obj)) };
  const deps = { db, settings: MEDIA, work: mediaWork(1, metrics), log: log as never };
  const encodes = async () =>
    (await metrics.registry.getSingleMetric('vitrine_media_encodes_total')!.get()).values.find(
      (v) => v.labels.kind === 'backfill',
    )?.value ?? 0;
  return { sweep: () => cleanStoredMedia(deps), encodes, warnings };
}

beforeAll(async () => {
  const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
  const database = adminUrl ? await createPostgresTestDatabase(adminUrl) : undefined;
  dropDatabase = database?.drop;
  const config = (c: ServerConfig) => ({ ...c, media: MEDIA });
  server = await startTestServer({ config, ...(database ? { databaseUrl: database.url } : {}) });
  otherDb = database
    ? await (await import('../store/open.js')).openDatabase({ databaseUrl: database.url })
    : server.ctx.db;
}, 120_000);

afterAll(async () => {
  for (const app of started) await app.close();
  if (otherDb !== server?.ctx.db) await otherDb?.close();
  await server?.close();
  await dropDatabase?.();
});

describe('media stored before uploads were cleaned (V5-9)', () => {
  it('a server that starts strips the old original, marks it and replaces the variants made from it', async () => {
    const photo = await gpsPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const id = await insertOld(photo);
    await server.ctx.db.query(
      `insert into media_variants (site_id, media_id, width, format, bytes) values ('demo', $1, 160, 'webp', $2)`,
      [id, Buffer.from('made from the old bytes')],
    );
    const before = await get(`/_media/${id}.jpg`);
    expect((await sharp(before.bytes).metadata()).exif).toBeDefined();

    // A second instance starts on the same database: its media plugin sweeps at start.
    const app = await createApp({ config: server.ctx.config, db: otherDb, logLevel: 'silent' });
    started.push(app);
    const deadline = Date.now() + 20_000;
    while (!(await row(id)).metadata_stripped_at && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));

    expect((await row(id)).metadata_stripped_at).toBeTruthy();
    const served = await get(`/_media/${id}.jpg`);
    expect(served.status).toBe(200);
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.bytes.includes(Buffer.from('AuditCam'))).toBe(false);
    expect(served.bytes.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 300]);
    // The old variant is gone: the storefront's width was made again from the cleaned bytes.
    const variant = await get(`/_media/${id}.jpg?w=160&format=webp`);
    expect((await sharp(variant.bytes).metadata()).format).toBe('webp');
  }, 60_000);

  it('two instances sweeping at once clean each file once', async () => {
    const photo = await gpsPhoto();
    const ids = [await insertOld(photo), await insertOld(photo), await insertOld(photo)];
    const [one, two] = [instance(server.ctx.db), instance(otherDb)];
    const [a, b] = await Promise.all([one.sweep(), two.sweep()]);

    expect(a.cleaned + b.cleaned).toBe(3);
    expect((await one.encodes()) + (await two.encodes())).toBe(3);
    for (const id of ids) {
      expect((await row(id)).metadata_stripped_at).toBeTruthy();
      expect((await sharp((await get(`/_media/${id}.jpg`)).bytes).metadata()).exif).toBeUndefined();
    }
  }, 60_000);

  it('an old file that cannot be decoded is marked with its reason, logged once and not retried', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 33), randomBytes(200)]);
    const id = await insertOld(broken, 'image/png', 50, 50);
    const sweeper = instance(server.ctx.db);

    expect(await sweeper.sweep()).toEqual({ cleaned: 0, failed: 1 });
    const marked = await row(id);
    expect(marked.metadata_stripped_at).toBeTruthy();
    expect(marked.metadata_strip_failed).toBeTruthy();
    expect(sweeper.warnings.filter((w) => w.includes(id))).toHaveLength(1);

    expect(await sweeper.sweep()).toEqual({ cleaned: 0, failed: 0 });
    expect(sweeper.warnings.filter((w) => w.includes(id))).toHaveLength(1);
  }, 60_000);

  it('uploads are stored marked: the sweep leaves them alone', async () => {
    const response = await fetch(`${server.url}/_admin/v1/media?siteId=demo&name=new.jpg`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(await gpsPhoto()),
    });
    const { media } = (await response.json()) as { media: { id: string } };
    expect((await row(media.id)).metadata_stripped_at).toBeTruthy();
    const sweeper = instance(server.ctx.db);
    expect(await sweeper.sweep()).toEqual({ cleaned: 0, failed: 0 });
    expect(await sweeper.encodes()).toBe(0);
  }, 60_000);
});
