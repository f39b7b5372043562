/**
 * The unmodified @wix/sdk + @wix/data `items` client against a real Vitrine server (docs/wire-format.md §9, §12):
 * single-item CRUD, the patch builder, the query builder (every operator, sort, projection, paging, GET `.r`
 * vs POST), count, distinct, aggregate, bulk writes with the client's own tally, references and the 413 path.
 * Every assertion is on what the client returns, so a wire-shape mismatch shows up as a wrong result.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { items } from '@wix/data';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import type { CollectionConfig } from '../../packages/server/src/config/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

const OPEN = { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE' } as const;
const open = (id: string): CollectionConfig => ({ id, permissions: { ...OPEN }, seed: [] });

interface Book {
  _id: string;
  title: string;
  author: string;
  year: number;
  pages: number;
  rating: number;
  tags: string[];
  published: Date;
  subtitle?: string;
}

const book = (
  _id: string,
  title: string,
  author: string,
  year: number,
  pages: number,
  rating: number,
  tags: string[],
  subtitle?: string,
): Book => ({
  _id,
  title,
  author,
  year,
  pages,
  rating,
  tags,
  published: new Date(Date.UTC(year, 5, 15, 12, 30, 0, 250)),
  ...(subtitle === undefined ? {} : { subtitle }),
});

const BOOKS: Book[] = [
  book('b01', 'Dune', 'Herbert', 1965, 412, 4.5, ['scifi', 'classic'], 'Book One'),
  book('b02', 'Neuromancer', 'Gibson', 1984, 271, 4.1, ['scifi', 'cyberpunk']),
  book('b03', 'Emma', 'Austen', 1815, 474, 4.0, ['classic', 'romance']),
  book('b04', 'Hyperion', 'Simmons', 1989, 482, 4.2, ['scifi']),
  book('b05', 'Persuasion', 'Austen', 1817, 249, 4.3, ['classic', 'romance']),
  book('b06', 'Count Zero', 'Gibson', 1986, 256, 3.9, ['scifi', 'cyberpunk'], 'Sprawl 2'),
  book('b07', 'Dune Messiah', 'Herbert', 1969, 256, 3.8, ['scifi'], 'Book Two'),
  book('b08', 'Middlemarch', 'Eliot', 1871, 880, 4.0, ['classic']),
  book('b09', 'Solaris', 'Lem', 1961, 204, 4.0, ['scifi', 'classic']),
  book('b10', 'Ubik', 'Dick', 1969, 202, 4.1, ['scifi']),
  book('b11', 'Mansfield Park', 'Austen', 1814, 507, 3.9, ['classic', 'romance']),
  book('b12', 'Mona Lisa Overdrive', 'Gibson', 1988, 308, 3.9, ['scifi', 'cyberpunk'], 'Sprawl 3'),
];

const AUTHORS = [
  { _id: 'a1', name: 'Frank Herbert' },
  { _id: 'a2', name: 'Brian Herbert' },
  { _id: 'a3', name: 'Kevin J. Anderson' },
];

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;

const client = () => createClient({ modules: { items }, auth: OAuthStrategy({ clientId: server.clientId }) });
type Client = ReturnType<typeof client>;
let c: Client;

type Row = Record<string, unknown>;
type Query = ReturnType<Client['items']['query']>;
/** `in()` exists on the runtime query builder (§9.4 `$in`) but is missing from its published typings. */
const withIn = (query: Query, field: string, values: unknown[]): Query =>
  (query as Query & { in(f: string, v: unknown[]): Query }).in(field, values);
const ids = (list: readonly { _id?: unknown }[]) => list.map((i) => i._id as string);
const sortedIds = (list: readonly { _id?: unknown }[]) => ids(list).sort();
const expected = (pred: (b: Book) => boolean) =>
  BOOKS.filter(pred)
    .map((b) => b._id)
    .sort();

