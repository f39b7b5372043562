import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { aggregate } from './aggregate.js';
import { bulkWrite } from './bulk.js';
import { countItems, distinctValues, queryItems } from './query.js';
import { isReferenced, queryReferenced, replaceReferences, writeReferences } from './references.js';
import type { DataScope } from './scope.js';
import { callers, collection, expectError, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

let db: Database;
let s: DataScope;
const site = testSite([
  collection('Products', 'ANYONE'),
  collection('Orders', 'ANYONE'),
  collection('Secret', 'ADMIN'),
]);
const [products, orders, secret] = site.collections as [
  (typeof site.collections)[0],
  (typeof site.collections)[0],
  (typeof site.collections)[0],
];

beforeAll(async () => {
  db = await openTestDb();
  s = scopeFor(db, site, callers.admin());
  const rows = [
    { id: 'p1', data: { title: 'Red shirt', category: 'shirts', price: 20, tags: ['red', 'cotton'] } },
    { id: 'p2', data: { title: 'Blue shirt', category: 'shirts', price: 30, tags: ['blue'] } },
    { id: 'p3', data: { title: 'Green hat', category: 'hats', price: 15, tags: ['green'] } },
    { id: 'p4', data: { title: 'Black hat', category: 'hats', price: 5 } },
    { id: 'p5', data: { title: 'Mystery', price: 'n/a' } },
  ];
  await bulkWrite(s, products, { dataItems: rows }, 'insert');
  await bulkWrite(
    s,
    orders,
    {
      dataItems: [
        { id: 'o1', data: { product: 'p1' } },
        { id: 'o2', data: { product: 's1' } },
      ],
    },
    'insert',
  );
  await bulkWrite(s, secret, { dataItems: [{ id: 's1', data: { hidden: true } }] }, 'insert');
}, 120_000);
afterAll(async () => db.close());

describe('count, distinct, aggregate', () => {
  it('counts with filters', async () => {
    expect(await countItems(s, products, {})).toEqual({ totalCount: 5 });
    expect(await countItems(s, products, { filter: { tags: { $hasSome: ['red', 'green'] } } })).toEqual({
      totalCount: 2,
    });
    expect(await countItems(s, products, { filter: { title: { $contains: 'SHIRT' } } })).toEqual({ totalCount: 2 });
    await expectError(countItems(s, products, { filter: { a: { $regex: 'x' } } }), 400);
  });

  it('lists distinct values in order with paging', async () => {
    const all = await distinctValues(s, products, { fieldName: 'category' });
    expect(all.distinctValues).toEqual(['hats', 'shirts']);
    expect(all.pagingMetadata.hasNext).toBe(false);
    const desc = await distinctValues(s, products, {
      fieldName: 'price',
      order: 'DESC',
      paging: { limit: 2 },
      returnTotalCount: true,
    });
    expect(desc.distinctValues).toEqual(['n/a', 30]);
    expect(desc.pagingMetadata).toMatchObject({ hasNext: true, total: 5 });
    const c1 = await distinctValues(s, products, {
      fieldName: 'price',
      filter: { price: { $gt: 0 } },
      cursorPaging: { limit: 3 },
    });
    expect(c1.distinctValues).toEqual([5, 15, 20]);
    const c2 = await distinctValues(s, products, { cursorPaging: { cursor: c1.pagingMetadata.cursors.next } });
    expect(c2.distinctValues).toEqual([30]);
    expect(c2.pagingMetadata.hasNext).toBe(false);
    await expectError(distinctValues(s, products, {}), 400);
  });

  it('groups, computes sum/avg/min/max/count, filters and sorts results', async () => {
    const res = await aggregate(s, products, {
      initialFilter: { price: { $gt: 0 } },
      aggregation: {
        groupingFields: ['category'],
        operations: [
          { resultFieldName: 'total', sum: { itemFieldName: 'price' } },
          { average: { itemFieldName: 'price' } },
          { min: { itemFieldName: 'price' } },
          { max: { itemFieldName: 'price' } },
          { itemCount: {} },
        ],
      },
      sort: [{ fieldName: 'total', order: 'DESC' }],
      returnTotalCount: true,
    });
    expect(res.results).toEqual([
      {
        _id: { category: 'shirts' },
        category: 'shirts',
        total: 50,
        priceAvg: 25,
        priceMin: 20,
        priceMax: 30,
        count: 2,
      },
      { _id: { category: 'hats' }, category: 'hats', total: 20, priceAvg: 10, priceMin: 5, priceMax: 15, count: 2 },
    ]);
    expect(res.pagingMetadata).toMatchObject({ total: 2, hasNext: false });
    const filtered = await aggregate(s, products, {
      aggregation: { groupingFields: ['category'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
      finalFilter: { n: { $gte: 2 } },
      sort: [{ fieldName: 'category' }],
      paging: { limit: 1 },
    });
    expect(filtered.results).toEqual([{ _id: { category: 'hats' }, category: 'hats', n: 2 }]);
    expect(filtered.pagingMetadata.hasNext).toBe(true);
    const next = await aggregate(s, products, {
      aggregation: { groupingFields: ['category'], operations: [{ resultFieldName: 'n', itemCount: {} }] },
      cursorPaging: { limit: 2 },
    });
    expect(next.results.map((r) => r.n)).toEqual([1, 2]);
    const rest = await aggregate(s, products, { cursorPaging: { cursor: next.pagingMetadata.cursors.next } });
    expect(rest.results).toEqual([{ _id: { category: 'shirts' }, category: 'shirts', n: 2 }]);
    expect(rest.pagingMetadata.hasNext).toBe(false);
    await expectError(aggregate(s, products, { aggregation: { operations: [{ sum: {} }] } }), 400);
    await expectError(
      aggregate(s, products, {
        aggregation: { operations: [{ sum: { itemFieldName: 'a' }, max: { itemFieldName: 'a' } }] },
      }),
      400,
    );
  });
});

describe('references', () => {
  it('inserts, queries (both shapes), checks, replaces and removes references', async () => {
    await writeReferences(
      s,
      orders,
      [
        { referringItemFieldName: 'items', referringItemId: 'o1', referencedItemId: 'p2' },
        { referringItemFieldName: 'items', referringItemId: 'o1', referencedItemId: 'p3' },
        { referringItemFieldName: 'items', referringItemId: 'o2', referencedItemId: 'p4' },
      ],
      false,
    );
    const one = await queryReferenced(s, orders, { referringItemId: 'o1', referringItemFieldName: 'items' });
    expect(one.results.map((r) => (r as { dataItem?: { id: string } }).dataItem?.id ?? null)).toEqual(['p2', 'p3']);
    const many = await queryReferenced(s, orders, {
      referringItemIds: ['o2', 'o1'],
      referringItemFieldName: 'items',
      paging: { limit: 2 },
    });
    expect(many.results).toMatchObject([
      { referringItemId: 'o2', dataItem: { id: 'p4' } },
      { referringItemId: 'o1', dataItem: { id: 'p2' } },
    ]);
    expect(many.pagingMetadata.hasNext).toBe(true);
    expect(
      await isReferenced(s, orders, { referringItemFieldName: 'items', referringItemId: 'o1', referencedItemId: 'p3' }),
    ).toEqual({ isReferenced: true });
    await replaceReferences(s, orders, {
      referringItemFieldName: 'items',
      referringItemId: 'o1',
      newReferencedItemIds: ['p1'],
    });
    expect(
      await isReferenced(s, orders, { referringItemFieldName: 'items', referringItemId: 'o1', referencedItemId: 'p3' }),
    ).toEqual({ isReferenced: false });
    await writeReferences(
      s,
      orders,
      [{ referringItemFieldName: 'items', referringItemId: 'o1', referencedItemId: 'p1' }],
      true,
    );
    expect(
      (await queryReferenced(s, orders, { referringItemId: 'o1', referringItemFieldName: 'items' })).results,
    ).toEqual([]);
    await expectError(
      writeReferences(
        s,
        orders,
        [{ referringItemFieldName: 'items', referringItemId: 'nope', referencedItemId: 'p1' }],
        false,
      ),
      404,
      'WDE0073',
    );
  });

  it('includes referenced items the caller may read, on queries', async () => {
    await writeReferences(
      s,
      orders,
      [{ referringItemFieldName: 'lines', referringItemId: 'o1', referencedItemId: 'p3' }],
      false,
    );
    const res = await queryItems(s, orders, {
      query: { sort: [{ fieldName: '_id' }] },
      includeReferences: [{ field: 'product' }, { field: 'lines', limit: 5 }],
    });
    expect(res.dataItems[0]!.data.product).toMatchObject({ _id: 'p1', title: 'Red shirt' });
    expect(res.dataItems[0]!.data.lines).toMatchObject([{ _id: 'p3' }]);
    expect(res.dataItems[1]!.data.product).toMatchObject({ _id: 's1' });
    const visitor = scopeFor(db, site, callers.visitor('v'));
    const seen = await queryItems(visitor, orders, {
      query: { sort: [{ fieldName: '_id' }] },
      includeReferences: ['product'],
    });
    expect(seen.dataItems[1]!.data.product).toBe('s1');
    const unresolved = await queryReferenced(visitor, orders, {
      referringItemIds: ['o1'],
      referringItemFieldName: 'items',
    });
    expect(unresolved.results).toEqual([]);
  });
});
