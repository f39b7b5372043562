import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateValue, type JsonObject, buildData, insertRow, readItem } from '../data/index.js';
import { api } from '../../test-support/identity-server.js';
import { signedIn, type ConsoleClient } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Audit V5-5: orders and the stock they took are not content. Every write path of the data service (the data
 * API and its bulk and reference routes, GraphQL mutations, the console's collections routes and CSV import)
 * refuses the shop's Orders for every caller that could write them before: owners, editors, the admin key and a
 * site API key. Orders change through the orders API, and a cancel gives back exactly what checkout took, once.
 */
let server: TestServer;
let owner: ConsoleClient;
let editor: ConsoleClient;
let call: ReturnType<typeof api>;
let seq = 0;
const SITE_KEY = 'orders-read-only-site-key-0123456789';
const V2 = '/wix-data/v2';

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({ ...s, shipping: undefined, apiKeys: [...s.apiKeys, { name: 'backend', key: SITE_KEY }] }),
  });
  call = api(server.url);
  [owner, editor] = await Promise.all([
    signedIn(server, 'ro-owner@example.com', 'owner'),
    signedIn(server, 'ro-editor@example.com', 'editor'),
  ]);
}, 60_000);

afterAll(() => server?.close());

async function product(stock: number): Promise<string> {
  const id = `ro-product-${++seq}`;
  const now = Date.now();
  const data = buildData(
    { title: `Bowl ${seq}`, slug: id, price: 10, stock },
    id,
    undefined,
    dateValue(now),
    dateValue(now),
  );
  await insertRow(server.ctx.db, server.siteId, 'Products', data, undefined, now);
  return id;
}

const stockOf = async (id: string) => (await readItem(server.ctx.db, server.siteId, 'Products', id))!.data.stock;
const orderData = async (id: string) => (await readItem(server.ctx.db, server.siteId, 'Orders', id))!.data;

/** A member who checks out `quantity` of `productId` through the shop API. */
async function placeOrder(productId: string, quantity: number): Promise<{ id: string; token: string }> {
  const memberId = `ro-member-${++seq}`;
  const now = Date.now();
  const cart = buildData({ productId, quantity }, `ro-cart-${seq}`, memberId, dateValue(now), dateValue(now));
  await insertRow(server.ctx.db, server.siteId, 'Cart', cart, memberId, now);
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
  );
  const token = session.accessToken;
  const placed = await call('POST', '/_api/vitrine/v1/checkout', {
    token,
    body: { shippingAddress: { addressLine: '1 Main St', city: 'Paris', country: 'FR' } },
  });
  expect(placed.status).toBe(200);
  return { id: placed.body.order._id, token };
}

const codeOf = (body: { details?: { applicationError?: { code?: string } } }) => body.details?.applicationError?.code;