/** The WDE code of a rejection from the data client (`e.details.applicationError.code`, §9.10). */
async function rejection(promise: Promise<unknown>): Promise<{ message: string; code: unknown }> {
  try {
    await promise;
  } catch (e) {
    const err = e as Error & { details?: { applicationError?: { code?: string } }; code?: unknown };
    return { message: err.message, code: err.details?.applicationError?.code ?? err.code };
  }
  throw new Error('expected the call to be rejected');
}

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      collections: [...s.collections, open('Books'), open('Authors'), open('Notes'), open('Shelf')],
    }),
  });
  routing = routeWixToLocal(server.url);
  c = client();
  const seeded = await c.items.bulkInsert('Books', BOOKS);
  expect(seeded.inserted).toBe(BOOKS.length);
  expect((await c.items.bulkInsert('Authors', AUTHORS)).inserted).toBe(AUTHORS.length);
});
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('unmodified @wix/data items: single-item CRUD', () => {
  it('insert returns the item with system fields and a Date field as a Date; get returns the same', async () => {
    const when = new Date('2024-05-05T05:05:05.123Z');
    const note = await c.items.insert('Notes', { title: 'first', when, nested: { at: when, n: 1 }, list: [when] });
    expect(note._id).toEqual(expect.any(String));
    expect(note.when).toBeInstanceOf(Date);
    expect(note.when).toEqual(when);
    expect(note.nested).toEqual({ at: when, n: 1 });
    expect(note.list).toEqual([when]);
    expect(note._createdDate).toBeInstanceOf(Date);
    expect(note._updatedDate).toEqual(note._createdDate);
    expect(note._owner).toEqual(expect.any(String));
    const got = await c.items.get('Notes', note._id);
    expect(got).toEqual(note);
    const projected = await c.items.get('Notes', note._id, { fields: ['title'] });
    expect(projected).toEqual({ _id: note._id, title: 'first' });
  });

  it('insert keeps a caller-chosen _id, and a second insert with it is refused with WDE0074', async () => {
    const note = await c.items.insert('Notes', { _id: 'fixed-id', title: 'mine' });
    expect(note._id).toBe('fixed-id');
    const dup = await rejection(c.items.insert('Notes', { _id: 'fixed-id', title: 'again' }));
    expect(dup.code).toBe('WDE0074');
    expect((await c.items.get('Notes', 'fixed-id'))?.title).toBe('mine');
  });

  it('get of a missing item resolves to null', async () => {
    expect(await c.items.get('Notes', 'no-such-note')).toBeNull();
  });

  it('update replaces the item and moves _updatedDate; a missing item is refused', async () => {
    const note = await c.items.insert('Notes', { title: 'before', keep: false, drop: 'me' });
    await new Promise((r) => setTimeout(r, 5));
    const { drop: _drop, ...rest } = note;
    const updated = await c.items.update('Notes', { ...rest, title: 'after', keep: true });
    expect(updated).toMatchObject({ _id: note._id, title: 'after', keep: true });
    expect(updated._createdDate).toEqual(note._createdDate);
    expect(updated._updatedDate!.getTime()).toBeGreaterThan(note._updatedDate!.getTime());
    const got = await c.items.get('Notes', note._id);
    expect(got).toMatchObject({ title: 'after', keep: true });
    expect(got).not.toHaveProperty('drop');
    const missing = await rejection(c.items.update('Notes', { _id: 'no-such-note', title: 'x' }));
    expect(missing.code).toBe('WDE0073');
    const unmet = await rejection(
      c.items.update('Notes', { ...got!, title: 'conditional' }, { condition: { title: 'before' } }),
    );
    expect(unmet.code).toBe('WDE0073');
    const met = await c.items.update('Notes', { ...got!, title: 'conditional' }, { condition: { title: 'after' } });
    expect(met.title).toBe('conditional');
  });

  it('save inserts a new item (with and without _id) and updates an existing one', async () => {
    const generated = await c.items.save('Notes', { title: 'saved' });
    expect(generated._id).toEqual(expect.any(String));
    const inserted = await c.items.save('Notes', { _id: 'save-me', title: 'v1' });
    expect(inserted).toMatchObject({ _id: 'save-me', title: 'v1' });
    const updated = await c.items.save('Notes', { _id: 'save-me', title: 'v2' });
    expect(updated).toMatchObject({ _id: 'save-me', title: 'v2' });
    expect(updated._createdDate).toEqual(inserted._createdDate);
    expect((await c.items.get('Notes', 'save-me'))?.title).toBe('v2');
  });

  it('patch builder: setField, incrementField, appendToArray, removeFromArray, removeField', async () => {
    const when = new Date('2030-01-02T03:04:05.006Z');
    await c.items.insert('Notes', {
      _id: 'patch-me',
      title: 'old',
      n: 5,
      tags: ['a', 'b'],
      obsolete: 'x',
      keep: 'yes',
    });
    const patched = await c.items
      .patch('Notes', 'patch-me')
      .setField('title', 'new')
      .setField('due', when)
      .incrementField('n', 3)
      .appendToArray('tags', 'c')
      .removeFromArray('tags', 'a')
      .removeField('obsolete')
      .run();
    expect(patched).toMatchObject({ _id: 'patch-me', title: 'new', n: 8, tags: ['b', 'c'], keep: 'yes' });
    expect(patched.due).toEqual(when);
    expect(patched).not.toHaveProperty('obsolete');
    const again = await c.items.patch('Notes', 'patch-me').incrementField('n', -10).run();
    expect(again.n).toBe(-2);
    expect(await c.items.get('Notes', 'patch-me')).toEqual(again);
  });

  it('ids with spaces, slashes and query characters round-trip (the client puts them raw in the GET path)', async () => {
    // (An id with `#` cannot work for get: fetch cuts the URL there, docs/wire-format.md §9.3.)
    for (const id of ['a b', 'x/y', 'x/y/z', 'q?r=1&s', 'p?dataItemId=x', '%41', 'ünï']) {
      const note = await c.items.insert('Notes', { _id: id, title: id });
      expect(note._id).toBe(id);
      expect((await c.items.get('Notes', id))?.title).toBe(id);
      expect((await c.items.remove('Notes', id))?._id).toBe(id);
    }
  });

  it('remove returns the removed item; removing it again (or a missing item) resolves to null', async () => {
    const note = await c.items.insert('Notes', { title: 'to remove' });
    const removed = await c.items.remove('Notes', note._id);
    expect(removed).toEqual(note);
    expect(await c.items.get('Notes', note._id)).toBeNull();
    expect(await c.items.remove('Notes', note._id)).toBeNull();
    expect(await c.items.remove('Notes', 'never-existed')).toBeNull();
  });

  it('refuses writes the caller may not do: truncate as a visitor, insert into admin-only Products', async () => {
    const truncate = await rejection(c.items.truncate('Notes'));
    expect(truncate.code).toBe('WDE0027');
    expect(await c.items.count('Notes')).toBeGreaterThan(0);
    const products = await rejection(c.items.insert('Products', { title: 'nope' }));
    expect(products.code).toBe('WDE0027');
    expect(products.message).toMatch(/permissions/);
    const page = await c.items.query('Products').limit(1).find();
    expect(page.items).toHaveLength(1);
  });

  it('a body over the server limit is answered 413, which the client reports as WDE0109', async () => {
    const huge = await rejection(c.items.insert('Notes', { blob: 'x'.repeat(5 * 1024 * 1024) }));
    expect(huge.message).toBe('WDE0109: Payload is too large.');
    expect(huge.code).toBe('WDE0109');
  });
});

