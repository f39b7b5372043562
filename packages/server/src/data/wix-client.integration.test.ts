/**
 * The unmodified @wix/sdk + @wix/data clients against this server (docs/wire-format.md §12: requests to the Wix
 * hosts are rewritten to the local server by a fetch wrapper). Checks the wire shapes the clients depend on.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from '../../test-support/server.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

let server: DataServer;
let routing: ReturnType<typeof routeWixToLocal> | undefined;

beforeAll(async () => {
  server = await startDataServer();
  routing = routeWixToLocal(server.url);
}, 120_000);
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

const client = () => createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId }) });

describe('@wix/data items client', () => {
  it('queries (GET .r), gets, counts, pages and gets null for a missing item', async () => {
    const c = client();
    const page = await c.items.query('Products').ascending('price').limit(5).find();
    expect(page.items).toHaveLength(5);
    expect(page.hasNext()).toBe(true);
    const prices = page.items.map((i) => i.price as number);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const next = await page.next();
    expect(next.items[0]!.price).toBeGreaterThanOrEqual(prices[4]!);
    const first = page.items[0]!;
    expect(first._createdDate).toBeInstanceOf(Date);
    expect((await c.items.get('Products', first._id as string))?._id).toBe(first._id);
    expect(await c.items.get('Products', 'no-such-item')).toBeNull();
    const kitchen = await c.items.query('Products').eq('category', 'Kitchen').count();
    expect(kitchen).toBeGreaterThan(0);
    const found = await c.items.query('Products').eq('category', 'Kitchen').find();
    expect(found.items.every((i) => i.category === 'Kitchen')).toBe(true);
    await expect(c.items.insert('Products', { title: 'nope' })).rejects.toThrow(/permissions/);
  });

  it('keeps a visitor cart: insert with dates, update, patch, bulk insert skipping duplicates, remove', async () => {
    const c = client();
    const when = new Date('2024-05-05T05:05:05.000Z');
    const line = await c.items.insert('Cart', { _id: 'line-1', sku: 'A', qty: 1, when });
    expect(line.when).toEqual(when);
    expect(line._owner).toEqual(expect.any(String));
    const updated = await c.items.update('Cart', { ...line, qty: 2 });
    expect(updated.qty).toBe(2);
    const patched = await c.items.patch('Cart', 'line-1').incrementField('qty', 3).run();
    expect(patched?.qty).toBe(5);
    const bulk = await c.items.bulkInsert('Cart', [
      { _id: 'line-1', sku: 'dup' },
      { _id: 'line-2', sku: 'B' },
    ]);
    expect(bulk.inserted).toBe(1);
    expect(bulk.skipped).toBe(1);
    const mine = await c.items.query('Cart').gt('when', new Date('2024-01-01')).find();
    expect(mine.items.map((i) => i._id)).toEqual(['line-1']);
    expect(await c.items.remove('Cart', 'no-such-line')).toBeNull();
    expect((await c.items.remove('Cart', 'line-2'))?._id).toBe('line-2');
    const other = client();
    expect((await other.items.query('Cart').find()).items).toEqual([]);
  });
});
