/**
 * Integration: the data client against a real Vitrine server (`@vitrine/server/testing`), through
 * the SDK's own `createClient` and HTTP layer. `Products` is public read, admin write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { OAuthStrategy, createClient } from '@vitrine/sdk';
import { items } from './index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const visitor = () =>
  createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }) }).items;
const admin = () =>
  createClient({
    modules: { items },
    auth: { baseUrl: server.url, getAuthHeaders: async () => ({ headers: { Authorization: server.adminKey } }) },
  }).items;

describe('data items against @vitrine/server', () => {
  it('a visitor reads the seeded catalog with filters, sort and paging (GET .r)', async () => {
    const page = await visitor()
      .query('Products')
      .eq('category', 'Stationery')
      .gt('price', 13)
      .ascending('price')
      .limit(2)
      .find({ returnTotalCount: true });
    expect(page.items.map((p) => p.price)).toEqual([14, 30]);
    expect(page.totalCount).toBe(3);
    expect(page).toMatchObject({ pageSize: 2, currentPage: 0, totalPages: 2 });
    expect(page.hasNext()).toBe(true);
    const rest = await page.next();
    expect(rest.items.map((p) => p.price)).toEqual([48]);
    expect(rest.hasNext()).toBe(false);
    expect(rest.hasPrev()).toBe(true);
    expect((await rest.prev()).items.map((p) => p.price)).toEqual([14, 30]);
  });

  it('count, distinct, get and get-missing', async () => {
    const products = visitor();
    expect(await products.query('Products').eq('category', 'Stationery').count()).toBe(3);
    const categories = await products.query('Products').ascending('category').distinct('category');
    expect(categories.items).toContain('Stationery');
    expect(categories.items).toEqual([...categories.items].sort());
    expect(await products.get('Products', 'brass-pen')).toMatchObject({ _id: 'brass-pen', price: 48 });
    expect(await products.get('Products', 'no-such-item')).toBeNull();
  });

  it('or / not / hasSome / between filters evaluate as built', async () => {
    const q = visitor().query('Products');
    const cheapOrOut = await q.lt('price', 13).or(q.eq('stock', 0)).find();
    expect(cheapOrOut.items.every((p) => (p.price as number) < 13 || p.stock === 0)).toBe(true);
    const notStationery = await q.not(q.eq('category', 'Stationery')).find();
    expect(notStationery.items.some((p) => p.category === 'Stationery')).toBe(false);
    const some = await q.hasSome('_id', ['brass-pen', 'desk-tray']).between('price', 30, 49).ascending('price').find();
    expect(some.items.map((p) => p._id)).toEqual(['desk-tray', 'brass-pen']);
  });

  it('a visitor may not write: the server refusal becomes an error with details', async () => {
    const e = await visitor()
      .insert('Products', { title: 'x' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect((e as { status: number }).status).toBeGreaterThanOrEqual(400);
    expect((e as { details: { applicationError: { code: unknown } } }).details.applicationError.code).toBeDefined();
  });

  it('admin: insert with a Date, patch, update with condition, references-free bulk, remove', async () => {
    const products = admin();
    const when = new Date('2024-05-05T05:05:05.000Z');
    const created = await products.insert('Products', {
      _id: 'sdk-1',
      title: 'SDK',
      price: 1,
      stock: 1,
      launched: when,
    });
    expect(created.launched).toEqual(when);
    expect(created._id).toBe('sdk-1');

    const patched = await products
      .patch('Products', 'sdk-1')
      .incrementField('stock', 4)
      .setField('title', 'SDK 2')
      .appendToArray('tags', 'new')
      .run();
    expect(patched).toMatchObject({ stock: 5, title: 'SDK 2', tags: ['new'] });

    const updated = await products.update('Products', { ...patched, price: 2 });
    expect(updated.price).toBe(2);

    const dated = await products.query('Products').ge('launched', new Date('2024-01-01T00:00:00.000Z')).find();
    expect(dated.items.map((p) => p._id)).toEqual(['sdk-1']);

    const bulk = await products.bulkInsert('Products', [
      { _id: 'sdk-1', title: 'dup' },
      { _id: 'sdk-2', title: 'two' },
    ]);
    expect(bulk).toMatchObject({ inserted: 1, skipped: 1, errors: [], insertedItemIds: ['sdk-2'] });

    const removed = await products.bulkRemove('Products', ['sdk-2', 'never-existed']);
    expect(removed).toMatchObject({ removed: 1, removedItemIds: ['sdk-2'], errors: [] });

    expect(await products.remove('Products', 'sdk-1')).toMatchObject({ _id: 'sdk-1' });
    expect(await products.remove('Products', 'sdk-1')).toBeNull();
  });

  it('aggregate groups by category', async () => {
    const res = await visitor()
      .aggregate('Products')
      .group('category')
      .count()
      .sum('stock')
      .ascending('category')
      .run();
    const stationery = res.items.find((r) => r._id === 'Stationery');
    expect(stationery).toMatchObject({ count: 3, stockSum: 60 + 10 + 18 });
  });

  it('a long query goes as POST and still answers', async () => {
    const ids = Array.from({ length: 300 }, (_, i) => `missing-${i}`).concat('brass-pen');
    const res = await visitor().query('Products').hasSome('_id', ids).find();
    expect(res.items.map((p) => p._id)).toEqual(['brass-pen']);
  });
});