describe('unmodified @wix/data items: the query builder', () => {
  const find = async (q: Query) => sortedIds((await q.find()).items);
  const q = () => c.items.query('Books');
  const f = () => c.items.filter();

  it('eq / ne (ne matches missing fields) / isEmpty / isNotEmpty', async () => {
    expect(await find(q().eq('author', 'Austen'))).toEqual(expected((b) => b.author === 'Austen'));
    expect(await find(q().eq('year', 1969))).toEqual(['b07', 'b10']);
    expect(await find(q().ne('author', 'Austen'))).toEqual(expected((b) => b.author !== 'Austen'));
    expect(await find(q().ne('subtitle', 'Sprawl 2'))).toEqual(expected((b) => b.subtitle !== 'Sprawl 2'));
    expect(await find(q().isEmpty('subtitle'))).toEqual(expected((b) => b.subtitle === undefined));
    expect(await find(q().isNotEmpty('subtitle'))).toEqual(expected((b) => b.subtitle !== undefined));
  });

  it('gt / ge / lt / le / between on numbers, strings and dates', async () => {
    expect(await find(q().gt('year', 1969))).toEqual(expected((b) => b.year > 1969));
    expect(await find(q().ge('year', 1969))).toEqual(expected((b) => b.year >= 1969));
    expect(await find(q().lt('pages', 256))).toEqual(expected((b) => b.pages < 256));
    expect(await find(q().le('pages', 256))).toEqual(expected((b) => b.pages <= 256));
    expect(await find(q().between('year', 1815, 1965))).toEqual(expected((b) => b.year >= 1815 && b.year < 1965));
    expect(await find(q().ge('title', 'M').lt('title', 'P'))).toEqual(expected((b) => b.title >= 'M' && b.title < 'P'));
    const cut = new Date('1980-01-01T00:00:00.000Z');
    expect(await find(q().gt('published', cut))).toEqual(expected((b) => b.published > cut));
    expect(
      await find(q().between('published', new Date('1965-06-15T12:30:00.250Z'), new Date('1970-01-01T00:00:00.000Z'))),
    ).toEqual(['b01', 'b07', 'b10']);
    const dated = await q().eq('published', new Date('1984-06-15T12:30:00.250Z')).find();
    expect(ids(dated.items)).toEqual(['b02']);
    expect(dated.items[0]!.published).toEqual(BOOKS[1]!.published);
  });

  it('in / hasSome / hasAll', async () => {
    expect(await find(withIn(q(), 'author', ['Gibson', 'Lem']))).toEqual(
      expected((b) => ['Gibson', 'Lem'].includes(b.author)),
    );
    expect(await find(withIn(q(), 'year', [1969, 1815]))).toEqual(['b03', 'b07', 'b10']);
    expect(await find(q().hasSome('tags', ['cyberpunk', 'romance']))).toEqual(
      expected((b) => b.tags.includes('cyberpunk') || b.tags.includes('romance')),
    );
    expect(await find(q().hasSome('author', 'Eliot', 'Dick'))).toEqual(['b08', 'b10']);
    expect(await find(q().hasAll('tags', ['scifi', 'classic']))).toEqual(
      expected((b) => b.tags.includes('scifi') && b.tags.includes('classic')),
    );
  });

  it('contains / startsWith / endsWith are case-insensitive', async () => {
    expect(await find(q().contains('title', 'ER'))).toEqual(expected((b) => b.title.toLowerCase().includes('er')));
    expect(await find(q().startsWith('title', 'dune'))).toEqual(['b01', 'b07']);
    expect(await find(q().startsWith('title', 'M'))).toEqual(expected((b) => b.title.startsWith('M')));
    expect(await find(q().endsWith('title', 'ON'))).toEqual(expected((b) => b.title.toLowerCase().endsWith('on')));
  });

  it('and / or / not with filter builders', async () => {
    expect(await find(q().eq('author', 'Gibson').and(f().gt('year', 1985)))).toEqual(['b06', 'b12']);
    expect(await find(q().eq('author', 'Lem').or(f().eq('author', 'Dick')))).toEqual(['b09', 'b10']);
    expect(await find(q().hasSome('tags', ['scifi']).not(f().eq('author', 'Gibson')))).toEqual(
      expected((b) => b.tags.includes('scifi') && b.author !== 'Gibson'),
    );
    const nested = q()
      .eq('author', 'Austen')
      .or(f().eq('author', 'Herbert').and(f().gt('pages', 300)))
      .not(f().lt('year', 1815));
    expect(await find(nested)).toEqual(
      expected((b) => (b.author === 'Austen' || (b.author === 'Herbert' && b.pages > 300)) && !(b.year < 1815)),
    );
    expect(await find(q().not(f().eq('author', 'Austen')))).toEqual(expected((b) => b.author !== 'Austen'));
    // The builder's or() on an empty query emits {$or: [{}, …]}, which matches every item (§9.4).
    expect(await find(q().or(f().eq('author', 'Lem')))).toEqual(expected(() => true));
  });

  it('ascending / descending, with the sort keys in the order given', async () => {
    const byYear = await q().ascending('year').find();
    expect(ids(byYear.items)).toEqual(
      [...BOOKS].sort((a, b) => a.year - b.year || a._id.localeCompare(b._id)).map((b) => b._id),
    );
    const mixed = await q().ascending('author').descending('year').find();
    expect(ids(mixed.items)).toEqual(
      [...BOOKS]
        .sort((a, b) => (a.author < b.author ? -1 : a.author > b.author ? 1 : b.year - a.year))
        .map((b) => b._id),
    );
    const byDate = await q().descending('published').limit(3).find();
    expect(ids(byDate.items)).toEqual(['b04', 'b12', 'b06']);
    const byTitle = await q().descending('title').limit(2).find();
    expect(byTitle.items.map((b) => b.title)).toEqual(['Ubik', 'Solaris']);
  });

  it('fields() projects the items (with _id)', async () => {
    const page = await q().eq('_id', 'b01').fields('title', 'year').find();
    expect(page.items).toEqual([{ _id: 'b01', title: 'Dune', year: 1965 }]);
  });

  it('limit/skip paging: totalCount, totalPages, pageSize, currentPage, hasNext/hasPrev, next(), prev()', async () => {
    const order = ids((await q().ascending('_id').find()).items);
    expect(order).toEqual(BOOKS.map((b) => b._id));
    const first = await q().ascending('_id').limit(5).find({ returnTotalCount: true });
    expect(ids(first.items)).toEqual(order.slice(0, 5));
    expect(first.totalCount).toBe(12);
    expect(first.totalPages).toBe(3);
    expect(first.pageSize).toBe(5);
    expect(first.currentPage).toBe(0);
    expect(first.length).toBe(5);
    expect(first.hasNext()).toBe(true);
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    expect(ids(second.items)).toEqual(order.slice(5, 10));
    expect(second.hasNext()).toBe(true);
    expect(second.hasPrev()).toBe(true);
    const third = await second.next();
    expect(ids(third.items)).toEqual(order.slice(10));
    expect(third.hasNext()).toBe(false);
    const back = await third.prev();
    expect(ids(back.items)).toEqual(order.slice(5, 10));
    const skipped = await q().ascending('_id').skip(10).limit(5).find({ returnTotalCount: true });
    expect(ids(skipped.items)).toEqual(order.slice(10));
    expect(skipped.currentPage).toBe(2);
    expect(skipped.totalCount).toBe(12);
    expect(skipped.hasNext()).toBe(false);
    expect(skipped.hasPrev()).toBe(true);
    expect(ids((await skipped.prev()).items)).toEqual(order.slice(5, 10));
    const filtered = await q().eq('author', 'Austen').ascending('_id').limit(2).find({ returnTotalCount: true });
    expect(filtered.totalCount).toBe(3);
    expect(ids((await filtered.next()).items)).toEqual(['b11']);
    const withoutTotal = await q().limit(5).find();
    expect(withoutTotal.totalCount).toBeUndefined();
  });

  it('short queries go out as GET ?.r=, long ones as POST, with the same results', async () => {
    const path = '/wix-data/v2/items/query';
    const before = routing.seen.length;
    expect(await find(q().eq('author', 'Austen'))).toEqual(['b03', 'b05', 'b11']);
    const short = routing.seen.slice(before).filter((r) => r.path === path);
    expect(short.map((r) => r.method)).toEqual(['GET']);
    const noise = Array.from({ length: 200 }, (_, i) => `Nobody number ${i}`);
    const mark = routing.seen.length;
    expect(await find(withIn(q(), 'author', [...noise, 'Austen']))).toEqual(['b03', 'b05', 'b11']);
    const long = routing.seen.slice(mark).filter((r) => r.path === path);
    expect(long.map((r) => r.method)).toEqual(['POST']);
  });

  it('count, with the builder and directly with a filter', async () => {
    expect(await q().count()).toBe(12);
    expect(await q().hasSome('tags', ['cyberpunk']).count()).toBe(3);
    expect(await c.items.count('Books', { filter: { year: { $lt: 1900 } } })).toBe(4);
  });

  it('distinct values, with the builder and directly', async () => {
    const authors = await q().distinct('author');
    expect([...authors.items].sort()).toEqual([...new Set(BOOKS.map((b) => b.author))].sort());
    const scifi = await q().hasSome('tags', ['scifi']).distinct('author');
    expect([...scifi.items].sort()).toEqual(['Dick', 'Gibson', 'Herbert', 'Lem', 'Simmons']);
    const direct = await c.items.distinct('Books', 'year', { filter: { author: 'Austen' }, order: 'DESC' as never });
    expect(direct.values).toEqual([1817, 1815, 1814]);
    const counted = await q().distinct('author', { returnTotalCount: true });
    expect(counted.totalCount).toBe(7);
    const dates = await c.items.distinct('Books', 'published', { filter: { author: 'Gibson' }, order: 'ASC' as never });
    expect(dates.values).toEqual([BOOKS[1]!.published, BOOKS[5]!.published, BOOKS[11]!.published]);
  });
});

