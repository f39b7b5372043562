/**
 * F-10: an item the caller may not see is indistinguishable from a missing one on every write and in
 * query-referenced; only a missing permission on the whole collection is a 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import { dateValue } from './json.js';
import { buildData, insertRow } from './store.js';

const V2 = '/wix-data/v2';
let server: DataServer;
let owner: string;
let other: string;
let cartId: string;

beforeAll(async () => {
  server = await startDataServer();
  owner = await server.visitorToken();
  other = await server.visitorToken();
  const added = await server.call(`${V2}/items`, {
    auth: owner,
    body: { dataCollectionId: 'Cart', dataItem: { data: { sku: 'A', qty: 1 } } },
  });
  cartId = added.body.dataItem.id;
}, 120_000);
afterAll(async () => server?.close());

/** The response for `id`, with the id itself replaced, so hidden and missing ids can be compared whole. */
async function answer(path: string, body: (id: string) => Record<string, unknown>, id: string) {
  const res = await server.call(`${V2}${path}`, { auth: other, body: { dataCollectionId: 'Cart', ...body(id) } });
  return { status: res.status, body: JSON.parse(JSON.stringify(res.body).replaceAll(id, '<id>')) };
}

describe('hidden items look missing', () => {
  it('on update, patch, remove and their bulk forms', async () => {
    const missing = 'no-such-item-00000000-0000-0000-0000';
    const writes: [string, (id: string) => Record<string, unknown>][] = [
      ['/items/update', (id) => ({ dataItem: { id, data: { qty: 99 } } })],
      [
        '/items/patch',
        (id) => ({
          patch: {
            dataItemId: id,
            fieldModifications: [{ action: 'SET_FIELD', fieldPath: 'qty', setFieldOptions: { value: 99 } }],
          },
        }),
      ],
      ['/items/remove', (id) => ({ dataItemId: id })],
      ['/items/update', (id) => ({ dataItem: { id, data: { qty: 99 } }, condition: { filter: { qty: 1 } } })],
      ['/bulk/items/update', (id) => ({ dataItems: [{ id, data: { qty: 99 } }] })],
      ['/bulk/items/remove', (id) => ({ dataItemIds: [id] })],
      [
        '/bulk/items/patch',
        (id) => ({ patches: [{ dataItemId: id, fieldModifications: [{ action: 'REMOVE_FIELD', fieldPath: 'qty' }] }] }),
      ],
      [
        '/items/replace-references',
        (id) => ({ referringItemFieldName: 'rel', referringItemId: id, newReferencedItemIds: [] }),
      ],
      [
        '/bulk/items/insert-references',
        (id) => ({
          dataItemReferences: [{ referringItemFieldName: 'rel', referringItemId: id, referencedItemId: 'x' }],
        }),
      ],
      ['/items/is-referenced', (id) => ({ referringItemFieldName: 'rel', referringItemId: id, referencedItemId: 'x' })],
    ];
    for (const [path, body] of writes) {
      const hidden = await answer(path, body, cartId);
      const absent = await answer(path, body, missing);
      expect(hidden, path).toEqual(absent);
      if (hidden.status !== 200) expect(hidden.body.details.applicationError.code, path).toBe('WDE0073');
      else expect(JSON.stringify(hidden.body), path).toContain('WDE0073');
    }
    const mine = await server.call(`${V2}/items/query`, { auth: owner, body: { dataCollectionId: 'Cart' } });
    expect(mine.body.dataItems.map((d: { data: { qty: number } }) => d.data.qty)).toEqual([1]);
  });

  it('on save and insert, where a taken id answers WDE0074 whoever holds it', async () => {
    const save = await server.call(`${V2}/items/save`, {
      auth: other,
      body: { dataCollectionId: 'Cart', dataItem: { id: cartId, data: { qty: 7 } } },
    });
    const insert = await server.call(`${V2}/items`, {
      auth: other,
      body: { dataCollectionId: 'Cart', dataItem: { id: cartId, data: { qty: 7 } } },
    });
    expect(save.status).toBe(409);
    expect(save.body).toEqual(insert.body);
    expect(save.body.details.applicationError.code).toBe('WDE0074');
  });

  it('keeps 403 where the caller lacks the permission on the whole collection', async () => {
    const res = await server.call(`${V2}/items/update`, {
      auth: other,
      body: { dataCollectionId: 'Products', dataItem: { id: 'anything', data: {} } },
    });
    expect(res.status).toBe(403);
    expect(res.body.details.applicationError.code).toBe('WDE0027');
  });

  it('in query-referenced, an item of a collection the caller cannot read is an ordinary unresolved reference', async () => {
    // Orders are written by the shop only (data/module-collections.ts), so the order goes in under the API.
    const now = Date.now();
    const order = buildData({ total: 5 }, 'secret-order', undefined, dateValue(now), dateValue(now));
    await insertRow(server.vitrine.ctx.db, server.siteId, 'Orders', order, undefined, now);
    const refs = ['secret-order', 'never-existed'].map((referencedItemId) => ({
      referringItemFieldName: 'rel',
      referringItemId: cartId,
      referencedItemId,
    }));
    expect(
      (
        await server.call(`${V2}/bulk/items/insert-references`, {
          auth: owner,
          body: { dataCollectionId: 'Cart', dataItemReferences: refs },
        })
      ).status,
    ).toBe(200);
    const res = await server.call(`${V2}/items/query-referenced`, {
      auth: owner,
      body: { dataCollectionId: 'Cart', referringItemIds: [cartId], referringItemFieldName: 'rel' },
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { unresolvedReference: { referringItemId: cartId, referencedItemId: 'secret-order', unauthorized: false } },
      { unresolvedReference: { referringItemId: cartId, referencedItemId: 'never-existed', unauthorized: false } },
    ]);
  });
});