describe('the audit’s reproduction (V5-5)', () => {
  it('an editor cannot rewrite an order’s status, lines or address; the cancel gives back what checkout took', async () => {
    const b1 = await product(4);
    const order = await placeOrder(b1, 1);
    expect(await stockOf(b1)).toBe(3);
    const before = await orderData(order.id);

    const rewritten = {
      ...before,
      status: 'PAID',
      lines: (before.lines as JsonObject[]).map((l) => ({ ...l, quantity: 500 })),
      shippingAddress: { name: 'Editor', addressLine: '9 Drop St', city: 'Elsewhere', postalCode: '1', country: 'US' },
    };
    const res = await editor.call('POST', `/_admin/v1/collections/Orders/items/${order.id}?siteId=${server.siteId}`, {
      siteId: server.siteId,
      item: rewritten,
    });
    expect(res.status).toBe(403);
    expect(codeOf(res.body)).toBe('COLLECTION_READ_ONLY');
    expect(res.body.message).toMatch(/orders API/);

    const seen = await owner.call('GET', `/_admin/v1/orders/${order.id}?siteId=${server.siteId}`);
    expect(seen.body.order).toMatchObject({ status: 'AWAITING_PAYMENT', shippingAddress: before.shippingAddress });
    expect(seen.body.order.lines[0].quantity).toBe(1);

    const cancel = () =>
      editor.call('POST', `/_admin/v1/orders/${order.id}/status`, { siteId: server.siteId, status: 'CANCELED' });
    expect((await cancel()).status).toBe(200);
    expect(await stockOf(b1)).toBe(4);
    expect((await cancel()).status).toBe(409); // CANCELED is final, and nothing comes back twice
    expect(await stockOf(b1)).toBe(4);
  });

  it('a cancel gives back what checkout took, even when the order item’s lines say otherwise', async () => {
    const p = await product(10);
    const order = await placeOrder(p, 2);
    expect(await stockOf(p)).toBe(8);
    // Whatever reaches the order item below the API (a restore, a database hand): its lines move no stock.
    const data = await orderData(order.id);
    await server.ctx.db.query(
      `update data_items set data = $4::jsonb where site_id = $1 and collection_id = $2 and id = $3`,
      [
        server.siteId,
        'Orders',
        order.id,
        JSON.stringify({ ...data, lines: [{ ...(data.lines as JsonObject[])[0], quantity: 500 }] }),
      ],
    );
    const cancelled = await owner.call('POST', `/_admin/v1/orders/${order.id}/status`, {
      siteId: server.siteId,
      status: 'CANCELED',
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(p)).toBe(10);
  });
});

describe('every write path of the data service refuses the shop’s Orders', () => {
  const adminHeaders = () => ({ authorization: `Bearer ${server.adminKey}`, 'x-vitrine-site-id': server.siteId });
  const keys = () => [
    { name: 'admin key', headers: adminHeaders() },
    { name: 'site API key', headers: { authorization: `Bearer ${SITE_KEY}` } },
  ];

  async function data(path: string, headers: Record<string, string>, body: Record<string, unknown>) {
    return call('POST', `${V2}${path}`, { headers, body: { dataCollectionId: 'Orders', ...body } });
  }

  it('the data API: insert, update, save, patch, remove, truncate, bulk and references; reads still answer', async () => {
    const p = await product(10);
    const order = await placeOrder(p, 1);
    const before = await orderData(order.id);
    const item = { id: order.id, data: { ...before, status: 'PAID' } };
    const patch = {
      dataItemId: order.id,
      fieldModifications: [{ fieldPath: 'status', action: 'SET_FIELD', setFieldOptions: { value: 'PAID' } }],
    };
    for (const { name, headers } of keys()) {
      const single: [string, Record<string, unknown>][] = [
        ['/items', { dataItem: { id: `forged-${name.length}`, data: { status: 'PAID' } } }],
        ['/items/update', { dataItem: item }],
        ['/items/save', { dataItem: item }],
        ['/items/save', { dataItem: { id: 'forged-new', data: { status: 'PAID' } } }],
        ['/items/patch', { patch }],
        ['/items/remove', { dataItemId: order.id }],
        ['/items/truncate', {}],
        [
          '/items/replace-references',
          { referringItemId: order.id, referringItemFieldName: 'rel', newReferencedItemIds: [p] },
        ],
      ];
      for (const [path, body] of single) {
        const res = await data(path, headers, body);
        expect({ name, path, status: res.status, code: codeOf(res.body) }).toEqual({
          name,
          path,
          status: 403,
          code: 'COLLECTION_READ_ONLY',
        });
      }
      const bulk: [string, Record<string, unknown>][] = [
        ['/bulk/items/insert', { dataItems: [{ id: 'forged-bulk', data: { status: 'PAID' } }] }],
        ['/bulk/items/save', { dataItems: [item] }],
        ['/bulk/items/update', { dataItems: [item] }],
        ['/bulk/items/patch', { patches: [patch] }],
        ['/bulk/items/remove', { dataItemIds: [order.id] }],
      ];
      for (const [path, body] of bulk) {
        const res = await data(path, headers, body);
        expect(res.status).toBe(200);
        expect({ name, path, code: res.body.results[0].itemMetadata.error?.code }).toEqual({
          name,
          path,
          code: 'COLLECTION_READ_ONLY',
        });
      }
      const refs = await data('/bulk/items/insert-references', headers, {
        dataItemReferences: [{ referringItemFieldName: 'rel', referringItemId: order.id, referencedItemId: p }],
      });
      expect({ name, status: refs.status, code: codeOf(refs.body) }).toEqual({
        name,
        status: 403,
        code: 'COLLECTION_READ_ONLY',
      });
      const read = await data('/items/query', headers, {});
      expect(read.status).toBe(200);
      expect(read.body.dataItems.map((d: { id: string }) => d.id)).toContain(order.id);
    }
    expect(await orderData(order.id)).toEqual(before);
    // The member still reads their own order through the data API (SITE_MEMBER_AUTHOR).
    const mine = await call('POST', `${V2}/items/query`, { token: order.token, body: { dataCollectionId: 'Orders' } });
    expect(mine.body.dataItems.map((d: { id: string }) => d.id)).toEqual([order.id]);
  });

  it('GraphQL mutations', async () => {
    const p = await product(10);
    const order = await placeOrder(p, 1);
    const before = await orderData(order.id);
    const mutations: [string, Record<string, unknown>][] = [
      ['mutation($d: JSON!) { insertItem(collection: "Orders", data: $d) { id } }', { d: { status: 'PAID' } }],
      [
        'mutation($id: ID!, $d: JSON!) { updateItem(collection: "Orders", id: $id, data: $d) { id } }',
        { id: order.id, d: { ...before, status: 'PAID' } },
      ],
      ['mutation($id: ID!) { removeItem(collection: "Orders", id: $id) { id } }', { id: order.id }],
    ];
    for (const { name, headers } of keys()) {
      for (const [query, variables] of mutations) {
        const res = await call('POST', '/graphql/alpha', { headers, body: { query, variables } });
        // GraphQL names a 403 FORBIDDEN and gives the catalogue's code as the reason (graphql/errors.ts).
        const { code, reason } = res.body.errors?.[0]?.extensions ?? {};
        expect({ name, query, code, reason }).toEqual({
          name,
          query,
          code: 'FORBIDDEN',
          reason: 'COLLECTION_READ_ONLY',
        });
      }
    }
    expect(await orderData(order.id)).toEqual(before);
  });

  it('the console’s collections routes and CSV import, for owners and editors', async () => {
    const p = await product(10);
    const order = await placeOrder(p, 1);
    const before = await orderData(order.id);
    const site = server.siteId;
    for (const [name, client] of [
      ['owner', owner],
      ['editor', editor],
    ] as const) {
      const writes = [
        await client.call('POST', `/_admin/v1/collections/Orders/items`, { siteId: site, item: { status: 'PAID' } }),
        await client.call('POST', `/_admin/v1/collections/Orders/items/${order.id}`, {
          siteId: site,
          item: { ...before, status: 'PAID' },
        }),
        await client.call('POST', `/_admin/v1/collections/Orders/items/${order.id}/remove`, { siteId: site }),
      ];
      expect(writes.map((w) => [name, w.status, codeOf(w.body)])).toEqual(
        writes.map(() => [name, 403, 'COLLECTION_READ_ONLY']),
      );
      const imported = await client.call('POST', `/_admin/v1/collections/Orders/import`, {
        siteId: site,
        csv: `_id,status,total\n${order.id},PAID,0\nforged-csv,PAID,0\n`,
      });
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ inserted: 0, updated: 0, failed: 2 });
      expect(imported.body.rows[0].error).toMatch(/read-only/);
      const read = await client.call('POST', `/_admin/v1/collections/Orders/query`, { siteId: site });
      expect(read.status).toBe(200);
    }
    expect(await orderData(order.id)).toEqual(before);
  });
});