describe('unmodified @wix/data items: aggregate', () => {
  it('group + sum/avg/min/max/count, then having and sort', async () => {
    const result = await c.items
      .aggregate('Books')
      .group('author')
      .sum('pages')
      .avg('rating')
      .min('year')
      .max('year')
      .count()
      .ascending('author')
      .run();
    const authors = [...new Set(BOOKS.map((b) => b.author))].sort();
    expect(result.items.map((r: Row) => r._id)).toEqual(authors);
    for (const row of result.items) {
      const mine = BOOKS.filter((b) => b.author === row._id);
      expect(row.pagesSum).toBe(mine.reduce((s, b) => s + b.pages, 0));
      expect(row.ratingAvg).toBeCloseTo(mine.reduce((s, b) => s + b.rating, 0) / mine.length, 9);
      expect(row.yearMin).toBe(Math.min(...mine.map((b) => b.year)));
      expect(row.yearMax).toBe(Math.max(...mine.map((b) => b.year)));
      expect(row.count).toBe(mine.length);
    }
    const having = await c.items
      .aggregate('Books')
      .filter(c.items.filter().gt('year', 1816))
      .group('author')
      .sum('pages', 'totalPages')
      .count()
      .having(c.items.filter().gt('count', 1))
      .descending('totalPages')
      .run();
    // Austen has one book after 1816, so the having filter drops her.
    expect(having.items.map((r: Row) => [r._id, r.totalPages, r.count])).toEqual([
      ['Gibson', 271 + 256 + 308, 3],
      ['Herbert', 412 + 256, 2],
    ]);
  });

  it('groups by two fields (the _id stays an object) and counts the groups', async () => {
    const result = await c.items
      .aggregate('Books')
      .filter(c.items.filter().eq('author', 'Herbert'))
      .group('author', 'year')
      .count()
      .descending('year')
      .run({ returnTotalCount: true });
    expect(result.items.map((r: Row) => [r._id, r.count])).toEqual([
      [{ author: 'Herbert', year: 1969 }, 1],
      [{ author: 'Herbert', year: 1965 }, 1],
    ]);
    expect(result.totalCount).toBe(2);
  });

  it('without grouping aggregates the whole (filtered) collection', async () => {
    const all = await c.items
      .aggregate('Books')
      .filter(c.items.filter().hasSome('tags', ['romance']))
      .sum('pages')
      .max('rating')
      .count()
      .run();
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({ pagesSum: 474 + 249 + 507, ratingMax: 4.3, count: 3 });
  });

  it('pages over groups with limit/skip', async () => {
    const first = await c.items.aggregate('Books').group('author').count().ascending('author').limit(4).run();
    expect(first.items.map((r: Row) => r._id)).toEqual(['Austen', 'Dick', 'Eliot', 'Gibson']);
    expect(first.hasNext()).toBe(true);
    const rest = await first.next();
    expect(rest.items.map((r: Row) => r._id)).toEqual(['Herbert', 'Lem', 'Simmons']);
    expect(rest.hasNext()).toBe(false);
  });
});

