/** Random, mostly malformed requests to every endpoint: the answer is a 200 or a 4xx envelope, never a 500. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

let server: DataServer;
beforeAll(async () => {
  server = await startDataServer();
}, 120_000);
afterAll(async () => server?.close());

const PATHS = [
  '/items',
  '/items/update',
  '/items/save',
  '/items/patch',
  '/items/remove',
  '/items/query',
  '/items/search',
  '/items/count',
  '/items/query-distinct-values',
  '/items/aggregate',
  '/items/query-referenced',
  '/items/is-referenced',
  '/items/replace-references',
  '/bulk/items/insert',
  '/bulk/items/save',
  '/bulk/items/update',
  '/bulk/items/remove',
  '/bulk/items/patch',
  '/bulk/items/insert-references',
  '/bulk/items/remove-references',
];
const KEYS = [
  'dataItem',
  'dataItems',
  'dataItemId',
  'dataItemIds',
  'query',
  'filter',
  'sort',
  'paging',
  'cursorPaging',
  'fields',
  'condition',
  'patch',
  'patches',
  'fieldName',
  'order',
  'aggregation',
  'initialFilter',
  'finalFilter',
  'returnTotalCount',
  'referringItemId',
  'referringItemIds',
  'referringItemFieldName',
  'referencedItemId',
  'newReferencedItemIds',
  'dataItemReferences',
  'includeReferences',
  'search',
];
const tricky = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    { $regex: 'a' },
    { $date: 'x' },
    { $gt: [] },
    { a: { $in: 'x' } },
    { $and: {} },
    { $not: [] },
    { limit: -1 },
    { limit: 1.5 },
    { cursor: 'abc.def' },
    { data: { _id: 5 } },
    { id: '' },
    [{ dataItemId: 'a', fieldModifications: [{ action: 'SET_FIELD' }] }],
    { 'a..b': 1 },
    '\u0000',
    1e308,
    { filter: { price: { $gt: { $date: '2024-01-01' } } } },
    [{ fieldName: 'x', order: 'SIDEWAYS' }],
    { search: { expression: 'mug', mode: 'XOR' }, filter: { price: { $lt: 5 } } },
    { search: { expression: { expression: 'mug' } } },
    { expression: 'mug', fuzzy: 'yes' },
  ),
);
const body = fc.record({
  dataCollectionId: fc.constantFrom('Products', 'Cart', 'Orders', 'Nope', 5, undefined),
  extra: fc.dictionary(fc.constantFrom(...KEYS), tricky, { maxKeys: 4 }),
});

describe('fuzzed requests', () => {
  it('never produce a 500', async () => {
    const admin = `Bearer ${server.adminKey}`;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), body, fc.boolean(), async (path, b, asAdmin) => {
        const payload = { dataCollectionId: b.dataCollectionId, ...b.extra };
        const res = await server.call(`/wix-data/v2${path}`, { body: payload, auth: asAdmin ? admin : undefined });
        expect(res.status, `${path} ${JSON.stringify(payload)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status !== 200) expect(res.body.details, JSON.stringify(res.body)).toBeDefined();
      }),
      { numRuns: 400 },
    );
  }, 300_000);
});
