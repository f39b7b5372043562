import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type ConsoleClient, type TestServer } from '../../test-support/index.js';

/** The console's collections API: the data service behind it, roles in front, CSV both ways, an audit trail. */
let server: TestServer;
let editor: ConsoleClient;
const site = () => server.siteId;

beforeAll(async () => {
  server = await startTestServer();
  editor = await signedIn(server, 'editor@example.com', 'editor');
});
afterAll(() => server?.close());

const query = (body: Record<string, unknown>) =>
  editor.call('POST', '/_admin/v1/collections/Products/query', { siteId: site(), ...body });

describe('collections in the console API', () => {
  it('lists each collection with its permissions, declared fields and item count', async () => {
    const res = await editor.call('GET', `/_admin/v1/collections?siteId=${site()}`);
    expect(res.status).toBe(200);
    const products = res.body.collections.find((c: { id: string }) => c.id === 'Products');
    expect(products.permissions).toMatchObject({ read: 'ANYONE', insert: 'ADMIN' });
    expect(products.fields.map((f: { key: string }) => f.key)).toContain('price');
    expect(products.itemCount).toBeGreaterThan(0);
  });

  it('queries with the query language, sorts by any column and pages; a bad filter is a clear 400', async () => {
    const cheap = await query({
      filter: { price: { $lt: 50 } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
      limit: 3,
      offset: 0,
    });
    expect(cheap.status).toBe(200);
    const prices = cheap.body.items.map((i: { price: number }) => i.price);
    expect(prices.every((p: number) => p < 50)).toBe(true);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => b - a));
    const all = await query({ filter: { price: { $lt: 50 } } });
    expect(cheap.body.total).toBe(all.body.items.length);
    const second = await query({
      filter: { price: { $lt: 50 } },
      sort: [{ fieldName: 'price', order: 'DESC' }],
      limit: 3,
      offset: 3,
    });
    expect(second.body.items[0]?._id).not.toBe(cheap.body.items[0]._id);

    const badOperator = await query({ filter: { price: { $lessThan: 50 } } });
    expect(badOperator.status).toBe(400);
    expect(badOperator.body.details.validationError.fieldViolations[0].field).toContain('price');
    const badJson = await query({ filter: '{"price": ' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'filter',
      ruleName: 'INVALID_JSON',
    });
    const unknown = await editor.call('POST', '/_admin/v1/collections/Nope/query', { siteId: site() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.details.applicationError.code).toBe('WDE0025');
  });

  it('adds, edits and deletes an item through the data service (typed fields checked), each in the audit log', async () => {
    const added = await editor.call('POST', '/_admin/v1/collections/Products/items', {
      siteId: site(),
      item: { title: 'Console mug', price: 12 },
    });
    expect(added.status).toBe(200);
    const id = added.body.item._id as string;
    const wrongType = await editor.call('POST', `/_admin/v1/collections/Products/items/${id}`, {
      siteId: site(),
      item: { title: 'Console mug', price: 'twelve' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('price');
    const edited = await editor.call('POST', `/_admin/v1/collections/Products/items/${id}`, {
      siteId: site(),
      item: { ...added.body.item, price: 14, tags: ['new'] },
    });
    expect(edited.status).toBe(200);
    // The public data API sees the change at once.
    const publicRead = await fetch(`${server.url}/wix-data/v2/items/${id}?dataCollectionId=Products`, {
      headers: { 'x-vitrine-site-id': site() },
    });
    expect(((await publicRead.json()) as { dataItem: { data: { price: number } } }).dataItem.data.price).toBe(14);
    const removed = await editor.call('POST', `/_admin/v1/collections/Products/items/${id}/remove`, { siteId: site() });
    expect(removed.status).toBe(200);
    const again = await editor.call('POST', `/_admin/v1/collections/Products/items/${id}/remove`, { siteId: site() });
    expect(again.status).toBe(404);

    await server.ctx.authEvents.flush();
    const actions = (await server.ctx.authEvents.list(site(), { type: 'owner_action' }))
      .filter((e) => e.detail.itemId === id)
      .map((e) => e.detail.action);
    expect(actions.sort()).toEqual(['item_inserted', 'item_removed', 'item_updated']);
  });

  it('exports a query as CSV and imports CSV with a per-row report', async () => {
    const exported = await fetch(
      `${server.url}/_admin/v1/collections/Products/export?siteId=${site()}&filter=${encodeURIComponent('{"price": {"$lt": 50}}')}`,
      { headers: { cookie: editor.cookie! } },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="Products.csv"');
    const csvText = await exported.text();
    const [header, ...lines] = csvText.trim().split('\r\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['_id', 'title']);
    expect(lines.length).toBe((await query({ filter: { price: { $lt: 50 } } })).body.total);

    const csv = [
      '_id,title,price,notes',
      'csv-1,Imported lamp,30,',
      'csv-2,"Formula, safe",\'=1+2,{"a":1}',
      ',Bad price,abc,',
      'csv-1,Imported lamp again,31,',
    ].join('\n');
    const imported = await editor.call('POST', '/_admin/v1/collections/Products/import', { siteId: site(), csv });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ inserted: 1, updated: 1, failed: 2 });
    expect(imported.body.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'inserted',
      'failed',
      'failed',
      'updated',
    ]);
    expect(imported.body.rows[1].error).toContain('price');
    expect(imported.body.rows[2].error).toContain('"abc" is not a number');
    const lamp = (await query({ filter: { _id: 'csv-1' } })).body.items[0];
    expect(lamp).toMatchObject({ title: 'Imported lamp again', price: 31 });

    // A round trip: what export writes, import reads back unchanged.
    const withObject = await editor.call('POST', '/_admin/v1/collections/Products/import', {
      siteId: site(),
      csv: '_id,title,spec\ncsv-3,"=SUM(A1)","{""w"":2}"',
    });
    expect(withObject.body.inserted).toBe(1);
    const out = await (
      await fetch(
        `${server.url}/_admin/v1/collections/Products/export?siteId=${site()}&filter=${encodeURIComponent('{"_id": "csv-3"}')}`,
        { headers: { cookie: editor.cookie! } },
      )
    ).text();
    expect(out).toContain(`"'=SUM(A1)"`);
    const back = await editor.call('POST', '/_admin/v1/collections/Products/import', { siteId: site(), csv: out });
    expect(back.body).toMatchObject({ updated: 1, failed: 0 });
    expect((await query({ filter: { _id: 'csv-3' } })).body.items[0]).toMatchObject({
      title: '=SUM(A1)',
      spec: { w: 2 },
    });
  });

  it('a support owner is refused by the server (403 envelope) on every collections call', async () => {
    const support = await signedIn(server, 'support@example.com', 'support');
    const calls = [
      support.call('GET', `/_admin/v1/collections?siteId=${site()}`),
      support.call('POST', '/_admin/v1/collections/Products/query', { siteId: site() }),
      support.call('POST', '/_admin/v1/collections/Products/items', { siteId: site(), item: { title: 'x' } }),
      support.call('GET', `/_admin/v1/collections/Products/export?siteId=${site()}&filter=%7B%7D`),
      support.call('POST', '/_admin/v1/collections/Products/import', { siteId: site(), csv: 'title\nx' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.details.applicationError.code).toBe('OWNER_ROLE_REFUSED');
    }
  });
});

describe('refusals in the audit log', () => {
  it('a refused console call is recorded with the owner, the call and outcome refused', async () => {
    const support = await signedIn(server, 'support-audit@example.com', 'support');
    expect((await support.call('POST', '/_admin/v1/collections/Products/query', { siteId: site() })).status).toBe(403);
    await server.ctx.authEvents.flush();
    const refused = (await server.ctx.authEvents.list(site(), { type: 'owner_action' })).filter(
      (e) => e.email === 'support-audit@example.com',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      outcome: 'refused',
      detail: {
        action: 'POST /_admin/v1/collections/Products/query',
        reason: 'role',
        role: 'support',
        identityType: 'WIX_USER',
      },
    });
  });
});
