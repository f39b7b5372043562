import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/wire.js';
import type { Database } from '../store/types.js';
import { bulkWrite } from './bulk.js';
import { parseFilter } from './filter/parse.js';
import { getItem, insertOne, patchOne, removeOne, saveOne, truncate, updateOne } from './items-service.js';
import type { JsonObject } from './json.js';
import { parseModifications } from './patch.js';
import { queryItems } from './query.js';
import { collectionOf, type DataScope } from './scope.js';
import { parseDataItem } from './store.js';
import { itemId } from './scope.js';
import { callers, collection, expectError, openTestDb, scopeFor, testSite } from '../../test-support/data.js';

let db: Database;
const site = testSite([
  collection('Things', 'ANYONE'),
  collection('Products', { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' }),
]);
const things = site.collections[0]!;
let clock = Date.UTC(2024, 0, 1);
const now = () => (clock += 1000);
let scope: DataScope;

beforeAll(async () => {
  db = await openTestDb();
  scope = scopeFor(db, site, callers.admin(), now);
}, 120_000);
afterAll(async () => db.close());

const item = (data: Record<string, unknown>, id?: string) => parseDataItem({ id, data }, 'dataItem', itemId);
const insert = (s: DataScope, data: Record<string, unknown>, id?: string, coll = things) =>
  s.db.transaction((tx) => insertOne(tx, s, coll, item(data, id)));

describe('single items', () => {
  it('inserts with generated or given ids, system fields and dates as instants', async () => {
    const a = await insert(scope, { title: 'a', when: { $date: '2024-05-05T07:05:05+02:00' } });
    expect(typeof a._id).toBe('string');
    expect(a._createdDate).toEqual({ $date: expect.stringMatching(/^2024-01-01T00:00:\d\d\.000Z$/) });
    expect(a._updatedDate).toEqual(a._createdDate);
    expect(a.when).toEqual({ $date: '2024-05-05T05:05:05.000Z' });
    const b = await insert(scope, { _id: 'given', title: 'b' });
    expect(b._id).toBe('given');
    expect(await getItem(scope, things, 'given')).toEqual(b);
  });

  it('reports a duplicate id as WDE0074 and a missing item as WDE0073 with the contract wording', async () => {
    await insert(scope, { title: 'x' }, 'dup');
    await expectError(insert(scope, { title: 'y' }, 'dup'), 409, 'WDE0074');
    const e = await expectError(getItem(scope, things, 'nope'), 404, 'WDE0073');
    expect(e.message).toBe('Item [nope] does not exist in collection [Things].');
    await expectError(
      db.transaction((tx) => removeOne(tx, scope, things, 'nope')),
      404,
      'WDE0073',
    );
  });

  it('names an unknown collection (WDE0025) and rejects malformed items', async () => {
    const e = await expectError(
      Promise.resolve().then(() => collectionOf(scope, { dataCollectionId: 'Nope' })),
      404,
      'WDE0025',
    );
    expect(e.message).toContain('Nope');
    await expectError(
      Promise.resolve().then(() => parseDataItem({ data: 'x' }, 'dataItem', itemId)),
      400,
    );
    await expectError(
      Promise.resolve().then(() => parseDataItem({ id: 5, data: {} }, 'dataItem', itemId)),
      400,
    );
    await expectError(
      Promise.resolve().then(() => parseDataItem({ id: 'a', data: { _id: 'b' } }, 'dataItem', itemId)),
      400,
    );
    await expectError(
      Promise.resolve().then(() => parseDataItem({ data: { d: { $date: 'yesterday' } } }, 'dataItem', itemId)),
      400,
    );
    await expectError(
      Promise.resolve().then(() => parseDataItem({ data: { s: 'a\u0000b' } }, 'dataItem', itemId)),
      400,
    );
    const proto = parseDataItem(JSON.parse('{"data":{"__proto__":{"polluted":true},"ok":1}}'), 'dataItem', itemId);
    expect(Object.getPrototypeOf(proto.data)).toBe(Object.prototype);
    expect(JSON.stringify(proto.data)).toBe('{"__proto__":{"polluted":true},"ok":1}');
  });

  it('updates whole items, keeping _createdDate, honouring condition', async () => {
    const a = await insert(scope, { title: 'v1', version: 1 }, 'u1');
    const upd = (data: JsonObject, cond?: unknown) =>
      db.transaction((tx) =>
        updateOne(
          tx,
          scope,
          things,
          { id: 'u1', data },
          cond === undefined ? undefined : parseFilter(cond, 'condition.filter'),
        ),
      );
    const b = await upd({ title: 'v2', version: 2 });
    expect(b).toMatchObject({ _id: 'u1', title: 'v2', version: 2, _createdDate: a._createdDate });
    expect(b._updatedDate).not.toEqual(a._updatedDate);
    await expectError(upd({ title: 'v3' }, { version: 1 }), 404, 'WDE0073');
    expect((await upd({ title: 'v3', version: 3 }, { version: 2 })).title).toBe('v3');
    await expectError(
      db.transaction((tx) => updateOne(tx, scope, things, { id: 'missing', data: {} })),
      404,
      'WDE0073',
    );
  });

  it('saves: inserts then updates', async () => {
    const s1 = await db.transaction((tx) => saveOne(tx, scope, things, item({ n: 1 }, 's1')));
    expect(s1.action).toBe('INSERTED');
    const s2 = await db.transaction((tx) => saveOne(tx, scope, things, item({ n: 2 }, 's1')));
    expect(s2.action).toBe('UPDATED');
    expect(s2.data.n).toBe(2);
  });

  it('patches with all five field modifications', async () => {
    await insert(scope, { count: 1, tags: ['a', 'b', 'a'], nested: { x: 1 }, gone: true }, 'p1');
    const mods = parseModifications(
      [
        { action: 'SET_FIELD', fieldPath: 'nested.y', setFieldOptions: { value: { $date: '2024-01-01' } } },
        { action: 'REMOVE_FIELD', fieldPath: 'gone' },
        { action: 'INCREMENT_FIELD', fieldPath: 'count', incrementFieldOptions: { value: 2.5 } },
        { action: 'INCREMENT_FIELD', fieldPath: 'fresh', incrementFieldOptions: { value: 1 } },
        { action: 'APPEND_TO_ARRAY', fieldPath: 'tags', appendToArrayOptions: { value: 'c' } },
        { action: 'REMOVE_FROM_ARRAY', fieldPath: 'tags', removeFromArrayOptions: { value: 'a' } },
      ],
      'patch.fieldModifications',
    );
    const p = await db.transaction((tx) => patchOne(tx, scope, things, 'p1', mods));
    expect(p).toMatchObject({
      count: 3.5,
      fresh: 1,
      tags: ['b', 'c'],
      nested: { x: 1, y: { $date: '2024-01-01T00:00:00.000Z' } },
    });
    expect('gone' in p).toBe(false);
    const bad = parseModifications(
      [{ action: 'INCREMENT_FIELD', fieldPath: 'tags', incrementFieldOptions: { value: 1 } }],
      'm',
    );
    await expectError(
      db.transaction((tx) => patchOne(tx, scope, things, 'p1', bad)),
      400,
    );
    expect(() =>
      parseModifications([{ action: 'SET_FIELD', fieldPath: '_id', setFieldOptions: { value: 'x' } }], 'm'),
    ).toThrow(ValidationError);
    expect(() => parseModifications([{ action: 'EXPLODE', fieldPath: 'a' }], 'm')).toThrow(ValidationError);
    expect(() =>
      parseModifications([{ action: 'INCREMENT_FIELD', fieldPath: 'a', incrementFieldOptions: { value: '1' } }], 'm'),
    ).toThrow(ValidationError);
    await expectError(
      db.transaction((tx) => patchOne(tx, scope, things, 'p1', mods, parseFilter({ count: 0 }, 'c'))),
      404,
      'WDE0073',
    );
  });

  it('removes with condition and truncates (ADMIN only)', async () => {
    await insert(scope, { k: 1 }, 'r1');
    await expectError(
      db.transaction((tx) => removeOne(tx, scope, things, 'r1', parseFilter({ k: 2 }, 'c'))),
      404,
      'WDE0073',
    );
    expect((await db.transaction((tx) => removeOne(tx, scope, things, 'r1', parseFilter({ k: 1 }, 'c'))))._id).toBe(
      'r1',
    );
    await expectError(getItem(scope, things, 'r1'), 404, 'WDE0073');
    const member = scopeFor(db, site, callers.member('m1'), now);
    await expectError(truncate(member, things), 403, 'WDE0027');
    const coll = site.collections[1]!;
    await insert(scope, { a: 1 }, undefined, coll);
    expect(await truncate(scope, coll)).toBe(1);
  });
});

describe('bulk', () => {
  it('inserts up to 1000 with per-item duplicates (WDE0074) and originalIndex', async () => {
    const dataItems = Array.from({ length: 1000 }, (_, i) => ({ id: `b${i % 999}`, data: { i } }));
    const res = await bulkWrite(scope, things, { dataItems }, 'insert');
    expect(res.results).toHaveLength(1000);
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 999, totalFailures: 1, undetailedFailures: 0 });
    const failed = res.results[999] as {
      itemMetadata: { id: string; originalIndex: number; success: boolean; error: { code: string } };
    };
    expect(failed.itemMetadata).toMatchObject({
      id: 'b0',
      originalIndex: 999,
      success: false,
      error: { code: 'WDE0074' },
    });
    expect(res.results[5]).toMatchObject({
      action: 'INSERT',
      itemMetadata: { id: 'b5', originalIndex: 5, success: true },
      dataItem: { data: { i: 5 } },
    });
  });

  it('refuses 1001 entries as a whole and reports bad entries by path', async () => {
    const dataItems = Array.from({ length: 1001 }, () => ({ data: {} }));
    const e = (await expectError(bulkWrite(scope, things, { dataItems }, 'insert'), 400)) as ValidationError;
    expect(e.violations[0]!.field).toBe('dataItems');
    await expectError(
      bulkWrite(scope, things, { dataItemIds: Array.from({ length: 1001 }, (_, i) => `x${i}`) }, 'remove'),
      400,
    );
    const e2 = (await expectError(
      bulkWrite(scope, things, { dataItems: [{ data: {} }, { data: 7 }] }, 'insert'),
      400,
    )) as ValidationError;
    expect(e2.violations[0]!.field).toBe('dataItems[1].data');
  });

  it('updates, saves, patches and removes with per-item WDE0073', async () => {
    await bulkWrite(
      scope,
      things,
      {
        dataItems: [
          { id: 'q1', data: { v: 1 } },
          { id: 'q2', data: { v: 1 } },
        ],
      },
      'insert',
    );
    const up = await bulkWrite(
      scope,
      things,
      {
        dataItems: [
          { id: 'q1', data: { v: 2 } },
          { id: 'zz', data: {} },
        ],
      },
      'update',
    );
    expect(up.results.map((r) => (r as { itemMetadata: { success: boolean } }).itemMetadata.success)).toEqual([
      true,
      false,
    ]);
    expect(up.results[1]).toMatchObject({
      action: 'UPDATE',
      itemMetadata: { id: 'zz', originalIndex: 1, error: { code: 'WDE0073' } },
    });
    const sv = await bulkWrite(
      scope,
      things,
      {
        dataItems: [
          { id: 'q1', data: { v: 3 } },
          { id: 'q3', data: { v: 3 } },
        ],
      },
      'save',
    );
    expect(sv.results.map((r) => (r as { action: string }).action)).toEqual(['UPDATE', 'INSERT']);
    const pt = await bulkWrite(
      scope,
      things,
      {
        patches: [
          {
            dataItemId: 'q2',
            fieldModifications: [{ action: 'INCREMENT_FIELD', fieldPath: 'v', incrementFieldOptions: { value: 5 } }],
          },
        ],
      },
      'patch',
    );
    expect(pt.results[0]).toMatchObject({ action: 'PATCH', dataItem: { data: { v: 6 } } });
    const rm = await bulkWrite(
      scope,
      things,
      { dataItemIds: ['q1', 'q2', 'q1'], condition: { filter: { v: { $gt: 0 } } } },
      'remove',
    );
    expect(
      rm.results.map(
        (r) => (r as { itemMetadata: { success: boolean; error?: { code: string } } }).itemMetadata.error?.code ?? 'ok',
      ),
    ).toEqual(['ok', 'ok', 'WDE0073']);
  });
});

