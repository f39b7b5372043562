/**
 * Keyset cursors (issue #28, data/keyset.ts): cursor pages read the same rows as one big offset page for every
 * sort shape (mixed value types, both directions, mixed directions, ties, no sort), backwards too; they stand on
 * the row, not on a count (an insert before the cursor does not shift the next page); a cursor that does not fit
 * its query is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationError } from '../errors/wire.js';
import type { Database } from '../store/types.js';
import { bulkWrite } from './bulk.js';
import { encodeCursor } from './paging.js';
import { queryItems } from './query.js';
import type { DataScope } from './scope.js';
import { callers, collection, expectError, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

const coll = collection('Mixed', 'ANYONE');
const site = testSite([coll]);
let db: Database;
let scope: DataScope;
let clock = Date.UTC(2024, 0, 1);

// Every value type a sort orders, with ties: numbers, strings, dates, booleans, null, missing, arrays, objects.
const values = [3, 1.5, 'b', 'A', true, false, null, undefined, [1], { x: 1 }, { $date: '2024-02-02T00:00:00.000Z' }];
const ITEMS = Array.from({ length: 44 }, (_, n) => {
  const v = values[n % values.length];
  return { id: `k${String(n).padStart(2, '0')}`, data: { ...(v === undefined ? {} : { v }), g: n % 3 } };
});

beforeAll(async () => {
  db = await openTestDb();
  // Items written one at a time a millisecond apart, some within one millisecond: creation order and seq both count.
  scope = scopeFor(db, site, callers.admin(), () => (clock += 1));
  for (let i = 0; i < ITEMS.length; i += 4)
    await bulkWrite(scope, coll, { dataItems: ITEMS.slice(i, i + 4) }, 'insert');
}, 120_000);
afterAll(async () => db?.close());

type Sort = { fieldName: string; order: 'ASC' | 'DESC' }[];
const ids = (r: { dataItems: { id: string }[] }) => r.dataItems.map((d) => d.id);

async function all(sort: Sort): Promise<string[]> {
  return ids(await queryItems(scope, coll, { query: { sort, paging: { limit: 1000 } } }));
}

/** Pages forward by cursor, then back by `prev` from the last page; both in the order of the offset read. */
async function walk(sort: Sort, limit: number): Promise<{ forward: string[]; backward: string[] }> {
  const pages: string[][] = [];
  let page = await queryItems(scope, coll, { query: { sort, cursorPaging: { limit } } });
  pages.push(ids(page));
  // Bounded: a cursor that does not move would page forever.
  while (page.pagingMetadata.hasNext && pages.length <= ITEMS.length + 2) {
    page = await queryItems(scope, coll, { query: { cursorPaging: { cursor: page.pagingMetadata.cursors.next } } });
    pages.push(ids(page));
  }
  const back: string[][] = [ids(page)];
  while (page.pagingMetadata.cursors.prev && back.length <= ITEMS.length + 2) {
    page = await queryItems(scope, coll, { query: { cursorPaging: { cursor: page.pagingMetadata.cursors.prev } } });
    back.unshift(ids(page));
  }
  return { forward: pages.flat(), backward: back.flat() };
}

describe('keyset cursors', () => {
  const shapes: [string, Sort][] = [
    ['no sort', []],
    ['one field, mixed types, ascending', [{ fieldName: 'v', order: 'ASC' }]],
    ['one field, mixed types, descending', [{ fieldName: 'v', order: 'DESC' }]],
    [
      'mixed directions',
      [
        { fieldName: 'g', order: 'DESC' },
        { fieldName: 'v', order: 'ASC' },
      ],
    ],
    [
      'system fields',
      [
        { fieldName: '_createdDate', order: 'DESC' },
        { fieldName: '_id', order: 'ASC' },
      ],
    ],
  ];
  it.each(shapes)('reads the offset order forward and back: %s', async (_, sort) => {
    const expected = await all(sort);
    expect(expected).toHaveLength(ITEMS.length);
    for (const limit of [1, 5, 7]) {
      const { forward, backward } = await walk(sort, limit);
      expect(forward).toEqual(expected);
      expect(backward).toEqual(expected);
    }
  });

  it('stands on the row: an item inserted before the cursor does not shift the next page', async () => {
    const sort: Sort = [{ fieldName: 'v', order: 'ASC' }];
    const first = await queryItems(scope, coll, { query: { sort, cursorPaging: { limit: 5 } } });
    const expected = (await all(sort)).slice(5, 10);
    // Sorts first (missing `v` ranks lowest) and is newer than nothing after the cursor.
    await bulkWrite(scope, coll, { dataItems: [{ id: 'a-new', data: { g: 9 } }] }, 'insert');
    const next = await queryItems(scope, coll, {
      query: { cursorPaging: { cursor: first.pagingMetadata.cursors.next } },
    });
    expect(ids(next)).toEqual(expected);
    expect(next.pagingMetadata.cursors.prev).toEqual(expect.any(String));
  });

  it('refuses a signed cursor whose keys do not fit its query with a 400, never a 500', async () => {
    const base = { k: 'query', s: site.id, c: coll.id, l: 5, q: { s: [{ fieldName: 'v', order: 'ASC' }] } };
    for (const a of [['2'], ['1', '1x', null, null, null, 'k01'], ['9', null, null, null, null, 'k01']]) {
      const cursor = encodeCursor(scope.cursorKey, { ...base, a });
      const e = (await expectError(
        queryItems(scope, coll, { query: { cursorPaging: { cursor } } }),
        400,
      )) as ValidationError;
      expect(e.violations[0]).toMatchObject({ field: 'query.cursorPaging.cursor', ruleName: 'INVALID_CURSOR' });
    }
  });
});
