/**
 * Server-rendered storefront pages over real HTTP, as `curl` or a link preview sees them: the real storefront's
 * server bundle (built here with `vite build --ssr`), the real data API and the commerce module's Stores wire (read
 * in-process with a signed-out visitor's token), the demo catalog.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';

const storefront = fileURLToPath(new URL('../../../../apps/storefront/', import.meta.url));
let dist: string;
let server: TestServer;
let hidden: TestServer;
let withoutPages: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vitrine-ssr-'));
  // The page template is the app's index.html (the browser build only changes its script tags).
  copyFileSync(join(storefront, 'index.html'), join(dist, 'index.html'));
  await build({
    root: storefront,
    configFile: join(storefront, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: join(dist, 'ssr'), emptyOutDir: true },
  });
  server = await startTestServer({ config: (c) => ({ ...c, storefrontDir: dist }) });
  [hidden, withoutPages] = await Promise.all([
    // A shop where the owner hides a product (below): a visitor's page must not show it.
    startTestServer({ config: (c) => ({ ...c, storefrontDir: dist }) }),
    // A shop whose config declares no information pages.
    startTestServer({
      config: (c) => ({ ...c, storefrontDir: dist }),
      site: (site) => ({ ...site, collections: site.collections.filter((c) => c.id != 'Pages') }),
    }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([server?.close(), hidden?.close(), withoutPages?.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const page = async (target: TestServer, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${target.url}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text(), res };
};
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
interface ProductLd {
  name: string;
  sku: string;
  image: string[];
  offers: { availability: string };
}
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as ProductLd;
const hreflangs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );

/** A product made through the commerce admin API (`price` in dollars, the demo's currency). */
async function insertProduct(item: {
  title: string;
  slug: string;
  price: number;
  stock: number;
  description?: string;
  image?: string;
}) {
  const product = {
    slug: item.slug,
    name: item.title,
    ...(item.description ? { description: item.description } : {}),
    ...(item.image ? { media: [{ id: 'picture', url: item.image, width: 64, height: 64 }] } : {}),
    variants: [{ price: Math.round(item.price * 100), trackStock: true, stock: item.stock }],
  };
  const res = await fetch(`${server.url}/_admin/v1/commerce/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ siteId: server.siteId, product }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('server-rendered storefront pages', () => {
  it('answers curl on a product address with HTML: title, price, description, JSON-LD, Open Graph, canonical, hreflang', async () => {
    for (const accept of [undefined, '*/*']) {
      const { status, type, html, res } = await page(server, '/products/stoneware-mug', accept ? { accept } : {});
      expect(status).toBe(200);
      expect(type).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(html).toMatch(/^<!doctype html>\s*<html lang="en" dir="ltr">/);
      expect(html).toContain('<title>Stoneware Mug · Demo Store</title>');
      expect(html).toContain('<h1 tabindex="-1" class="page-heading">Stoneware Mug</h1>');
      expect(html).toContain('$18.00');
      expect(meta(html, 'description')).toBe(
        'A hand-glazed 350 ml mug that keeps coffee warm and sits well in the hand.',
      );
      expect(html).toContain(`<link rel="canonical" href="${server.url}/products/stoneware-mug" />`);
      expect(meta(html, 'og:type')).toBe('product');
      expect(meta(html, 'og:title')).toBe('Stoneware Mug');
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${server.url}/`));
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(hreflangs(html)).toEqual({
        en: `${server.url}/products/stoneware-mug`,
        fr: `${server.url}/fr/products/stoneware-mug`,
        de: `${server.url}/de/products/stoneware-mug`,
        es: `${server.url}/es/products/stoneware-mug`,
        ar: `${server.url}/ar/products/stoneware-mug`,
        'x-default': `${server.url}/products/stoneware-mug`,
      });
      const product = jsonLd(html);
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Stoneware Mug',
        description: 'A hand-glazed 350 ml mug that keeps coffee warm and sits well in the hand.',
        url: `${server.url}/products/stoneware-mug`,
        offers: {
          '@type': 'Offer',
          price: '18.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      });
      expect(product.sku).toEqual(expect.any(String));
      expect(product.image[0]).toMatch(new RegExp(`^${server.url}/`));
      // The data the page was rendered with rides along, so the browser hydrates without asking again.
      const state = JSON.parse(
        /<script type="application\/json" id="vitrine-state">([\s\S]*?)<\/script>/.exec(html)![1]!,
      );
      expect(state.language).toBe('en');
      expect(state.queries.map(([key]: [string]) => key)).toContain('["shared","product","stoneware-mug"]');
      expect(html).not.toContain('/_vitrine/config.json');
    }
  });

  it('renders /fr/ in French (translated title and category) with lang="fr", and /ar/ right to left', async () => {
    const fr = await page(server, '/fr/products/stoneware-mug');
    expect(fr.status).toBe(200);
    expect(fr.html).toContain('<html lang="fr" dir="ltr">');
    expect(fr.html).toContain('<title>Mug en grès · Demo Store</title>');
    expect(fr.html).toContain(`<link rel="canonical" href="${server.url}/fr/products/stoneware-mug" />`);
    expect(jsonLd(fr.html).name).toBe('Mug en grès');
    expect(fr.html).toContain('18,00'); // the French way of writing the price
    // Links stay within the language.
    expect(fr.html).toMatch(/<a href="\/fr\/" class="brand"/);
    const catalog = await page(server, '/fr/');
    expect(catalog.html).toContain('<html lang="fr" dir="ltr">');
    expect(catalog.html).toContain('href="/fr/products/stoneware-mug"');
    expect(catalog.html).toContain('Mug en grès');
    expect(meta(catalog.html, 'og:type')).toBe('website');
    expect(hreflangs(catalog.html)['x-default']).toBe(`${server.url}/`);

    const ar = await page(server, '/ar/products/stoneware-mug');
    expect(ar.status).toBe(200);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('renders category views by their collection, with their translated name', async () => {
    const en = await page(server, '/?category=kitchen');
    const categories = JSON.parse(/"\[\\"shared\\",\\"categories\\"\]",(\[.*?\])\]/.exec(en.html)?.[1] ?? '[]');
    expect(categories.length).toBeGreaterThan(0);
    const kitchen = categories.find((c: { name: string }) => c.name == 'Kitchen');
    expect(kitchen.id).toBe('kitchen');
    const view = await page(server, `/fr/?category=${encodeURIComponent(kitchen.id)}&sort=price-asc`);
    expect(view.status).toBe(200);
    expect(view.html).toContain('<title>Cuisine · Demo Store</title>');
    // Only the kitchen's products, cheapest first.
    expect(view.html).toContain('href="/fr/products/pour-over-kettle"');
    expect(view.html).not.toContain('href="/fr/products/dot-grid-notebook"');
    expect(view.html).toContain(
      `<link rel="canonical" href="${server.url}/fr/?category=${encodeURIComponent(kitchen.id)}" />`,
    );
  });

  it('answers an unknown product with a real 404 page', async () => {
    const { status, type, html } = await page(server, '/products/no-such-thing');
    expect(status).toBe(404);
    expect(type).toContain('text/html');
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).not.toContain('application/ld+json');
  });

  it('keeps a hostile product title inert in the markup, the JSON-LD and the data', async () => {
    const title = 'Evil </script><script>alert(1)</script> <img src=x onerror=alert(2)>';
    await insertProduct({ title, slug: 'evil', price: 1, stock: 0, description: '<p>x</p><script>alert(3)</script>' });
    const { status, html } = await page(server, '/products/evil');
    expect(status).toBe(200);
    // Only the page's own scripts: the module script, the JSON-LD and the data, each closed once.
    expect(html.match(/<script/g)).toHaveLength(html.match(/<\/script>/g)!.length);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    // The rich-text description is rendered on the server too, through the same allowlist as in the browser.
    expect(html).toContain('<div class="rich-text"><p>x</p></div>');
    expect(jsonLd(html).name).toBe(title);
    expect(jsonLd(html).offers.availability).toBe('https://schema.org/OutOfStock');
    expect(meta(html, 'og:title')).toBe(
      'Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;',
    );
  });

  it("puts a title with dollar signs into the page as written ($& and $' are text, not replacement patterns)", async () => {
    const title = "Two for $$5: $& and $' and $`";
    await insertProduct({ title, slug: 'dollars', price: 5, stock: 3, description: "Costs $' less" });
    const { status, html } = await page(server, '/products/dollars');
    expect(status).toBe(200);
    expect(jsonLd(html).name).toBe(title);
    expect(meta(html, 'og:title')).toBe('Two for $$5: $&amp; and $&#39; and $`');
    // In the head (title, previews) and in the markup, `$$` stays two signs.
    expect(html.match(/Two for \$\$5/g)!.length).toBeGreaterThanOrEqual(4);
    expect(html).toMatch(/Costs \$(&#x27;|&#39;|') less/);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it("shows an uploaded picture with the media library's alt text in the page's language", async () => {
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83c28' } })
      .png()
      .toBuffer();
    const admin = { authorization: `Bearer ${server.adminKey}` };
    const uploaded = await fetch(`${server.url}/_admin/v1/media?siteId=demo&name=vase.png`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    const { media } = (await uploaded.json()) as { media: { id: string; url: string } };
    const alt = { en: 'A red stoneware vase', fr: 'Un vase rouge en grès' };
    const saved = await fetch(`${server.url}/_admin/v1/media/${media.id}/alt`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: 'demo', alt }),
    });
    expect(saved.status).toBe(200);
    await insertProduct({ title: 'Red vase', slug: 'red-vase', price: 30, stock: 2, image: media.url });
    const image = (html: string) => /<img class="product-page__image"[^>]*alt="([^"]*)"/.exec(html)?.[1];
    expect(image((await page(server, '/products/red-vase')).html)).toBe(alt.en);
    expect(image((await page(server, '/fr/products/red-vase')).html)).toBe(alt.fr);
    // German has none: the site's default language's.
    expect(image((await page(server, '/de/products/red-vase')).html)).toBe(alt.en);
    expect(await (await fetch(`${server.url}${media.url}/alt?language=fr`)).json()).toEqual({ alt: alt.fr });
  });

  it('renders information pages: /pages/<slug> in every language, linked from every page footer', async () => {
    const { status, type, html } = await page(server, '/pages/delivery-and-returns');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toContain('<title>Delivery and returns · Demo Store</title>');
    expect(html).toContain('<h1 tabindex="-1" class="page-heading">Delivery and returns</h1>');
    // The rich text is rendered on the server, through the storefront's allowlist.
    expect(html).toMatch(/<div class="rich-text"><h2>Delivery<\/h2><p><strong>Standard delivery<\/strong> takes/);
    // The preview text is the page's paragraphs, not its headings run into them.
    expect(meta(html, 'description')).toMatch(/^Standard delivery takes 3–5 working days/);
    expect(meta(html, 'og:title')).toBe('Delivery and returns');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/pages/delivery-and-returns" />`);
    expect(hreflangs(html)).toMatchObject({
      fr: `${server.url}/fr/pages/delivery-and-returns`,
      ar: `${server.url}/ar/pages/delivery-and-returns`,
      'x-default': `${server.url}/pages/delivery-and-returns`,
    });
    expect(html).not.toContain('application/ld+json');

    const fr = await page(server, '/fr/pages/contact');
    expect(fr.status).toBe(200);
    expect(fr.html).toContain('<html lang="fr" dir="ltr">');
    expect(fr.html).toContain('<title>Nous contacter · Demo Store</title>');
    expect(fr.html).toContain('<a href="mailto:hello@example.com" rel="noopener noreferrer nofollow">');
    const ar = await page(server, '/ar/pages/about');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('>من نحن</h1>');

    // Every rendered page's footer links the pages in order, in the page's language and under its address.
    const footer = (html: string) => /<footer[\s\S]*?<\/footer>/.exec(html)![0];
    const links = (html: string) =>
      [...footer(html).matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(links((await page(server, '/')).html)).toEqual([
      '/pages/about About us',
      '/pages/delivery-and-returns Delivery and returns',
      '/pages/contact Contact us',
    ]);
    expect(links((await page(server, '/de/products/stoneware-mug')).html)).toEqual([
      '/de/pages/about Über uns',
      '/de/pages/delivery-and-returns Versand und Rückgabe',
      '/de/pages/contact Kontakt',
    ]);
    expect(footer(html)).toMatch(/<nav aria-label="About the shop">/);
  });

  it('shows an owner’s edit of a page at once, and answers an unknown page with a real 404', async () => {
    const res = await fetch(`${server.url}/wix-data/v2/items/update`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        dataCollectionId: 'Pages',
        dataItem: {
          id: 'about',
          data: { _id: 'about', slug: 'about', title: 'Our story', body: '<p>Since 2019.</p>', position: 1 },
        },
      }),
    });
    expect(res.status).toBe(200);
    const about = await page(server, '/pages/about');
    expect(about.html).toContain('<title>Our story · Demo Store</title>');
    expect(about.html).toContain('<div class="rich-text"><p>Since 2019.</p></div>');
    expect(meta(about.html, 'description')).toBe('Since 2019.');

    // A page without a position has its address but no footer link.
    const press = await fetch(`${server.url}/wix-data/v2/items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        dataCollectionId: 'Pages',
        dataItem: { data: { slug: 'press', title: 'Press kit', body: '<p>Logos.</p>' } },
      }),
    });
    expect(press.status).toBe(200);
    const pressPage = await page(server, '/pages/press');
    expect(pressPage.status).toBe(200);
    expect(pressPage.html).toContain('<title>Press kit · Demo Store</title>');
    expect(/<footer[\s\S]*?<\/footer>/.exec(pressPage.html)![0]).not.toContain('Press kit');

    const missing = await page(server, '/pages/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.type).toContain('text/html');
    expect(missing.html).toContain('<title>Page not found · Demo Store</title>');
  });

  it('a shop without a Pages collection: no footer links, and /pages/… is a 404 page, not an error', async () => {
    const missing = await page(withoutPages, '/fr/pages/about');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<html lang="fr" dir="ltr">');
    expect(missing.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(/<footer[\s\S]*?<\/footer>/.exec(missing.html)![0]).not.toContain('<a ');
  });

  it('never shows what a visitor may not read', async () => {
    await hidden.ctx.db.query(
      `update commerce_products set visible = false where site_id = $1 and slug = 'stoneware-mug'`,
      [hidden.siteId],
    );
    // A hidden product is not found for shoppers: a real 404 page, which names nothing of it.
    const { status, html } = await page(hidden, '/products/stoneware-mug');
    expect(status).toBe(404);
    expect(html).not.toContain('Stoneware Mug');
    const home = await page(hidden, '/');
    expect(home.html).not.toContain('Stoneware Mug');
  });

  it('leaves other pages to the browser app and never serves its own server bundle', async () => {
    const cart = await page(server, '/fr/cart', { accept: 'text/html' });
    expect(cart.status).toBe(200);
    expect(cart.html).toContain('<div id="root"></div>');
    expect((await page(server, '/ssr/entry-server.js')).status).toBe(404);
  });

  it('answers a browser asking for an address no route knows with a real 404 page, in its language', async () => {
    for (const [path, language, title] of [
      ['/no-such-page', 'en', 'Page not found · Demo Store'],
      ['/account/nothing', 'en', 'Page not found · Demo Store'],
      ['/fr/nulle-part', 'fr', 'Page introuvable · Demo Store'],
    ] as const) {
      // A client that asks for no page (an API call, a script) gets the API's 404, not HTML.
      const api = await page(server, path, { accept: 'application/json' });
      expect(api.status, path).toBe(404);
      expect(JSON.parse(api.html)).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
      for (const accept of ['text/html', 'text/html,application/xhtml+xml,*/*;q=0.8']) {
        const missing = await page(server, path, { accept });
        expect(missing.status, path).toBe(404);
        expect(missing.type).toContain('text/html');
        expect(missing.html).toContain(`<html lang="${language}" dir="ltr">`);
        expect(missing.html).toContain(`<title>${title}</title>`);
        // Somewhere to go: the catalog and its categories, rendered.
        expect(missing.html).toMatch(/<a href="(\/fr)?\/\?category=[a-z-]+"/);
      }
    }
  });
});