describe('query', () => {
  it('pages by offset (default 50, max 1000) and by signed cursor', async () => {
    const coll = collection('Paged', 'ANYONE');
    const s = scopeFor(db, testSite([coll]), callers.admin(), now);
    await bulkWrite(
      s,
      coll,
      {
        dataItems: Array.from({ length: 120 }, (_, i) => ({
          id: `p${String(i).padStart(3, '0')}`,
          data: { i, odd: i % 2 === 1 },
        })),
      },
      'insert',
    );
    const first = await queryItems(s, coll, { query: {} });
    expect(first.dataItems).toHaveLength(50);
    expect(first.pagingMetadata).toMatchObject({ count: 50, offset: 0, hasNext: true });
    const last = await queryItems(s, coll, { query: { paging: { limit: 50, offset: 100 } }, returnTotalCount: true });
    expect(last.pagingMetadata).toMatchObject({ count: 20, offset: 100, hasNext: false, total: 120 });
    await expectError(queryItems(s, coll, { query: { paging: { limit: 1001 } } }), 400);
    await expectError(queryItems(s, coll, { query: { paging: { limit: 0 } } }), 400);
    await expectError(queryItems(s, coll, { query: { paging: { offset: -1 } } }), 400);

    const seen: number[] = [];
    let page = await queryItems(s, coll, {
      query: { filter: { odd: true }, sort: [{ fieldName: 'i', order: 'DESC' }], cursorPaging: { limit: 25 } },
    });
    for (;;) {
      seen.push(...page.dataItems.map((d) => d.data.i as number));
      expect(typeof page.pagingMetadata.hasNext).toBe('boolean');
      if (!page.pagingMetadata.hasNext) break;
      page = await queryItems(s, coll, {
        query: { cursorPaging: { limit: 25, cursor: page.pagingMetadata.cursors.next } },
      });
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, k) => 119 - 2 * k));
    expect(page.pagingMetadata.cursors.prev).toEqual(expect.any(String));

    const cursor =
      first.pagingMetadata.cursors.next ??
      (await queryItems(s, coll, { query: { cursorPaging: { limit: 5 } } })).pagingMetadata.cursors.next!;
    const tampered = cursor.replace(/^./, (c) => (c === 'e' ? 'f' : 'e'));
    await expectError(queryItems(s, coll, { query: { cursorPaging: { cursor: tampered } } }), 400);
    await expectError(queryItems(s, coll, { query: { cursorPaging: { cursor: 'garbage' } } }), 400);
    await expectError(queryItems(s, things, { query: { cursorPaging: { cursor } } }), 400);
  });

  it('projects fields and filters on dates', async () => {
    const coll = collection('Dated', 'ANYONE');
    const s = scopeFor(db, testSite([coll]), callers.admin(), now);
    await bulkWrite(
      s,
      coll,
      {
        dataItems: ['2024-01-01', '2024-06-01', '2025-01-01'].map((d, i) => ({
          id: `d${i}`,
          data: { when: { $date: d }, t: i, extra: 'x' },
        })),
      },
      'insert',
    );
    const res = await queryItems(s, coll, {
      query: {
        filter: { when: { $gte: { $date: '2024-03-01T00:00:00.000Z' } } },
        fields: ['t'],
        sort: [{ fieldName: 'when', order: 'DESC' }],
      },
    });
    expect(res.dataItems.map((d) => d.data)).toEqual([
      { _id: 'd2', t: 2 },
      { _id: 'd1', t: 1 },
    ]);
  });
});
