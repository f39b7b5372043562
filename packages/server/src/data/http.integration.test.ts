import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reassignVisitorItems } from './ownership.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import { MEMBER_NOTES } from '../../test-support/data-catalog.js';

type Res = Awaited<ReturnType<DataServer['call']>>;

let server: DataServer;
let admin: string;
const V2 = '/wix-data/v2';
const dotR = (body: unknown) => Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');

beforeAll(async () => {
  server = await startDataServer();
  admin = `Bearer ${server.adminKey}`;
}, 120_000);
afterAll(async () => server?.close());

function expectAppError(res: Res, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.details.applicationError).toMatchObject({
    code,
    description: expect.any(String),
    data: expect.any(Object),
  });
  expect(res.body.message).toEqual(expect.any(String));
  // The request id is a fresh UUID.
  expect(res.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
}

function expectValidation(res: Res, field: string) {
  expect(res.status).toBe(400);
  const violations = res.body.details.validationError.fieldViolations as { field: string; data: unknown }[];
  expect(violations.map((v) => v.field)).toContain(field);
  violations.forEach((v) => expect(v.data).toEqual(expect.any(Object)));
}

describe('data items over HTTP', () => {
  it('queries the seeded catalog with GET .r and POST, on both prefixes', async () => {
    const body = {
      dataCollectionId: 'Products',
      query: { paging: { limit: 3 }, filter: {}, sort: [] },
      returnTotalCount: true,
    };
    const viaGet = await server.call(`${V2}/items/query?.r=${dotR(body)}`);
    expect(viaGet.status).toBe(200);
    expect(Object.keys(viaGet.body).sort()).toEqual(['dataItems', 'pagingMetadata']);
    expect(viaGet.body.dataItems).toHaveLength(3);
    expect(viaGet.body.pagingMetadata).toMatchObject({ count: 3, offset: 0, hasNext: true, total: expect.any(Number) });
    expect(viaGet.body.dataItems[0].data).toMatchObject({
      _id: expect.any(String),
      _createdDate: { $date: expect.any(String) },
    });
    const viaPost = await server.call('/_api/cloud-data/v2/items/query', { body });
    expect(viaPost.body).toEqual(viaGet.body);
  });

  it('inserts as admin, gets (dataItemId from the query string first), and answers missing items with WDE0073', async () => {
    const ins = await server.call(`${V2}/items`, {
      auth: admin,
      headers: { 'x-vitrine-site-id': server.siteId },
      body: {
        dataCollectionId: 'Products',
        dataItem: { id: 'h1', data: { _id: 'h1', title: 'x', when: { $date: '2024-05-05T05:05:05.000Z' } } },
      },
    });
    expect(ins.status).toBe(200);
    expect(ins.body.dataItem.data).toMatchObject({ _id: 'h1', when: { $date: '2024-05-05T05:05:05.000Z' } });
    const got = await server.call(`${V2}/items/wrong?dataCollectionId=Products&dataItemId=h1&fields=title`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ dataItem: { id: 'h1', dataCollectionId: 'Products', data: { _id: 'h1', title: 'x' } } });
    const missing = await server.call(`${V2}/items/nope?dataCollectionId=Products&dataItemId=nope`);
    expectAppError(missing, 404, 'WDE0073');
    expect(missing.body.message).toBe('Item [nope] does not exist in collection [Products].');
    const removed = await server.call(`${V2}/items/remove`, {
      auth: admin,
      body: { dataCollectionId: 'Products', dataItemId: 'nope' },
    });
    expectAppError(removed, 404, 'WDE0073');
    const dup = await server.call(`${V2}/items`, {
      auth: admin,
      body: { dataCollectionId: 'Products', dataItem: { id: 'h1', data: {} } },
    });
    expectAppError(dup, 409, 'WDE0074');
  });

  it('enforces permissions per caller kind', async () => {
    const visitor = await server.visitorToken();
    const write = await server.call(`${V2}/items`, {
      auth: visitor,
      body: { dataCollectionId: 'Products', dataItem: { data: { title: 'hack' } } },
    });
    expectAppError(write, 403, 'WDE0027');
    const anon = await server.call(`${V2}/items/truncate`, { body: { dataCollectionId: 'Products' } });
    expectAppError(anon, 403, 'WDE0027');
    const member = await server.memberToken('member-1');
    const notes = await server.call(`${V2}/items/query`, { auth: member, body: { dataCollectionId: MEMBER_NOTES } });
    expect(notes.status).toBe(200);
    const notesAsVisitor = await server.call(`${V2}/items/query`, {
      auth: visitor,
      body: { dataCollectionId: MEMBER_NOTES },
    });
    expectAppError(notesAsVisitor, 403, 'WDE0027');
    expectAppError(await server.call(`${V2}/items/count`, { body: { dataCollectionId: 'Nope' } }), 404, 'WDE0025');
    const badToken = await server.call(`${V2}/items/query`, {
      auth: 'not-a-token.x.y',
      body: { dataCollectionId: 'Products' },
    });
    expect(badToken.status).toBe(401);
  });

  it('keeps a guest cart private and hands it to the member at login', async () => {
    const guest = await server.visitorToken();
    const other = await server.visitorToken();
    const added = await server.call(`${V2}/items`, {
      auth: guest,
      body: { dataCollectionId: 'Cart', dataItem: { data: { sku: 'A', qty: 2 } } },
    });
    expect(added.status).toBe(200);
    const owner = added.body.dataItem.data._owner as string;
    expect(owner).toEqual(expect.any(String));
    const cartId = added.body.dataItem.id as string;
    expect(
      (await server.call(`${V2}/items/query`, { auth: other, body: { dataCollectionId: 'Cart' } })).body.dataItems,
    ).toEqual([]);
    const patch = {
      dataCollectionId: 'Cart',
      patch: {
        dataItemId: cartId,
        fieldModifications: [{ action: 'INCREMENT_FIELD', fieldPath: 'qty', incrementFieldOptions: { value: 1 } }],
      },
    };
    expectAppError(await server.call(`${V2}/items/patch`, { auth: other, body: patch }), 404, 'WDE0073');
    expect((await server.call(`${V2}/items/patch`, { auth: guest, body: patch })).body.dataItem.data.qty).toBe(3);
    await server.vitrine.ctx.db.transaction((tx) => reassignVisitorItems(tx, server.siteId, owner, 'shopper-1'));
    const member = await server.memberToken('shopper-1');
    const mine = await server.call(`${V2}/items/query`, { auth: member, body: { dataCollectionId: 'Cart' } });
    expect(mine.body.dataItems.map((d: { id: string }) => d.id)).toEqual([cartId]);
  });

  it('answers bad input with envelopes, never a 500', async () => {
    const q = (body: unknown) => server.call(`${V2}/items/query`, { body });
    expectValidation(
      await q({ dataCollectionId: 'Products', query: { filter: { title: { $regex: '^a' } } } }),
      'query.filter.title.$regex',
    );
    expectValidation(
      await q({ dataCollectionId: 'Products', query: { filter: { price: { $gt: [1] } } } }),
      'query.filter.price.$gt',
    );
    expectValidation(
      await q({ dataCollectionId: 'Products', query: { paging: { limit: 1001 } } }),
      'query.paging.limit',
    );
    expectValidation(await q({ dataCollectionId: 5 }), 'dataCollectionId');
    expectValidation(
      await q({ dataCollectionId: 'Products', query: { cursorPaging: { cursor: 'e30.AAAA' } } }),
      'query.cursorPaging.cursor',
    );
    expectValidation(await server.call(`${V2}/items/query?.r=%%%`), '.r');
    expectValidation(await server.call(`${V2}/items/query?.r=${dotR([1])}`), '.r');
    const bulk = { dataCollectionId: 'Products', dataItems: Array.from({ length: 1001 }, () => ({ data: {} })) };
    expectValidation(await server.call(`${V2}/bulk/items/insert`, { auth: admin, body: bulk }), 'dataItems');
    const huge = { dataCollectionId: 'Products', dataItem: { data: { blob: 'x'.repeat(5 * 1024 * 1024) } } };
    const tooLarge = await server.call(`${V2}/items`, { auth: admin, body: huge });
    expect(tooLarge.status).toBe(413);
    const notJson = await server.call(`${V2}/items`, { auth: admin, body: '{"dataCollectionId":' });
    expect(notJson.status).toBe(400);
    const arrayBody = await server.call(`${V2}/items`, { auth: admin, body: [1, 2] });
    expectValidation(arrayBody, 'body');
    const wrongTypes = await server.call(`${V2}/items/patch`, {
      auth: admin,
      body: { dataCollectionId: 'Products', patch: { dataItemId: 7 } },
    });
    expectValidation(wrongTypes, 'patch.dataItemId');
    const wrong: Record<string, Record<string, unknown>> = {
      '/items/update': { dataItem: 'x' },
      '/items/save': { dataItem: { data: 5 } },
      '/items/remove': { dataItemId: {} },
      '/items/count': { filter: { a: { $regex: 1 } } },
      '/items/aggregate': { aggregation: { operations: 'x' } },
      '/items/query-distinct-values': { fieldName: 5 },
      '/items/query-referenced': { referringItemIds: [5], referringItemFieldName: 'r' },
      '/items/is-referenced': { referringItemFieldName: 'r', referringItemId: 'a', referencedItemId: null },
      '/items/replace-references': { referringItemFieldName: 'r', referringItemId: 'a', newReferencedItemIds: [1] },
      '/bulk/items/remove': { dataItemIds: 'x' },
      '/bulk/items/patch': { patches: [{}] },
      '/bulk/items/update': { dataItems: [{ data: {} }] },
      '/bulk/items/insert-references': { dataItemReferences: [{}] },
    };
    for (const [path, extra] of Object.entries(wrong)) {
      const res = await server.call(`${V2}${path}`, { auth: admin, body: { dataCollectionId: 'Products', ...extra } });
      expect(res.status, path).toBe(400);
      expect(res.body.details.validationError.fieldViolations.length, path).toBeGreaterThan(0);
    }
  });

  it('runs bulk, count, distinct, aggregate and references end to end', async () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ id: `e${i}`, data: { g: i % 3, v: i } }));
    const bulk = await server.call(`${V2}/bulk/items/insert`, {
      auth: admin,
      body: { dataCollectionId: 'Products', dataItems: [...items, items[0]] },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.results[10].itemMetadata).toMatchObject({
      originalIndex: 10,
      success: false,
      error: { code: 'WDE0074' },
    });
    const count = await server.call(`${V2}/items/count`, { body: { dataCollectionId: 'Products', filter: { g: 1 } } });
    expect(count.body).toEqual({ totalCount: 3 });
    const distinct = await server.call(`${V2}/items/query-distinct-values`, {
      body: { dataCollectionId: 'Products', fieldName: 'g', filter: { v: { $exists: true } } },
    });
    expect(distinct.body.distinctValues).toEqual([0, 1, 2]);
    expect(distinct.body.pagingMetadata.hasNext).toBe(false);
    const agg = await server.call(`${V2}/items/aggregate`, {
      body: {
        dataCollectionId: 'Products',
        initialFilter: { v: { $gte: 0 } },
        aggregation: { groupingFields: ['g'], operations: [{ resultFieldName: 's', sum: { itemFieldName: 'v' } }] },
        sort: [{ fieldName: 's', order: 'DESC' }],
      },
    });
    expect(agg.body.results).toEqual(
      [
        { _id: { g: 2 }, g: 2, s: 15 },
        { _id: { g: 1 }, g: 1, s: 12 },
        { _id: { g: 0 }, g: 0, s: 18 },
      ].sort((a, b) => b.s - a.s),
    );
    const refs = {
      dataCollectionId: 'Products',
      dataItemReferences: [{ referringItemFieldName: 'related', referringItemId: 'e0', referencedItemId: 'e1' }],
    };
    expect((await server.call(`${V2}/bulk/items/insert-references`, { auth: admin, body: refs })).status).toBe(200);
    const isRef = await server.call(`${V2}/items/is-referenced`, {
      body: {
        dataCollectionId: 'Products',
        referringItemFieldName: 'related',
        referringItemId: 'e0',
        referencedItemId: 'e1',
      },
    });
    expect(isRef.body).toEqual({ isReferenced: true });
    const qr = await server.call(`${V2}/items/query-referenced`, {
      body: { dataCollectionId: 'Products', referringItemId: 'e0', referringItemFieldName: 'related' },
    });
    expect(qr.body.results).toMatchObject([{ dataItem: { id: 'e1' } }]);
    expect(qr.body.pagingMetadata.hasNext).toBe(false);
  });
});