describe('unmodified @wix/data items: bulk writes (client tally)', () => {
  it('bulkInsert inserts new items and counts a duplicate id as skipped', async () => {
    const first = await c.items.bulkInsert('Shelf', [
      { _id: 's1', n: 1 },
      { _id: 's2', n: 2 },
      { n: 3, when: new Date('2020-02-02T00:00:00Z') },
    ]);
    expect(first).toMatchObject({ inserted: 3, updated: 0, removed: 0, skipped: 0, errors: [] });
    expect(first.insertedItemIds.slice(0, 2)).toEqual(['s1', 's2']);
    expect(first.insertedItemIds[2]).toEqual(expect.any(String));
    const generated = await c.items.get('Shelf', first.insertedItemIds[2]!);
    expect(generated?.when).toEqual(new Date('2020-02-02T00:00:00Z'));
    const second = await c.items.bulkInsert('Shelf', [
      { _id: 's2', n: 20 },
      { _id: 's3', n: 3 },
    ]);
    expect(second).toMatchObject({ inserted: 1, skipped: 1, errors: [], insertedItemIds: ['s3'] });
    expect((await c.items.get('Shelf', 's2'))?.n).toBe(2);
  });

  it('bulkSave inserts and updates', async () => {
    const saved = await c.items.bulkSave('Shelf', [
      { _id: 's3', n: 30 },
      { _id: 's4', n: 4 },
    ]);
    expect(saved).toMatchObject({
      inserted: 1,
      updated: 1,
      skipped: 0,
      errors: [],
      insertedItemIds: ['s4'],
      updatedItemIds: ['s3'],
    });
    expect((await c.items.get('Shelf', 's3'))?.n).toBe(30);
  });

  it('bulkUpdate updates existing items and counts a missing one as skipped', async () => {
    const updated = await c.items.bulkUpdate('Shelf', [
      { _id: 's1', n: 10 },
      { _id: 'nope', n: 0 },
      { _id: 's4', n: 40 },
    ]);
    expect(updated).toMatchObject({ updated: 2, inserted: 0, skipped: 1, errors: [], updatedItemIds: ['s1', 's4'] });
    expect((await c.items.get('Shelf', 's4'))?.n).toBe(40);
  });

  it('bulkPatch (builder) patches existing items and counts a missing one as skipped', async () => {
    const patched = await c.items
      .bulkPatch('Shelf', ['s3', 'nope', 's4'])
      .incrementField('n', 1)
      .setField('tag', 'p')
      .run();
    expect(patched).toMatchObject({ updated: 2, skipped: 1, errors: [], updatedItemIds: ['s3', 's4'] });
    expect(await c.items.get('Shelf', 's4')).toMatchObject({ n: 41, tag: 'p' });
  });

  it('bulkRemove removes existing ids and counts a missing one as skipped', async () => {
    const removed = await c.items.bulkRemove('Shelf', ['s1', 'nope', 's2']);
    expect(removed).toMatchObject({ removed: 2, skipped: 1, errors: [], removedItemIds: ['s1', 's2'] });
    expect(await c.items.get('Shelf', 's1')).toBeNull();
    expect(sortedIds((await c.items.query('Shelf').find()).items)).toEqual(expect.arrayContaining(['s3', 's4']));
  });

  it('a bulk write into an admin-only collection comes back as per-item WDE0027 errors', async () => {
    const input = [{ _id: 'p-new', title: 'x' }];
    const refused = await c.items.bulkInsert('Products', input);
    expect(refused).toMatchObject({ inserted: 0, skipped: 0, insertedItemIds: [] });
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toMatchObject({ code: 'WDE0027', originalIndex: 0, item: input[0] });
    expect(refused.errors[0]!.message).toMatch(/permissions/);
    expect(await c.items.get('Products', 'p-new')).toBeNull();
  });
});

