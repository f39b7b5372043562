/**
 * Wire compatibility: every scenario runs on the real `@wix/data` client (through `@wix/sdk`) and on
 * ours against the same recording fetch; requests (method, path, decoded payload, query parameters)
 * and the values handed back to the caller must be equal.
 */
import { describe, expect, it } from 'vitest';
import { compare, type Api, type Scenario } from '../../test-support/data-parity.js';

const d1 = new Date('2024-01-01T00:00:00.000Z');
const d2 = new Date('2024-06-30T12:34:56.789Z');
const q = (api: Api) => api.query('Products');

const queries: Record<string, Scenario> = {
  'empty find': (a) => q(a).find(),
  'eq ne gt ge lt le on distinct fields with a Date': (a) =>
    q(a).eq('title', 'x').ne('status', 'gone').gt('price', 1).ge('stock', 2).lt('when', d1).le('rank', 9).find(),
  'gte/lte aliases': (a) => q(a).gte('a', 1).lte('b', 2).find(),
  'same field twice stays in $and': (a) => q(a).gt('price', 1).lt('price', 9).eq('title', 'x').find(),
  'between numbers and dates': (a) => q(a).between('price', 1, 10).between('when', d1, d2).find(),
  'in, hasSome varargs and array, hasAll': (a) =>
    q(a).in('id', ['a', 'b']).hasSome('tags', 'x', 'y').hasAll('cats', ['p', 'q']).hasSome('d', [d1]).find(),
  'contains startsWith endsWith': (a) => q(a).contains('t', 'sh').startsWith('s', 'ab').endsWith('e', 'yz').find(),
  'isEmpty isNotEmpty exists': (a) => q(a).isEmpty('a').isNotEmpty('b').exists('c', true).exists('d', false).find(),
  'eq undefined becomes null': (a) => q(a).eq('a', undefined).ne('b', undefined).find(),
  'eq with object and boolean operands': (a) => q(a).eq('obj', { x: 1, when: d1 }).eq('flag', false).find(),
  'or from an empty query': (a) => q(a).or(q(a).eq('a', 1).gt('z', 3)).find(),
  'or of two filtered queries': (a) => q(a).eq('a', 1).gt('d', d1).or(q(a).eq('b', 2)).find(),
  'or chained (flattened)': (a) => q(a).eq('a', 1).or(q(a).eq('b', 2)).or(q(a).eq('c', 3)).find(),
  'or then more conditions': (a) => q(a).eq('a', 1).or(q(a).eq('b', 2)).eq('c', 3).lt('d', 4).find(),
  'and of queries': (a) => q(a).eq('a', 1).and(q(a).eq('b', 2).gt('c', 3)).find(),
  'and with the same field': (a) => q(a).gt('a', 1).and(q(a).lt('a', 5)).find(),
  'and from empty': (a) => q(a).and(q(a).eq('a', 1)).find(),
  'not on an empty query': (a) => q(a).not(q(a).eq('a', 1)).find(),
  'not on a filtered query': (a) => q(a).eq('x', 1).gt('y', 2).not(q(a).eq('a', 1).eq('b', 2)).find(),
  'not of an or': (a) =>
    q(a)
      .not(q(a).eq('a', 1).or(q(a).eq('b', 2)))
      .find(),
  'nested and/or/not mix': (a) =>
    q(a)
      .eq('a', 1)
      .or(q(a).not(q(a).eq('b', 2)).and(q(a).hasSome('t', 'x')))
      .and(q(a).or(q(a).eq('c', 3)))
      .find(),
  'empty or empty': (a) => q(a).or(q(a)).find(),
  sorting: (a) => q(a).ascending('a', 'b').descending('c').ascending(['d', 'e']).find(),
  'limit and skip': (a) => q(a).limit(10).skip(20).find(),
  'skip only': (a) => q(a).skip(5).find(),
  'limit only': (a) => q(a).limit(3).find(),
  'fields and include': (a) => q(a).fields('a', 'b').fields('c').include('ref1', 'ref2', 5).include('ref3').find(),
  'find options': (a) =>
    q(a)
      .limit(10)
      .skip(20)
      .fields('a')
      .include('r', 5)
      .find({ suppressHooks: true, showDrafts: true, consistentRead: true, language: 'de', returnTotalCount: true }),
  'unicode filter values': (a) => q(a).eq('title', 'Crème brûlée ☕ 𝄞').find(),
  count: (a) => q(a).eq('a', 1).gt('b', d1).count(),
  'count with options': (a) => q(a).count({ consistentRead: true, language: 'fr' }),
  'distinct with sort on the field, limit, skip': (a) =>
    q(a)
      .eq('a', 1)
      .descending('category')
      .ascending('other')
      .limit(10)
      .skip(10)
      .distinct('category', { returnTotalCount: true }),
  'distinct plain': (a) => q(a).distinct('category'),
};

