/**
 * Product search (docs/commerce.md → Search) through GET /_api/vitrine/v1/products/search on a real server: ranked,
 * stemmed per language, typo-tolerant, highlighted as ranges, faceted, kept in step by the catalog's triggers, and
 * bounded. Runs on PGlite, and on PostgreSQL with VITRINE_TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';
import { deleteProduct, saveProduct } from '../catalog/store.js';

let server: TestServer;
let kit: CommerceKit;
let token: string;
const ids: Record<string, string> = {};
let kitchen: string;

const search = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
  const res = await kit.call('GET', `/_api/vitrine/v1/products/search?${new URLSearchParams(query)}`, {
    token,
    headers,
  });
  return res as { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const names = (body: { results: { product: { name: string } }[] }) => body.results.map((r) => r.product.name);

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, shop: { ...s.shop, currency: 'EUR' } }) });
  kit = new CommerceKit(server);
  ids.mug = await kit.product({
    name: 'Stoneware Quokka Mug',
    description: '<p>A heavy cup for <b>coffee</b> mornings.</p>',
    options: [{ name: 'Glaze', optionType: 'drop_down', choices: [{ value: 'sage', description: 'Sagebrush' }] }],
    variants: [{ choices: { Glaze: 'sage' }, price: 1800, stock: 5 }],
    translations: {
      fr: { name: 'Tasse quokka en grès', description: 'Une tasse lourde pour le café' },
      ar: { name: 'كوب كوكا حجري', description: 'كوب ثقيل للقهوة' },
    },
  });
  ids.beans = await kit.product({
    name: 'Quokka Coffee Beans',
    description: '<p>Beans to fill a quokka mug, roasted for runners.</p>',
    variants: [{ price: 1500, stock: 0 }],
  });
  ids.shoes = await kit.product({
    name: 'Quokka Running Shoes',
    description: 'Light shoes.',
    variants: [{ price: 9000, stock: 3 }],
  });
  ids.hidden = await kit.product({ name: 'Secret Quokka Mug', visible: false, variants: [{ price: 100, stock: 1 }] });
  ids.script = await kit.product({
    name: '<script>alert(1)</script> Quokka Mug',
    variants: [{ price: 30000, stock: 1 }],
  });
  kitchen = await kit.collection('quokka-kitchen', 'Quokka Kitchen', [ids.mug!, ids.beans!]);
  token = await kit.visitor();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('GET /_api/vitrine/v1/products/search', () => {
  it('ranks a name that says the words above a description that does, and leaves hidden products out', async () => {
    const { status, body } = await search({ q: 'mug' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.matched).toBe('text');
    const found = names(body);
    expect(found).not.toContain('Secret Quokka Mug');
    expect(found.indexOf('Stoneware Quokka Mug')).toBeLessThan(found.indexOf('Quokka Coffee Beans'));
    expect(found).toContain('Quokka Coffee Beans');
    expect(body.total).toBe(found.length);
    expect(body.exhaustive).toBe(true);
  });

  it('stems in the site’s language, matches choices, and completes the word being typed', async () => {
    expect(names((await search({ q: 'quokka mugs' })).body)).toContain('Stoneware Quokka Mug');
    expect(names((await search({ q: 'runs quokka' })).body)).toEqual(['Quokka Running Shoes']);
    expect(names((await search({ q: 'quokka sagebrush' })).body)).toEqual(['Stoneware Quokka Mug']);
    expect(names((await search({ q: 'quokka stonew' })).body)).toEqual(['Stoneware Quokka Mug']);
  });

  it('searches translations stemmed in the shopper’s language, and names and highlights them in it', async () => {
    const fr = await search({ q: 'tasses quokka' }, { 'accept-language': 'fr' });
    expect(names(fr.body)).toEqual(['Tasse quokka en grès']);
    expect(fr.body.results[0].nameHighlights).toEqual([
      { start: 0, end: 5 },
      { start: 6, end: 12 },
    ]);
    const ar = await search({ q: 'كوب كوكا' }, { 'accept-language': 'ar' });
    expect(names(ar.body)).toEqual(['كوب كوكا حجري']);
    expect(ar.body.results[0].nameHighlights).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 8 },
    ]);
  });

  it('forgives typos when no product says the words: the shop’s closest words instead', async () => {
    const { body } = await search({ q: 'stonewear' });
    expect(body.matched).toBe('similar');
    expect(names(body)).toContain('Stoneware Quokka Mug');
    // Each word on its own: two typos still find it.
    const two = await search({ q: 'quokak stonwear' });
    expect(two.body).toMatchObject({ matched: 'similar', corrected: 'quokka stoneware' });
    expect(names(two.body)[0]).toBe('Stoneware Quokka Mug');
    expect((await search({ q: 'qqqxxzz' })).body).toMatchObject({ total: 0, results: [] });
  });

  it('highlights with ranges into the text, which stays text', async () => {
    const { body } = await search({ q: 'quokka mug' });
    const hit = body.results.find((r: { product: { id: string } }) => r.product.id === ids.script);
    expect(hit.product.name).toBe('<script>alert(1)</script> Quokka Mug');
    const marked = hit.nameHighlights.map((r: { start: number; end: number }) =>
      hit.product.name.slice(r.start, r.end),
    );
    expect(marked).toEqual(['Quokka', 'Mug']);
  });

  it('counts facets over the matches and filters by them', async () => {
    const { body } = await search({ q: 'quokka' });
    expect(body.total).toBe(4);
    expect(body.currency).toBe('EUR');
    expect(body.facets.collections).toEqual([
      { id: kitchen, slug: 'quokka-kitchen', name: 'Quokka Kitchen', count: 2 },
    ]);
    expect(body.facets.prices).toEqual([
      { from: 1000, to: 2500, count: 2 },
      { from: 5000, to: 10000, count: 1 },
      { from: 25000, to: 50000, count: 1 },
    ]);
    expect(body.facets.inStock).toBe(3);
    expect(names((await search({ q: 'quokka', collectionId: kitchen })).body).sort()).toEqual([
      'Quokka Coffee Beans',
      'Stoneware Quokka Mug',
    ]);
    expect(names((await search({ q: 'quokka', inStock: 'false' })).body)).toEqual(['Quokka Coffee Beans']);
    expect(names((await search({ q: 'quokka', inStock: 'true', collectionId: kitchen })).body)).toEqual([
      'Stoneware Quokka Mug',
    ]);
    expect((await search({ q: 'quokka', minPrice: '2500', maxPrice: '10000' })).body.total).toBe(1);
    const suggestions = await search({ q: 'quokka', facets: 'false', limit: '2' });
    expect(suggestions.body.results).toHaveLength(2);
    expect(suggestions.body.facets).toBeUndefined();
  });

  it('follows the catalog: saves, stock, collections and deletions', async () => {
    const { db } = server.ctx;
    await db.transaction((tx) =>
      saveProduct(
        tx,
        server.siteId,
        { id: ids.beans, slug: 'beans', name: 'Quokka Espresso Beans', variants: [{ price: 1500, stock: 9 }] },
        Date.now(),
      ),
    );
    expect(names((await search({ q: 'espresso' })).body)).toEqual(['Quokka Espresso Beans']);
    expect((await search({ q: 'quokka', inStock: 'false' })).body.total).toBe(0);
    await db.transaction((tx) => deleteProduct(tx, server.siteId, ids.shoes!));
    expect(names((await search({ q: 'running' })).body)).toEqual([]);
  });

  it('bounds what a stranger may ask', async () => {
    expect((await search({ q: 'a'.repeat(101) })).status).toBe(400);
    expect((await search({ q: 'a b c d e f g h i' })).status).toBe(400);
    expect((await search({ q: 'x'.repeat(41) })).status).toBe(400);
    expect((await search({ q: 'mug', limit: '49' })).status).toBe(400);
    expect((await search({ q: 'mug', offset: '481' })).status).toBe(400);
    expect((await search({ q: 'mug', minPrice: '-1' })).status).toBe(400);
    expect((await search({ q: 'mug', collectionId: "x' | 'y" })).status).toBe(400);
    // tsquery operators are not words: they cannot reach PostgreSQL's parser.
    for (const q of ["mug & !coffee | ':*'", '(((', '\\', '<->']) expect((await search({ q })).status, q).toBe(200);
    const none = await search({ q: '!!!' });
    expect(none.body).toMatchObject({ total: 0, results: [] });
    const anonymous = await kit.call('GET', '/_api/vitrine/v1/products/search?q=mug');
    expect(anonymous.status).toBe(401);
  });
});
