/**
 * Wire compatibility of writes, bulk calls, patches, aggregations, references, paging and error
 * handling: same scenario on the real `@wix/data` client and on ours, same requests, same results.
 */
import { describe, expect, it } from 'vitest';
import type { Recorded, Responder } from '../../test-support/data-harness.js';
import { compare, type Api, type Scenario } from '../../test-support/data-parity.js';

const d1 = new Date('2024-05-05T05:05:05.000Z');

const meta = (id: string, originalIndex: number, action: string, error?: object) => ({
  action,
  itemMetadata: { id, originalIndex, success: !error, ...(error ? { error } : {}) },
});
const bulkAnswer: Responder = ({ path }) =>
  path.includes('/bulk/items/') && !path.includes('references')
    ? {
        body: {
          results: [
            meta('a', 0, 'INSERT'),
            meta('b', 1, 'INSERT', { code: 'WDE0074', description: 'Item already exists', data: {} }),
            meta('c', 2, 'UPDATE'),
            meta('d', 3, 'UPDATE', { code: 'WDE0073', description: 'Item does not exist', data: {} }),
            meta('e', 4, 'DELETE'),
            meta('f', 5, 'PATCH'),
            meta('g', 6, 'INSERT', {
              code: 'WDE0075',
              description: 'Invalid item',
              data: { fieldViolations: [{ field: 'price', description: 'must be a number' }] },
            }),
          ],
          bulkActionMetadata: { totalSuccesses: 4, totalFailures: 3 },
        },
      }
    : undefined;
const eight = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((_id, i) => ({ _id, n: i, when: d1 }));

const writes: Record<string, Scenario> = {
  'insert with a Date, no _id': (a) => a.insert('Products', { title: 'x', when: d1, nested: { at: [d1] } }),
  'insert with _id and options': (a) =>
    a.insert(
      'Products',
      { _id: '7', title: 'x' },
      { suppressHooks: true, showDrafts: true, includeReferences: true, saveReferences: true },
    ),
  save: (a) => a.save('Products', { _id: '1', title: 'y' }),
  'update with a builder condition': (a) =>
    a.update('Products', { _id: '1', title: 'y' }, { condition: a.filter().eq('version', 3).gt('at', d1) }),
  'update with a plain condition': (a) => a.update('Products', { _id: '1', title: 'y' }, { condition: { version: 3 } }),
  remove: (a) => a.remove('Products', '1'),
  'remove with options and condition': (a) =>
    a.remove('Products', '1', { suppressHooks: true, condition: a.filter().eq('v', 1) }),
  truncate: (a) => a.truncate('Products'),
  get: (a) => a.get('Products', '1'),
  'get with flat options (query parameters)': (a) =>
    a.get('Products', '1', {
      consistentRead: true,
      language: 'fr',
      fields: ['title', 'price'],
      includeReferences: ['ref'],
    }),
  'get with nested options (.r)': (a) => a.get('Products', '1', { showDrafts: true, consistentRead: true }),
  'patch builder, every action': (a) =>
    a
      .patch('Products', '1')
      .setField('title', 'x')
      .setField('at', d1)
      .incrementField('stock', -2)
      .appendToArray('tags', 'new')
      .removeFromArray('tags', 'old')
      .removeField('obsolete')
      .run(),
  'patch with options': (a) =>
    a
      .patch('Products', '1')
      .setField('a', 1)
      .run({ suppressHooks: true, showDrafts: false, condition: a.filter().eq('v', 2) }),
  bulkInsert: (a) => a.bulkInsert('Products', eight),
  'bulkInsert overrideExisting': (a) =>
    a.bulkInsert('Products', eight, { overrideExisting: true, suppressHooks: true }),
  bulkSave: (a) => a.bulkSave('Products', eight),
  'bulkUpdate with condition': (a) => a.bulkUpdate('Products', eight, { condition: a.filter().eq('v', 1) }),
  bulkRemove: (a) =>
    a.bulkRemove(
      'Products',
      eight.map((i) => i._id),
    ),
  'aggregate: everything': (a) =>
    a
      .aggregate('Products')
      .filter(a.filter().eq('a', 1))
      .group('category')
      .sum('price')
      .avg('price')
      .min('price', 'cheapest')
      .max('when')
      .count()
      .having(a.filter().gt('priceSum', 5))
      .descending('priceSum')
      .ascending('category')
      .limit(5)
      .skip(1)
      .run({ returnTotalCount: true }),
  'aggregate: no group, no filter': (a) => a.aggregate('Products').sum('price').run(),
  'aggregate: group by two fields': (a) =>
    a.aggregate('Products').group('a', 'b').count().run({ consistentRead: true }),
  queryReferenced: (a) => a.queryReferenced('Products', '1', 'related'),
  'queryReferenced with options and item object': (a) =>
    a.queryReferenced('Products', { _id: '1' }, 'related', {
      limit: 10,
      skip: 5,
      order: 'desc',
      returnTotalCount: true,
      consistentRead: true,
    }),
  isReferenced: (a) => a.isReferenced('Products', 'related', '1', { _id: '2' }, { consistentRead: true }),
  'insertReference one': (a) => a.insertReference('Products', 'related', '1', '2'),
  'insertReference many': (a) => a.insertReference('Products', 'related', { _id: '1' }, ['2', { _id: '3' }]),
  removeReference: (a) => a.removeReference('Products', 'related', '1', ['2', '3']),
  replaceReferences: (a) => a.replaceReferences('Products', 'related', '1', ['2', { _id: '3' }]),
};

