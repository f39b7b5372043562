import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProductSlugs } from '../config/demo-catalog.js';
import { demoPages } from '../config/demo-pages.js';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML = 'http://www.w3.org/1999/xhtml';
const LANGUAGES = ['en', 'fr', 'de', 'es', 'ar'];
// The demo's collections with products, by their slugs (not all-products, not the home page's hidden lists).
const CATEGORIES = ['home', 'kitchen', 'outdoors', 'stationery'];
const INFO_PAGES = demoPages().map((p) => p.slug as string);

/** A strict XML parse: jsdom answers a `parsererror` document for anything that is not well-formed. */
function parseXml(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

interface Entry {
  loc: string;
  lastmod: string | undefined;
  alternates: Record<string, string>;
}

function entries(doc: Document): Entry[] {
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP);
  return [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP, 'loc')[0]!.textContent!,
    lastmod: url.getElementsByTagNameNS(SITEMAP, 'lastmod')[0]?.textContent ?? undefined,
    alternates: Object.fromEntries(
      [...url.getElementsByTagNameNS(XHTML, 'link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]),
    ),
  }));
}

async function get(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return { res, text: await res.text() };
}

/** A raw request, so the Host and X-Forwarded-Host headers are whatever a client says. */
function getWithHost(server: TestServer, path: string, host: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host, 'x-forwarded-host': host, 'accept-encoding': 'gzip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve((res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('sitemap and robots.txt of the demo shop', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists the catalog, each category, each information page and each product in every language, with alternates', async () => {
    const { res, text } = await get(`${server.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const list = entries(parseXml(text));
    expect(list).toHaveLength((1 + CATEGORIES.length + INFO_PAGES.length + demoProductSlugs.length) * LANGUAGES.length);
    for (const entry of list) {
      expect(entry.loc.startsWith(`${server.url}/`)).toBe(true);
      // Each address names all five languages, itself included, and the default as x-default.
      expect(Object.keys(entry.alternates).sort()).toEqual([...LANGUAGES, 'x-default'].sort());
      expect(Object.values(entry.alternates)).toContain(entry.loc);
      for (const href of Object.values(entry.alternates)) expect(href.startsWith(`${server.url}/`)).toBe(true);
    }
    const locs = list.map((e) => e.loc);
    expect(locs).toContain(`${server.url}/`);
    expect(locs).toContain(`${server.url}/ar/`);
    expect(locs).toContain(`${server.url}/?category=kitchen`);
    expect(locs).toContain(`${server.url}/de/?category=stationery`);
    expect(text).not.toMatch(/all-products|hidden-homepage/);
    const mug = list.find((e) => e.loc === `${server.url}/fr/products/stoneware-mug`);
    expect(mug?.alternates).toMatchObject({
      en: `${server.url}/products/stoneware-mug`,
      'x-default': `${server.url}/products/stoneware-mug`,
      ar: `${server.url}/ar/products/stoneware-mug`,
    });
    expect(new Date(mug!.lastmod!).toISOString()).toBe(mug!.lastmod);
    const delivery = list.find((e) => e.loc === `${server.url}/ar/pages/delivery-and-returns`);
    expect(delivery?.alternates).toMatchObject({
      en: `${server.url}/pages/delivery-and-returns`,
      fr: `${server.url}/fr/pages/delivery-and-returns`,
    });
    expect(new Date(delivery!.lastmod!).toISOString()).toBe(delivery!.lastmod);
    expect(locs).toContain(`${server.url}/pages/about`);
    expect(locs).toContain(`${server.url}/de/pages/contact`);
    // The shopper's own pages and the other collections have no place in it.
    expect(text).not.toMatch(/\/cart|\/checkout|\/account|Cart|Orders/);
  });

  it('writes escaped XML and answers gzip when asked', async () => {
    const raw = await getWithHost(server, '/sitemap.xml', new URL(server.url).host);
    // The `&` never appears bare: category views carry a query and are written as `&amp;` where needed.
    expect(raw).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    expect(entries(parseXml(raw)).length).toBeGreaterThan(0);
  });

  it('puts the configured public URL in every address, whatever Host the request names', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const body = await getWithHost(server, path, 'evil.example');
      expect(body).not.toContain('evil.example');
      expect(body).toContain(server.url);
    }
  });

  it('robots.txt allows the shop, keeps shoppers’ pages, APIs and tools out, and names the sitemap', async () => {
    const { res, text } = await get(`${server.url}/robots.txt`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/checkout', '/account', '/sign-in', '/callback', '/order', '/verify'])
      for (const prefix of ['', '/fr', '/ar']) expect(lines).toContain(`Disallow: ${prefix}${path}`);
    for (const path of ['/_api/', '/_admin/', '/wix-data/', '/oauth2/', '/graphql', '/console', '/_dev/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // Nothing a shop page's address starts with is disallowed.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    const shopAddresses = [
      '/',
      '/products/stoneware-mug',
      '/fr/products/stoneware-mug',
      '/?category=home',
      '/fr/',
      '/cart',
      '/pages/about',
      '/ar/pages/contact',
    ];
    // Pictures and scripts too: a crawler renders the pages with them.
    for (const page of [...shopAddresses, '/_media/m1.webp', '/assets/products/stoneware-mug.svg', '/assets/index.js'])
      expect(disallowed.filter((d) => page.startsWith(d))).toEqual([]);
  });
});

describe('a large shop: a sitemap index of small files', () => {
  let server: TestServer;
  beforeAll(async () => {
    // 40 addresses a file: 8 pages (in 5 languages) each; the catalog, 3 information pages and 4 categories fill
    // the pages file, and the 20 products need 3 files.
    server = await startTestServer({ config: (c) => ({ ...c, sitemapPageSize: 40 }) });
  });
  afterAll(() => server.close());

  it('indexes a pages file and product files that together hold every product once', async () => {
    const index = parseXml((await get(`${server.url}/sitemap.xml`)).text);
    expect(index.documentElement.localName).toBe('sitemapindex');
    const files = [...index.getElementsByTagNameNS(SITEMAP, 'loc')].map((l) => l.textContent!);
    expect(files[0]).toBe(`${server.url}/sitemap-pages.xml`);
    expect(files).toHaveLength(1 + Math.ceil(demoProductSlugs.length / 8));

    const pages = entries(parseXml((await get(files[0]!)).text));
    expect(pages).toHaveLength((1 + CATEGORIES.length + INFO_PAGES.length) * LANGUAGES.length);

    const seen: string[] = [];
    for (const file of files.slice(1)) {
      expect(file.startsWith(`${server.url}/sitemap-products.xml`)).toBe(true);
      const list = entries(parseXml((await get(file)).text));
      expect(list.length).toBeLessThanOrEqual(40);
      for (const e of list) {
        expect(e.loc.startsWith(`${server.url}/`)).toBe(true);
        const slug = /\/products\/([^/]+)$/.exec(e.alternates.en!)![1]!;
        if (e.loc === e.alternates.en) seen.push(slug);
      }
    }
    expect(seen.sort()).toEqual([...demoProductSlugs].sort());
  });

  it('answers 404 for a forged file position', async () => {
    const res = await fetch(`${server.url}/sitemap-products.xml?from=eyJrIjoicXVlcnkifQ.AAAA`);
    expect(res.status).toBe(404);
  });
});

describe('hidden products, and the heavy reads', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Two heavy reads a minute per address, read when the routes are registered.
    vi.stubEnv('VITRINE_DATA_QUERY_RATE_LIMIT', '2');
    server = await startTestServer().finally(() => vi.unstubAllEnvs());
  });
  afterAll(() => server.close());

  it('lists no hidden product, and no category whose products are all hidden', async () => {
    const kit = new CommerceKit(server);
    const hidden = await kit.product({ name: 'Secret', slug: 'secret-prototype', visible: false });
    const shown = await kit.product({ name: 'Shown', slug: 'shown-lamp' });
    await kit.collection('secrets', 'Secrets', [hidden]);
    await kit.collection('lamps', 'Lamps', [shown]);
    const { text } = await get(`${server.url}/sitemap.xml`);
    const locs = entries(parseXml(text)).map((e) => e.loc);
    expect(locs).toContain(`${server.url}/products/shown-lamp`);
    expect(locs).toContain(`${server.url}/?category=lamps`);
    expect(text).not.toContain('secret');
    const products = (await get(`${server.url}/sitemap-products.xml`)).text;
    expect(products).toContain('/products/shown-lamp');
    expect(products).not.toContain('secret');
    expect(locs).toHaveLength(
      (1 + CATEGORIES.length + 1 + INFO_PAGES.length + demoProductSlugs.length + 1) * LANGUAGES.length,
    );
  });

  it('counts each products file as a heavy data read of the address', async () => {
    // The test above read one; this is the second, and the third is refused.
    await fetch(`${server.url}/sitemap-products.xml`);
    const third = await fetch(`${server.url}/sitemap-products.xml`);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('awkward names, and the tools', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('escapes a slug and a category full of XML and URL characters', async () => {
    const kit = new CommerceKit(server);
    const slug = `tea & "cups" <b>'s/x?y#z`;
    const odd = await kit.product({ name: 'Odd', slug });
    await kit.collection('home & <garden>', 'Garden', [odd]);
    const list = entries(parseXml((await get(`${server.url}/sitemap.xml`)).text));
    const locs = list.map((e) => e.loc);
    expect(locs).toContain(`${server.url}/products/${encodeURIComponent(slug)}`);
    expect(locs).toContain(`${server.url}/fr/?category=${encodeURIComponent('home & <garden>')}`);
    expect(list).toHaveLength(
      (1 + CATEGORIES.length + 1 + INFO_PAGES.length + demoProductSlugs.length + 1) * LANGUAGES.length,
    );
  });

  it('the console and the dev mailbox and phone answer X-Robots-Tag: noindex', async () => {
    for (const path of ['/console', '/console/sign-in', '/_dev/mail', '/_dev/mail.json', '/_dev/phone']) {
      const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
    }
  });
});
