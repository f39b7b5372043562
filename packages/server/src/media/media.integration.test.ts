/**
 * Uploaded images on the real server (PGlite, or PostgreSQL with VITRINE_TEST_DATABASE_URL): upload, the public file
 * and its variants, refusals (wrong type, too big, a script named .png, SVG), names never trusted, alt text, where
 * each file is used, the roles that may upload, and a second instance on the same database serving the same file.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import { signedIn } from '../../test-support/owners-kit.js';
import { startTwoInstances, type SecondInstance } from '../../test-support/instances.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

const MAX_BYTES = 64 * 1024;
let server: TestServer;
let second: SecondInstance;

const png = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();

async function upload(
  body: Buffer | string,
  contentType: string,
  name = 'photo.png',
  auth = `Bearer ${server.adminKey}`,
) {
  const response = await fetch(`${server.url}/_admin/v1/media?siteId=demo&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${server.adminKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

let instances: Awaited<ReturnType<typeof startTwoInstances>>;
beforeAll(async () => {
  // A second instance on the same database: PostgreSQL through its own pool; PGlite shares its one embedded database.
  instances = await startTwoInstances((c: ServerConfig) => ({ ...c, media: { maxBytes: MAX_BYTES } }));
  ({ server, second } = instances);
}, 120_000);

afterAll(() => instances?.close());

describe('uploading and serving an image', () => {
  it('stores a PNG, reads its type and size from the bytes, and serves it with immutable cache headers', async () => {
    const bytes = await png();
    // The declared type is wrong on purpose: the bytes decide.
    const res = await upload(bytes, 'application/octet-stream', 'Red square.png');
    expect(res.status).toBe(200);
    expect(res.body.media).toMatchObject({
      contentType: 'image/png',
      width: 600,
      height: 400,
      size: bytes.length,
      name: 'Red square.png',
    });
    expect(res.body.media.url).toMatch(/^\/_media\/[0-9a-f]{24}\.png$/);

    const file = await fetch(`${server.url}${res.body.media.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves resized WebP and AVIF variants from the width set, and refuses other widths', async () => {
    const { body } = await upload(await png(), 'image/png');
    const webp = await fetch(`${server.url}${body.media.url}?w=160&format=webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const webpMeta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', 160, 107]);

    const avif = await fetch(`${server.url}${body.media.url}?w=320&format=avif`);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    const avifMeta = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect([avifMeta.compression, avifMeta.width]).toEqual(['av1', 320]);

    // Never enlarged: a width beyond the original answers the original's size.
    const wide = await fetch(`${server.url}${body.media.url}?w=1920&format=webp`);
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(600);

    const odd = await fetch(`${server.url}${body.media.url}?w=161`);
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as { message: string }).message).toContain('160, 320');
    const svg = await fetch(`${server.url}${body.media.url}?format=svg`);
    expect(svg.status).toBe(400);
  });

  it('answers 404 for an unknown file or the right id with the wrong extension', async () => {
    const { body } = await upload(await png(), 'image/png');
    expect((await fetch(`${server.url}/_media/${'0'.repeat(24)}.png`)).status).toBe(404);
    expect((await fetch(`${server.url}${body.media.url.replace('.png', '.gif')}`)).status).toBe(404);
  });

  it('lists with odd paging as whole numbers (offset=1.5 was a 500 on PostgreSQL, found by the route fuzz)', async () => {
    await upload(await png(), 'image/png');
    for (const query of ['limit=x&offset=1.5', 'limit=2.5&offset=-3', 'limit=1e9&offset=Infinity']) {
      const response = await admin(`/_admin/v1/media?siteId=demo&${query}`);
      expect(response.status, query).toBe(200);
      expect(((await response.json()) as { total: number }).total).toBeGreaterThan(0);
    }
  });

  it('a second instance on the same database serves the same image', async () => {
    const bytes = await png(300, 200);
    const { body } = await upload(bytes, 'image/png');
    const file = await fetch(`${second.url}${body.media.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const variant = await fetch(`${second.url}${body.media.url}?w=160&format=webp`);
    expect(variant.headers.get('content-type')).toBe('image/webp');
  });
});

describe('refusals', () => {
  it('refuses a script named .png with an image type: the bytes are not an image', async () => {
    const res = await upload('<script>alert(document.cookie)</script>', 'image/png', 'evil.png');
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('not a JPEG, PNG, WebP, AVIF or GIF image');
  });

  it('refuses an SVG (a document that can carry scripts) and a text file', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>';
    expect((await upload(svg, 'image/svg+xml', 'logo.svg')).status).toBe(415);
    expect((await upload('just words', 'application/octet-stream', 'notes.jpg')).status).toBe(415);
  });

  it('refuses a JPEG whose header is fine but whose pixels are cut short (the whole image is decoded)', async () => {
    const jpeg = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: 'grey',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    expect((await sharp(truncated).metadata()).format).toBe('jpeg'); // the header alone passes
    expect((await upload(truncated, 'image/jpeg', 'cut.jpg')).status).toBe(415);
  });

  it('refuses a file over the configured size with a 413', async () => {
    const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: 'white' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    const res = await upload(big, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.details.applicationError.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never trusts the name: path parts and odd characters are dropped, the URL is the server’s own id', async () => {
    const res = await upload(await png(), 'image/png', '../../etc/pass<wd>.png');
    expect(res.status).toBe(200);
    expect(res.body.media.name).toBe('passwd.png');
    expect(res.body.media.url).toMatch(/^\/_media\/[0-9a-f]{24}\.png$/);
  });

  it('refuses callers without the admin key or a console role that edits collections', async () => {
    const bytes = await png();
    expect((await upload(bytes, 'image/png', 'x.png', 'Bearer nope')).status).toBe(401);
    const support = await signedIn(server, 'support-media@example.com', 'support');
    const refused = await fetch(`${server.url}/_admin/v1/media?siteId=demo`, {
      method: 'POST',
      headers: { cookie: support.cookie!, 'x-vitrine-csrf': support.csrf!, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(refused.status).toBe(403);
    const editor = await signedIn(server, 'editor-media@example.com', 'editor');
    const allowed = await fetch(`${server.url}/_admin/v1/media?siteId=demo&name=e.png`, {
      method: 'POST',
      headers: { cookie: editor.cookie!, 'x-vitrine-csrf': editor.csrf!, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    expect(allowed.status).toBe(200);
    // The editor's upload is in the audit log as theirs.
    await server.ctx.authEvents.flush();
    const audit = await admin('/_admin/v1/auth-events?siteId=demo&type=owner_action');
    const events = ((await audit.json()) as { events: { email?: string; detail: { action?: string } }[] }).events;
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'editor-media@example.com',
          detail: expect.objectContaining({ action: 'media_uploaded' }),
        }),
      ]),
    );
  });
});

describe('the media library', () => {
  it('lists files newest first with the items that use them, and keeps alt text per language', async () => {
    const { body } = await upload(await png(), 'image/png', 'mug.png');
    const id = body.media.id as string;
    const insert = await admin('/_admin/v1/collections/Products/items', {
      body: { siteId: 'demo', item: { _id: 'media-mug', title: 'Mug', image: body.media.url } },
    });
    expect(insert.status).toBe(200);

    const alt = await admin(`/_admin/v1/media/${id}/alt`, {
      method: 'PUT',
      body: { siteId: 'demo', alt: { en: 'A red mug', fr: 'Un mug rouge' } },
    });
    expect(alt.status).toBe(200);
    const wrongLanguage = await admin(`/_admin/v1/media/${id}/alt`, {
      method: 'PUT',
      body: { siteId: 'demo', alt: { xx: 'nope' } },
    });
    expect(wrongLanguage.status).toBe(400);

    const list = (await (await admin('/_admin/v1/media?siteId=demo')).json()) as {
      media: { id: string; alt: Record<string, string>; usedBy: unknown[] }[];
    };
    expect(list.media[0]!.id).toBe(id);
    expect(list.media[0]!.alt).toEqual({ en: 'A red mug', fr: 'Un mug rouge' });
    expect(list.media[0]!.usedBy).toEqual([{ collection: 'Products', itemId: 'media-mug', field: 'image' }]);
    const one = (await (await admin(`/_admin/v1/media/${id}?siteId=demo`)).json()) as typeof list;
    expect(one).toMatchObject({ media: { id, alt: { fr: 'Un mug rouge' }, usedBy: [{ itemId: 'media-mug' }] } });

    expect((await admin(`/_admin/v1/media/${id}?siteId=demo`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${server.url}${body.media.url}`)).status).toBe(404);
  });
});

describe('media in a folder (media.dir)', () => {
  it('keeps the bytes in the folder under the server’s own name, none in the database, and serves them', async () => {
    const { mkdtemp, readdir, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'vitrine-media-'));
    const onDisk = await startTestServer({ config: (c) => ({ ...c, media: { dir, maxBytes: MAX_BYTES } }) });
    try {
      const bytes = await png(200, 100);
      const response = await fetch(`${onDisk.url}/_admin/v1/media?siteId=demo&name=../../x.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${onDisk.adminKey}`, 'content-type': 'image/png' },
        body: new Uint8Array(bytes),
      });
      const { media } = (await response.json()) as { media: { id: string; url: string } };
      expect(await readdir(dir)).toEqual([`${media.id}.png`]);
      expect((await readFile(join(dir, `${media.id}.png`))).equals(bytes)).toBe(true);
      const stored = await onDisk.ctx.db.query<{ bytes: unknown }>('select bytes from media where id = $1', [media.id]);
      expect(stored.rows[0]!.bytes).toBeNull();
      const served = await fetch(`${onDisk.url}${media.url}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      await fetch(`${onDisk.url}/_admin/v1/media/${media.id}?siteId=demo`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${onDisk.adminKey}` },
      });
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await onDisk.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