describe('writes, bulk, patch, aggregate, references → same requests and results as @wix/data', () => {
  for (const [name, scenario] of Object.entries(writes)) it(name, () => compare(scenario, bulkAnswer));

  it('bulk tally (§9.2): ignored codes count as skipped, failures become BulkErrors with the input item', async () => {
    const { result } = await compare((a) => a.bulkInsert('Products', eight), bulkAnswer);
    expect(result).toMatchObject({
      inserted: 1,
      updated: 2,
      removed: 1,
      skipped: 2,
      insertedItemIds: ['a'],
      updatedItemIds: ['c', 'f'],
      removedItemIds: ['e'],
    });
    expect((result as { errors: unknown[] }).errors).toEqual(
      [
        { message: 'Item does not exist', code: 'WDE0073', item: eight[3], originalIndex: 3 },
        {
          message: 'Invalid item',
          code: 'WDE0075',
          item: eight[6],
          originalIndex: 6,
          violations: [{ field: 'price', description: 'must be a number' }],
        },
      ].map((e) => ({ ...e, item: { ...e.item, when: { date: d1.toISOString() } } })),
    );
  });
});

/** Paged answers: 5 items, by offset, or by cursor when `cursors` is on. */
function pages(total: number, cursors: boolean): Responder {
  return ({ path, payload }: Recorded) => {
    if (!path.endsWith('/items/query') && !path.endsWith('/query-distinct-values') && !path.endsWith('/aggregate'))
      return undefined;
    const p = payload as { query?: Record<string, { limit?: number; offset?: number; cursor?: string }> } & Record<
      string,
      { limit?: number; offset?: number; cursor?: string }
    >;
    const paging = p.query?.paging ?? p.paging;
    const cursorPaging = p.query?.cursorPaging ?? p.cursorPaging;
    const limit = paging?.limit ?? cursorPaging?.limit ?? 2;
    const offset = cursorPaging ? Number(cursorPaging.cursor!.slice(1)) : (paging?.offset ?? 0);
    const ids = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => `i${offset + i}`);
    const hasNext = offset + ids.length < total;
    const pagingMetadata = {
      count: ids.length,
      ...(cursors
        ? {
            cursors: {
              next: hasNext ? `c${offset + limit}` : null,
              prev: offset > 0 ? `c${Math.max(0, offset - limit)}` : null,
            },
          }
        : { offset, total }),
      hasNext,
    };
    const rows = ids.map((id) => ({ id, data: { _id: id } }));
    return { body: { dataItems: rows, distinctValues: ids, results: ids.map((_id) => ({ _id })), pagingMetadata } };
  };
}

async function walk(first: Promise<{ next(): Promise<unknown>; prev(): Promise<unknown> }>) {
  const r1 = (await first) as { next(): Promise<typeof r1>; prev(): Promise<typeof r1> };
  const r2 = await r1.next();
  const r3 = await r2.next();
  const back = await r3.prev();
  const end = await r3.next().catch((e: unknown) => e);
  const before = await r1.prev().catch((e: unknown) => e);
  return [r1, r2, r3, back, end, before];
}

const paging: Record<string, [Scenario, Responder]> = {
  'offset paging with limit and total': [
    (a: Api) => walk(a.query('P').limit(2).find({ returnTotalCount: true })),
    pages(5, false),
  ],
  'offset paging from a skip': [(a: Api) => walk(a.query('P').limit(2).skip(1).find()), pages(5, false)],
  'offset paging with inferred page size': [(a: Api) => walk(a.query('P').find()), pages(5, false)],
  'cursor paging': [(a: Api) => walk(a.query('P').eq('x', 1).limit(2).find()), pages(5, true)],
  'distinct cursor paging': [(a: Api) => walk(a.query('P').limit(2).distinct('x')), pages(5, true)],
  'aggregate offset paging': [(a: Api) => walk(a.aggregate('P').group('g').limit(2).run()), pages(5, false)],
  'aggregate cursor paging': [(a: Api) => walk(a.aggregate('P').group('g').limit(2).run()), pages(5, true)],
  'queryReferenced cursor paging': [(a: Api) => walk(a.queryReferenced('P', '1', 'rel', { limit: 2 })), pages(5, true)],
  'empty result': [(a: Api) => a.query('P').find(), pages(0, false)],
};

