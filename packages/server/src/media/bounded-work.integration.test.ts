/**
 * Media work is bounded (audit V5-2, V5-9, V5-10) on the real server (PGlite, or PostgreSQL with
 * VITRINE_TEST_DATABASE_URL), with a second instance on the same database: one encode per variant across both, a
 * format change without `w` made at 1920 at most, the image slots observed, the per-address limit on misses, no
 * metadata in any public file, and a 4xx (never a 500) for images outside the limits. Images are a few megapixels:
 * enough to show each effect, cheap for CI. Encodes are counted by the app's own `/metrics` counters.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import type { AppContext } from '../context.js';
import { startTwoInstances, type SecondInstance } from '../../test-support/instances.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { insertMedia } from './store.js';

const MEDIA = { maxBytes: 8 * 1024 * 1024, variantMisses: { limit: 1000, windowSeconds: 60 } };
let server: TestServer;
let second: SecondInstance;

/** A photo-like JPEG (noise: the encoders' worst case). */
const photo = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: 'grey', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function upload(bytes: Buffer, on: TestServer = server) {
  const response = await fetch(`${on.url}/_admin/v1/media?siteId=demo&name=p.jpg`, {
    method: 'POST',
    headers: { authorization: `Bearer ${on.adminKey}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

const get = async (url: string) => {
  const response = await fetch(url);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
};

async function encodes(ctx: AppContext, kind: 'upload' | 'variant'): Promise<number> {
  const metric = ctx.metrics!.registry.getSingleMetric('vitrine_media_encodes_total');
  const values = (await metric!.get()).values;
  return values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
beforeAll(async () => {
  // A second instance on the same database: PostgreSQL through its own pool; PGlite shares its one embedded database.
  instances = await startTwoInstances((c: ServerConfig) => ({ ...c, media: MEDIA }));
  ({ server, second } = instances);
}, 120_000);

afterAll(() => instances?.close());

describe('V5-2: variants cost one bounded encode', () => {
  it('six concurrent requests for one uncached variant, on two instances, encode it once', async () => {
    const { body } = await upload(await photo(1600, 1000));
    const before = (await encodes(server.ctx, 'variant')) + (await encodes(second.app.ctx, 'variant'));
    const path = `${body.media.url}?w=1280&format=avif`;
    const answers = await Promise.all(
      [server.url, second.url, server.url, second.url, server.url, second.url].map((base) => get(`${base}${path}`)),
    );
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.bytes.equals(answers[0]!.bytes)).toBe(true);
    expect((await sharp(answers[0]!.bytes).metadata()).width).toBe(1280);
    const after = (await encodes(server.ctx, 'variant')) + (await encodes(second.app.ctx, 'variant'));
    expect(after - before).toBe(1);
    const claims = await server.ctx.db.query('select 1 from media_variant_claims where media_id = $1', [body.media.id]);
    expect(claims.rows).toEqual([]); // a claim lives only while its variant is made
  });

  it('a format change without w is made at 1920 wide at most, never at the original size', async () => {
    const { body } = await upload(await flat(2400, 1600));
    const avif = await get(`${server.url}${body.media.url}?format=avif`);
    expect(avif.response.status).toBe(200);
    const meta = await sharp(avif.bytes).metadata();
    expect([meta.compression, meta.width, meta.height]).toEqual(['av1', 1920, 1280]);
    // The same format without w is the stored original, no encode.
    const before = await encodes(server.ctx, 'variant');
    const original = await get(`${server.url}${body.media.url}`);
    expect((await sharp(original.bytes).metadata()).width).toBe(2400);
    expect(await encodes(server.ctx, 'variant')).toBe(before);
  });

  it('runs at most one encode at a time (media concurrency 1), the others wait their turn', async () => {
    const { body } = await upload(await photo(1200, 900));
    const running = server.ctx.metrics!.registry.getSingleMetric('vitrine_media_work_running')!;
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, (await running.get()).values[0]?.value ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const before = await encodes(server.ctx, 'variant');
    const answers = await Promise.all(
      [320, 480, 640, 960].map((w) => get(`${server.url}${body.media.url}?w=${w}&format=avif`)),
    );
    sampling = false;
    await sampler;
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200]);
    expect(await encodes(server.ctx, 'variant')).toBe(before + 4);
    expect(most).toBe(1);
  });

  it('serves the storefront’s WebP widths made at upload, without an encode on request', async () => {
    const { body } = await upload(await photo(1200, 800));
    const before = await encodes(server.ctx, 'variant');
    for (const w of [160, 320, 480, 640, 960]) {
      const { response, bytes } = await get(`${server.url}${body.media.url}?w=${w}&format=webp`);
      expect(response.status).toBe(200);
      expect((await sharp(bytes).metadata()).width).toBe(w);
    }
    expect(await encodes(server.ctx, 'variant')).toBe(before);
  });

  it('limits variant misses per address: 429 with Retry-After, while made variants are still served', async () => {
    const limited = await startTestServer({
      config: (c) => ({ ...c, media: { ...MEDIA, variantMisses: { limit: 3, windowSeconds: 60 } } }),
    });
    try {
      const { body } = await upload(await flat(2000, 1000), limited);
      const url = `${limited.url}${body.media.url}`;
      for (const w of [160, 320, 480]) expect((await fetch(`${url}?w=${w}&format=avif`)).status).toBe(200);
      const refused = await fetch(`${url}?w=640&format=avif`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Hits are not misses: a made variant, one made at upload and the original are still served.
      expect((await fetch(`${url}?w=160&format=avif`)).status).toBe(200);
      expect((await fetch(`${url}?w=640&format=webp`)).status).toBe(200);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** A PNG chunk (length, type, data, CRC), to put text where sharp would not. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

describe('V5-9: public files carry no metadata', () => {
  const SECRETS = ['AuditCam', 'SerialX-12345', 'Jane Doe home', 'GPS home'];
  const leaks = (bytes: Buffer) => SECRETS.filter((s) => bytes.includes(s));

  it('strips EXIF (GPS, camera, artist) from a JPEG and applies its orientation', async () => {
    const jpeg = await sharp(await photo(300, 200))
      .withExif({
        IFD0: { Make: 'AuditCam', Model: 'SerialX-12345', Artist: 'Jane Doe home' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(leaks(jpeg)).toEqual(['AuditCam', 'SerialX-12345', 'Jane Doe home']); // the test image carries them
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const { status, body } = await upload(jpeg);
    expect(status).toBe(200);
    // Orientation 6 is a quarter turn: stored upright, 200 × 300.
    expect([body.media.width, body.media.height]).toEqual([200, 300]);
    for (const suffix of ['', '?w=160&format=webp', '?w=160']) {
      const { bytes } = await get(`${server.url}${body.media.url}${suffix}`);
      const meta = await sharp(bytes).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, leaks(bytes)]).toEqual([undefined, undefined, undefined, []]);
    }
  });

  it('strips eXIf, tEXt and XMP chunks from a PNG', async () => {
    const withExif = await sharp(await flat(120, 80))
      .withExif({ IFD0: { Make: 'AuditCam', Artist: 'Jane Doe home' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/>SerialX-12345</x:xmpmeta>')
      .png()
      .toBuffer();
    // A tEXt chunk right after IHDR (8 bytes of signature + 25 of IHDR).
    const png = Buffer.concat([
      withExif.subarray(0, 33),
      pngChunk('tEXt', Buffer.from('Comment\0GPS home 48.85N 2.29E', 'latin1')),
      withExif.subarray(33),
    ]);
    expect(leaks(png)).toEqual(['AuditCam', 'Jane Doe home', 'GPS home']); // the XMP is compressed (zTXt)
    expect(['eXIf', 'tEXt', 'zTXt'].filter((chunk) => png.includes(chunk))).toEqual(['eXIf', 'tEXt', 'zTXt']);
    expect((await sharp(png).metadata()).xmp).toBeDefined();
    const { status, body } = await upload(png);
    expect(status).toBe(200);
    const { bytes } = await get(`${server.url}${body.media.url}`);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.exif, meta.xmp]).toEqual(['png', undefined, undefined]);
    expect(['eXIf', 'tEXt', 'iTXt', 'zTXt'].filter((chunk) => bytes.includes(chunk))).toEqual([]);
    expect(leaks(bytes)).toEqual([]);
  });
});

describe('V5-10: images outside the limits are a 4xx, never a 500', () => {
  it('refuses at upload a side over 16,383 px (413) and an aspect over 50:1 (400), saying why', async () => {
    const wide = await upload(await flat(20_000, 500));
    expect(wide.status).toBe(413);
    expect(wide.body.message).toContain('at most 16383 px');
    const strip = await upload(await flat(4000, 40));
    expect(strip.status).toBe(400);
    expect(strip.body.message).toContain('at most 50 times the other');
  });

  it('variants of a file stored before those limits answer without a 500', async () => {
    const settings = server.ctx.config.media!;
    const stored = [];
    for (const [width, height] of [
      [20_000, 200],
      [1, 40_000],
    ] as const) {
      const bytes = await flat(width, height);
      stored.push(
        await insertMedia(
          server.ctx.db,
          settings,
          { siteId: 'demo', format: 'png', name: 'old', width, height },
          bytes,
        ),
      );
    }
    const statuses = [];
    for (const media of stored)
      for (const query of ['?format=webp', '?w=160&format=avif', '?format=avif'])
        statuses.push((await fetch(`${server.url}/_media/${media.id}.png${query}`)).status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);
  });
});