describe('unmodified @wix/data items: references', () => {
  const names = (list: readonly Record<string, unknown>[]) => list.map((a) => a.name);

  it('insertReference, isReferenced, queryReferenced, removeReference, replaceReferences', async () => {
    await c.items.insertReference('Books', 'writers', 'b01', ['a1', 'a2']);
    expect(await c.items.isReferenced('Books', 'writers', 'b01', 'a1')).toBe(true);
    expect(await c.items.isReferenced('Books', 'writers', 'b01', 'a3')).toBe(false);
    expect(await c.items.isReferenced('Books', 'writers', 'b07', 'a1')).toBe(false);

    const refs = await c.items.queryReferenced('Books', 'b01', 'writers');
    expect(names(refs.items)).toEqual(['Frank Herbert', 'Brian Herbert']);
    const desc = await c.items.queryReferenced('Books', 'b01', 'writers', { order: 'desc' });
    expect(ids(desc.items)).toEqual(['a2', 'a1']);
    const paged = await c.items.queryReferenced('Books', 'b01', 'writers', { limit: 1, returnTotalCount: true });
    expect(paged.totalCount).toBe(2);
    expect(ids(paged.items)).toEqual(['a1']);
    expect(paged.hasNext()).toBe(true);
    expect(ids((await paged.next()).items)).toEqual(['a2']);

    const included = await c.items.query('Books').eq('_id', 'b01').include('writers').find();
    expect(names(included.items[0]!.writers as Record<string, unknown>[])).toEqual(['Frank Herbert', 'Brian Herbert']);

    // includeReferences as objects makes get() send its whole payload as ?.r= (docs/wire-format.md §9.3).
    const got = await c.items.get('Books', 'b01', { includeReferences: [{ field: 'writers', limit: 1 }] });
    expect(names(got!.writers as Record<string, unknown>[])).toEqual(['Frank Herbert']);

    await c.items.removeReference('Books', 'writers', 'b01', 'a1');
    expect(await c.items.isReferenced('Books', 'writers', 'b01', 'a1')).toBe(false);
    expect(ids((await c.items.queryReferenced('Books', 'b01', 'writers')).items)).toEqual(['a2']);

    await c.items.replaceReferences('Books', 'writers', 'b01', ['a3', 'a1']);
    expect(ids((await c.items.queryReferenced('Books', 'b01', 'writers')).items)).toEqual(['a3', 'a1']);
    expect(await c.items.isReferenced('Books', 'writers', 'b01', 'a2')).toBe(false);

    await c.items.insertReference('Books', 'writers', { ...BOOKS[6]! }, { ...AUTHORS[0]! });
    const many = await c.items.queryReferencedItems('Books', ['b01', 'b07'], 'writers');
    expect(many.results.map((r) => [r.referringItemId, r.item?._id])).toEqual([
      ['b01', 'a3'],
      ['b01', 'a1'],
      ['b07', 'a1'],
    ]);
  });

  it('references to a missing referring item are refused', async () => {
    const missing = await rejection(c.items.insertReference('Books', 'writers', 'no-such-book', 'a1'));
    expect(missing.code).toBe('WDE0073');
  });
});