describe('result paging (§9.6) → same requests and page arithmetic as @wix/data', () => {
  for (const [name, [scenario, respond]] of Object.entries(paging)) it(name, () => compare(scenario, respond));

  it('offset paging arithmetic', async () => {
    const { result, calls } = await compare(paging['offset paging with limit and total']![0], pages(5, false));
    const [r1, r2, r3] = result as Record<string, unknown>[];
    expect(r1).toMatchObject({
      totalCount: 5,
      pageSize: 2,
      currentPage: 0,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
    });
    expect(r2).toMatchObject({ currentPage: 1, hasPrev: true });
    expect(r3).toMatchObject({ currentPage: 2, hasNext: false, length: 1 });
    expect(calls.map((c) => (c.payload as { query: { paging: unknown } }).query.paging)).toEqual([
      { limit: 2, offset: 0 },
      { limit: 2, offset: 2 },
      { limit: 2, offset: 4 },
      { limit: 2, offset: 2 },
    ]);
  });

  it('cursor requests carry no filter or sort', async () => {
    const { calls } = await compare(paging['cursor paging']![0], pages(5, true));
    expect(calls[1]!.payload).toEqual({
      dataCollectionId: 'P',
      query: { fields: [], cursorPaging: { limit: 2, cursor: 'c2' } },
      includeReferences: [],
    });
  });
});

const failing =
  (status: number, body: unknown, onPath = ''): Responder =>
  ({ path }) =>
    path.includes(onPath) ? { status, body, headers: { 'x-wix-request-id': 'req-1' } } : undefined;
const notFound = {
  message: 'Item [1] does not exist in collection [Products].',
  details: {
    applicationError: { code: 'WDE0073', description: 'Item [1] does not exist in collection [Products].', data: {} },
  },
};

const errors: Record<string, [Scenario, Responder]> = {
  'get of a missing item → null': [(a) => a.get('Products', '1'), failing(404, notFound)],
  'remove of a missing item → null': [(a) => a.remove('Products', '1'), failing(404, notFound)],
  'get with 200 and no dataItem → null': [(a) => a.get('Products', '1'), () => ({ body: {} })],
  'insert duplicate → application error with details': [
    (a) => a.insert('Products', { _id: '1' }),
    failing(409, {
      message: 'dup',
      details: { applicationError: { code: 'WDE0074', description: 'Item already exists', data: { id: '1' } } },
    }),
  ],
  '413 → WDE0109': [(a) => a.insert('Products', { big: 'x' }), failing(413, { message: 'too big' })],
  'validation error → violations': [
    (a) => a.update('Products', { _id: '1', price: 'x' }),
    failing(400, {
      message: 'Invalid item',
      details: {
        validationError: {
          fieldViolations: [{ field: 'price', description: 'must be a number', violatedRule: 'TYPE' }],
        },
      },
    }),
  ],
  'hook error WDE0078 rebuilds the thrown error': [
    (a) => a.save('Products', { _id: '1' }),
    failing(400, {
      message: 'hook',
      details: {
        applicationError: {
          code: 'WDE0078',
          description: 'hook failed',
          data: { jsErrorValue: { name: 'MyError', message: 'custom hook message', code: 'E42' } },
        },
      },
    }),
  ],
  'query failure → application error': [
    (a) => a.query('Products').find(),
    failing(403, {
      message: 'denied',
      details: { applicationError: { code: 'WDE0027', description: 'Permission denied', data: {} } },
    }),
  ],
};

describe('errors (§9.10) → same outcome as @wix/data', () => {
  for (const [name, [scenario, respond]] of Object.entries(errors)) it(name, () => compare(scenario, respond));

  it('keeps the server code in details and as .code', async () => {
    const { ours } = await import('../../test-support/data-harness.js');
    const { record } = await import('../../test-support/data-harness.js');
    const rec = record(errors['insert duplicate → application error with details']![1]);
    try {
      const e = await ours()
        .insert('Products', { _id: '1' })
        .catch((x: unknown) => x);
      expect(e).toMatchObject({ message: 'Item already exists', code: 'WDE0074', status: 409, requestId: 'req-1' });
      expect((e as { details: unknown }).details).toEqual({
        applicationError: { code: 'WDE0074', description: 'Item already exists', data: { id: '1' } },
      });
    } finally {
      rec.restore();
    }
  });
});