describe('query builder → same requests and results as @wix/data', () => {
  for (const [name, scenario] of Object.entries(queries)) it(name, () => compare(scenario));

  it('switches from GET ?.r= to POST exactly where @wix/data does (2048 characters)', async () => {
    const methods = { theirs: [] as string[], mine: [] as string[] };
    for (let n = 1400; n <= 1470; n++) {
      const s: Scenario = (a) => q(a).eq('title', 'x'.repeat(n)).find();
      const { calls } = await compare(s);
      methods.mine.push(calls[0]!.method);
    }
    // The window must contain the switch, otherwise this test would prove nothing.
    expect(methods.mine[0]).toBe('GET');
    expect(methods.mine.at(-1)).toBe('POST');
  });

  it('sends a long query as POST with the same JSON body', async () => {
    const { calls } = await compare((a) =>
      q(a)
        .hasSome(
          'id',
          Array.from({ length: 400 }, (_, i) => `id-${i}`),
        )
        .find(),
    );
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/wix-data/v2/items/query' });
  });
});

const direct: Record<string, Scenario> = {
  'direct query by offset': (a) =>
    a.query(
      'Products',
      {
        filter: { price: { $gt: 5 }, when: { $lt: d1 } },
        sort: [{ fieldName: 'price', order: 'DESC' }],
        fields: ['title'],
        paging: { limit: 5, offset: 10 },
      },
      { includeReferences: [{ field: 'ref', limit: 3 }], returnTotalCount: true, consistentRead: true },
    ),
  'direct query by cursor': (a) =>
    a.query('Products', { filter: { a: 1 }, cursorPaging: { cursor: 'abc', limit: 5 } }, { returnTotalCount: true }),
  'direct query, nothing but a filter': (a) => a.query('Products', { filter: {} }),
};

describe('direct query form → same requests and results as @wix/data', () => {
  for (const [name, scenario] of Object.entries(direct)) it(name, () => compare(scenario));
});

describe('emitted filter grammar (docs/wire-format.md §9.4 examples)', () => {
  const filterOf = async (s: Scenario) =>
    ((await compare(s)).calls[0]!.payload as { query: { filter: unknown } }).query.filter;

  it('or from an empty query keeps the match-all {}', async () => {
    expect(await filterOf((a) => q(a).or(q(a).eq('a', 1).gt('z', 3)).find())).toEqual({
      $or: [{}, { a: 1, z: { $gt: 3 } }],
    });
  });

  it('not on an empty query', async () => {
    expect(await filterOf((a) => q(a).not(q(a).eq('a', 1)).find())).toEqual({ $and: [{}, { $not: [{ a: 1 }] }] });
  });

  it('between keeps both conditions on the field; distinct fields merge; Dates become $date', async () => {
    expect(await filterOf((a) => q(a).between('p', 1, 5).eq('t', 'x').gt('d', d1).find())).toEqual({
      $and: [{ p: { $gte: 1 } }, { p: { $lt: 5 } }, { t: 'x' }, { d: { $gt: { $date: '2024-01-01T00:00:00.000Z' } } }],
    });
    expect(await filterOf((a) => q(a).gt('a', 1).ge('b', 2).isEmpty('c').isNotEmpty('e').find())).toEqual({
      a: { $gt: 1 },
      b: { $gte: 2 },
      c: null,
      e: { $ne: null },
    });
  });

  it('the §9.9 query .r payload', async () => {
    const { calls } = await compare((a) =>
      q(a)
        .fields('a', 'b')
        .limit(10)
        .skip(20)
        .include('ref1', 5)
        .find({ suppressHooks: true, showDrafts: true, consistentRead: true, language: 'de', returnTotalCount: true }),
    );
    expect(calls[0]!.method).toBe('GET');
    expect(calls[0]!.payload).toEqual({
      dataCollectionId: 'Products',
      query: { fields: ['a', 'b'], paging: { limit: 10, offset: 20 }, filter: {}, sort: [] },
      includeReferences: [{ field: 'ref1', limit: 5 }],
      suppressHooks: true,
      publishPluginOptions: { includeDraftItems: true },
      consistentRead: true,
      language: 'de',
      returnTotalCount: true,
    });
  });
});
