/**
 * Catalog v3 and recommendations on the Wix wire, through a real server with the demo shop: `fields`, cursor
 * paging, search, by slug, the recommendation order, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, startTestServer, type TestServer } from '../../../test-support/index.js';
import { demoProductId } from '../catalog/demo-shop.js';
import { DEMO_DISCOUNT_CODE, seedDemoShops } from '../catalog/demo-seed.js';

let server: TestServer;
let token: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking JSON answers
type Answer = Record<string, any>;

const STORES = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const dotR = (body: unknown) => `.r=${Buffer.from(JSON.stringify(body)).toString('base64url')}`;

async function call(path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const v3Query = (body: unknown) => call(`/stores/v3/products/query?${dotR(body)}`);
const slugs = (body: Answer) => (body.products as { slug: string }[]).map((p) => p.slug);

beforeAll(async () => {
  server = await startTestServer();
  token = (await getVisitorToken(server.url, server.clientId)).access_token;
});
afterAll(() => server?.close());

describe('catalog v3 products', () => {
  it('answers the fields asked for, with the same ids as catalog v1', async () => {
    const { status, body } = await v3Query({
      fields: ['CURRENCY', 'PLAIN_DESCRIPTION', 'VARIANT_OPTION_CHOICE_NAMES'],
      query: { filter: { slug: 'wool-throw' }, cursorPaging: { limit: 50 } },
    });
    expect(status).toBe(200);
    const throw_ = body.products[0];
    expect(throw_).toMatchObject({
      id: demoProductId('demo', 'wool-throw'),
      name: 'Merino Wool Throw',
      currency: 'USD',
      plainDescription: '<p>A light, warm throw in undyed merino for the sofa or the end of the bed.</p>',
      actualPriceRange: {
        minValue: { amount: '120.00', formattedAmount: '$120.00' },
        maxValue: { amount: '160.00', formattedAmount: '$160.00' },
      },
      inventory: { availabilityStatus: 'PARTIALLY_OUT_OF_STOCK' },
      media: { main: { image: { url: `${server.url}/assets/products/wool-throw.svg`, width: 400, height: 400 } } },
    });
    expect(throw_.options.map((o: { name: string }) => o.name)).toEqual(['Size', 'Colour']);
    expect(throw_.options[1].choicesSettings.choices[0]).toMatchObject({
      name: 'Oat',
      colorCode: '#d9ccb4',
      choiceType: 'ONE_COLOR',
      inStock: true,
    });
    const variants = throw_.variantsInfo.variants;
    expect(variants).toHaveLength(6);
    const blanket = variants.find((v: Answer) => v.price.actualPrice.amount === '160.00' && v.inventoryStatus.inStock);
    expect(blanket.choices.map((c: Answer) => c.optionChoiceNames)).toEqual([
      { optionName: 'Size', choiceName: 'Blanket', renderType: 'TEXT_CHOICES' },
      { optionName: 'Colour', choiceName: 'Oat', renderType: 'SWATCH_CHOICES' },
    ]);
    expect(blanket.choices[0].optionChoiceIds.choiceId).toBe(
      throw_.options[0].choicesSettings.choices.find((c: Answer) => c.name === 'Blanket').choiceId,
    );
    expect(body.pagingMetadata).toEqual({ count: 1, cursors: { next: null, prev: null }, hasNext: false });
  });

  it('leaves out what the fields do not ask for', async () => {
    const { body } = await v3Query({ query: { filter: { slug: 'wool-throw' } } });
    const throw_ = body.products[0];
    expect(throw_.currency).toBeUndefined();
    expect(throw_.plainDescription).toBeUndefined();
    expect(throw_.actualPriceRange.minValue).toEqual({ amount: '120.00' });
    expect(throw_.variantsInfo.variants[0].choices[0].optionChoiceNames).toBeUndefined();
  });

  it('pages with cursors that carry the query', async () => {
    const seen: string[] = [];
    let page = await v3Query({ query: { sort: [{ fieldName: 'name', order: 'ASC' }], cursorPaging: { limit: 5 } } });
    seen.push(...slugs(page.body));
    while (page.body.pagingMetadata.hasNext) {
      const cursor = page.body.pagingMetadata.cursors.next;
      page = await v3Query({ query: { cursorPaging: { limit: 5, cursor } } });
      seen.push(...slugs(page.body));
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect(seen[0]).toBe('beeswax-candles');
    expect(page.body.pagingMetadata.cursors.prev).toEqual(expect.any(String));
    const mixed = await v3Query({ query: { filter: { visible: true }, cursorPaging: { cursor: 'abc', limit: 5 } } });
    expect(mixed.status).toBe(400);
    const forged = await v3Query({ query: { cursorPaging: { cursor: 'not a cursor!', limit: 5 } } });
    expect(forged.body.details.validationError.fieldViolations[0].field).toBe('query.cursorPaging.cursor');
  });

  it('searches words in names and descriptions, gets by id and by slug', async () => {
    const found = await call(`/stores/v3/products/search?${dotR({ search: { search: { expression: 'merino' } } })}`);
    expect(found.status).toBe(200);
    expect(slugs(found.body)).toEqual(['wool-throw']);
    const either = await call('/stores/v3/products/search', {
      search: { search: { expression: 'kettle brass' }, sort: [{ fieldName: 'name' }] },
    });
    expect(slugs(either.body)).toEqual(['pour-over-kettle', 'brass-pen']);
    // Through the product search index: stemmed ("kettles"), a word begun ("merin").
    const stemmed = await call('/stores/v3/products/search', {
      search: { search: { expression: 'kettles merin' }, sort: [{ fieldName: 'name' }] },
    });
    expect(slugs(stemmed.body)).toEqual(['wool-throw', 'pour-over-kettle']);
    const bySlug = await call('/stores/v3/products/slug/brass-pen?slug=brass-pen&fields=CURRENCY&fields=URL');
    expect(bySlug.body.product).toMatchObject({
      slug: 'brass-pen',
      currency: 'USD',
      url: { relativePath: '/products/brass-pen' },
      variantsInfo: { variants: [{ id: '00000000-0000-0000-0000-000000000000', choices: [] }] },
    });
    const id = demoProductId('demo', 'canvas-tote');
    expect((await call(`/stores/v3/products/${id}?productId=${id}`)).body.product.slug).toBe('canvas-tote');
    expect((await call('/stores/v3/products/slug/nope')).status).toBe(404);
    expect((await call('/stores/v3/products/slug/nope?fields=NOPE')).status).toBe(400);
  });

  it('filters by price range and refuses what it does not know', async () => {
    const { body } = await v3Query({
      query: { filter: { 'actualPriceRange.minValue.amount': { $gte: '55' } }, sort: [{ fieldName: 'name' }] },
    });
    expect(slugs(body)).toEqual(['wool-throw', 'pour-over-kettle', 'canvas-tote']);
    const refused = await v3Query({ query: { filter: { 'inventory.availabilityStatus': 'IN_STOCK' } } });
    expect(refused.body.details.applicationError.code).toBe('UNSUPPORTED_QUERY');
    const offset = await v3Query({ query: { paging: { offset: 5 } } });
    expect(offset.status).toBe(400);
  });
});

describe('recommendations', () => {
  const recommend = (body: unknown) => call('/v1/recommendations/get', body);

  it('recommends products of the same collections first, never the given ones', async () => {
    const mug = demoProductId('demo', 'stoneware-mug');
    const { status, body } = await recommend({
      algorithms: [{ id: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f', appId: STORES }],
      items: [{ catalogItemId: mug, appId: STORES }],
      minimumRecommendedItems: 3,
    });
    expect(status).toBe(200);
    const ids: string[] = body.recommendation.items.map((i: Answer) => i.catalogItemId);
    expect(ids).not.toContain(mug);
    // The mug is featured and in Kitchen: the other featured ones and the kitchen ones share a collection.
    const sharing = ['wool-throw', 'pour-over-kettle', 'olive-wood-board', 'linen-tea-towels'].map((s) =>
      demoProductId('demo', s),
    );
    expect(new Set(ids.slice(0, 4))).toEqual(new Set(sharing));
    expect(body.recommendation.algorithm).toEqual({ id: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f', appId: STORES });
  });

  it('answers an empty recommendation under the minimum, and refuses other apps', async () => {
    const alg = [{ id: 'a', appId: STORES }];
    const many = await recommend({ algorithms: alg, minimumRecommendedItems: 50 });
    expect(many.body.recommendation.items).toEqual([]);
    const foreign = await recommend({ algorithms: alg, items: [{ catalogItemId: 'x', appId: 'bookings' }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.applicationError.code).toBe('ITEM_APP_ID_NOT_SUPPORTED');
    const noStores = await recommend({ algorithms: [{ id: 'a', appId: 'other' }] });
    expect(noStores.body.details.applicationError.code).toBe('ALGORITHM_NOT_SUPPORTED');
  });
});

describe('the demo seed', () => {
  it('seeds once: a restart keeps what owners changed and adds nothing', async () => {
    const { db } = server.ctx;
    await db.query(`update commerce_products set name = 'Renamed' where site_id = $1 and slug = 'brass-pen'`, [
      server.siteId,
    ]);
    await seedDemoShops({ db, sites: server.ctx.config.sites, now: Date.now, log: server.ctx.log });
    const { rows } = await db.query<{ n: string; renamed: string }>(
      `select count(*) as n, count(*) filter (where name = 'Renamed') as renamed from commerce_products where site_id = $1`,
      [server.siteId],
    );
    expect(Number(rows[0]!.n)).toBe(12);
    expect(Number(rows[0]!.renamed)).toBe(1);
    await db.query(`update commerce_products set name = 'Solid Brass Pen' where site_id = $1 and slug = 'brass-pen'`, [
      server.siteId,
    ]);
  });

  it("gives the demo its discount code, WELCOME10: 10 % off from 30 in the shop's currency", async () => {
    const { rows } = await server.ctx.db.query<{ kind: string; value: string; min_subtotal: string; active: boolean }>(
      `select kind, value, min_subtotal, active from commerce_discounts where site_id = $1 and code = $2`,
      [server.siteId, DEMO_DISCOUNT_CODE],
    );
    expect(rows.map((r) => [r.kind, Number(r.value), Number(r.min_subtotal), r.active])).toEqual([
      ['percentage', 10, 3000, true],
    ]);
  });
});
