/**
 * `$search` (docs/data.md → Full-text search) from the unmodified @wix/sdk + @wix/data `items` client: its direct
 * query form (`items.query(collection, {filter, sort, paging})`) and `items.count` pass the filter JSON through,
 * so a ranked, stemmed, typo-forgiving search, its count and a sort given by the caller all travel on the Wix wire.
 * Wix's own `items.search()` (builder and direct forms, `POST /items/search`) is served as the same query.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';
import { searchIndexOn, startTestServer, type TestServer } from '@vitrine/server/test-support';
import type { CollectionConfig } from '../../packages/server/src/config/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

const RECIPES: CollectionConfig = {
  id: 'Recipes',
  permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
  seed: [],
  indexes: [searchIndexOn('name', 'method')],
};

const ROWS = [
  { _id: 'r1', name: 'Roasted tomatoes', method: 'Roast slowly with garlic', minutes: 90 },
  { _id: 'r2', name: 'Garlic bread', method: 'Bake with roasted garlic butter', minutes: 20 },
  { _id: 'r3', name: 'Tomato soup', method: 'Simmer the tomatoes', minutes: 40 },
  { _id: 'r4', name: 'Green salad', method: 'Toss', minutes: 5 },
];

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;
const client = () => createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId }) });
let c: ReturnType<typeof client>;
const ids = (list: readonly { _id?: unknown }[]) => list.map((i) => i._id as string);

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, collections: [...s.collections, RECIPES] }) });
  routing = routeWixToLocal(server.url);
  c = client();
  expect((await c.items.bulkInsert('Recipes', ROWS)).inserted).toBe(ROWS.length);
});
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('unmodified @wix/data items: $search', () => {
  it('finds stemmed words, best first, and counts them', async () => {
    const found = await c.items.query('Recipes', { filter: { $search: 'tomato' } }, { returnTotalCount: true });
    // "Tomato soup" and "Roasted tomatoes" say it in their names; both stem to "tomato".
    expect(ids(found.items).sort()).toEqual(['r1', 'r3']);
    expect(found.pagingMetadata.total).toBe(2);
    const garlic = await c.items.query('Recipes', { filter: { $search: 'garlic' } });
    // The name outweighs the method: "Garlic bread" first.
    expect(ids(garlic.items)).toEqual(['r2', 'r1']);
    expect(await c.items.count('Recipes', { filter: { $search: 'roast' } })).toBe(2);
  });

  it('forgives a typo, combines with a filter, and keeps a sort the caller gives', async () => {
    expect(ids((await c.items.query('Recipes', { filter: { $search: 'tomatoe garlik' } })).items)).toEqual(['r1']);
    const quick = await c.items.query('Recipes', {
      filter: { $and: [{ $search: 'garlic' }, { minutes: { $lt: 60 } }] },
    });
    expect(ids(quick.items)).toEqual(['r2']);
    const byTime = await c.items.query('Recipes', {
      filter: { $search: 'tomatoes' },
      sort: [{ fieldName: 'minutes', order: 'ASC' }],
    });
    expect(ids(byTime.items)).toEqual(['r3', 'r1']);
  });

  it('a text past its bounds is a validation error the client reports', async () => {
    await expect(c.items.query('Recipes', { filter: { $search: 'x'.repeat(201) } })).rejects.toThrow(/200 characters/);
  });
});

describe('unmodified @wix/data items.search()', () => {
  it('the builder: words in AND mode by default, OR mode, best first, with the total', async () => {
    const both = await c.items.search('Recipes').expression('roasted garlic').run();
    // Both words: "Roasted tomatoes … with garlic" and "Garlic bread … roasted garlic butter".
    expect(ids(both.items).sort()).toEqual(['r1', 'r2']);
    expect(both.totalCount).toBe(2);
    const either = await c.items.search('Recipes').expression('soup salad').orMode().run();
    expect(ids(either.items).sort()).toEqual(['r3', 'r4']);
    expect(ids((await c.items.search('Recipes').expression('soup salad').andMode().run()).items)).toEqual([]);
  });

  it('typos only when fuzzy(), as Wix; filters, sort, limit and the next page', async () => {
    expect(ids((await c.items.search('Recipes').expression('garlik').run()).items)).toEqual([]);
    // "garlik" is no stem of any word here: only a typo match finds "garlic".
    expect(ids((await c.items.search('Recipes').expression('garlik').fuzzy().run()).items).sort()).toEqual([
      'r1',
      'r2',
    ]);
    const quick = await c.items.search('Recipes').expression('garlic').lt('minutes', 60).run();
    expect(ids(quick.items)).toEqual(['r2']);
    const paged = await c.items
      .search('Recipes')
      .expression('tomatoes garlic')
      .orMode()
      .ascending('minutes')
      .limit(2)
      .run();
    expect(ids(paged.items)).toEqual(['r2', 'r3']);
    expect(paged.hasNext()).toBe(true);
    expect(ids((await paged.next()).items)).toEqual(['r1']);
  });

  it('no expression searches everything the filter lets through; the direct form passes its request', async () => {
    const all = await c.items.search('Recipes').gt('minutes', 30).run();
    expect(ids(all.items).sort()).toEqual(['r1', 'r3']);
    const direct = await c.items.search('Recipes', {
      search: { expression: 'soup', mode: 'OR' as const },
      filter: { minutes: { $lt: 60 } },
    });
    expect(ids(direct.items)).toEqual(['r3']);
  });

  it("refusals name the search request's own paths", async () => {
    await expect(c.items.search('Recipes').expression('x'.repeat(201)).run()).rejects.toThrow(
      /search\.search\.expression: \$search text must be at most 200 characters/,
    );
    await expect(c.items.search('Recipes').expression('garlic').eq('minutes', { $bad: 1 }).run()).rejects.toThrow(
      /search\.filter/,
    );
  });
});
