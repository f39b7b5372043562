/**
 * Declared indexes (`collections[].indexes`, data/declared-indexes.ts): built at start and found, not rebuilt,
 * at the next; a sort index on the declared fields and directions; a unique index that answers a clashing write
 * with a 409 naming its fields (REST and bulk), where missing values and other collections never clash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexConfig } from '../config/types.js';
import type { Database } from '../store/types.js';
import { collection, openTestDb, testSite } from '../../test-support/data.js';
import { buildDeclaredIndexes, declaredIndexName } from './declared-indexes.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

const V2 = '/wix-data/v2';
const bySku: IndexConfig = { fields: [{ field: 'sku', order: 'ASC' }], unique: true };
const byPrice: IndexConfig = {
  fields: [
    { field: 'category', order: 'ASC' },
    { field: 'price', order: 'DESC' },
  ],
  unique: false,
};
const withIndexes = (id: string) => ({ ...collection(id, 'ADMIN'), indexes: [bySku, byPrice] });

async function indexes(db: Database): Promise<{ name: string; oid: number; def: string }[]> {
  const r = await db.query<{ name: string; oid: number; def: string }>(
    `select c.relname as name, c.oid::int as oid, pg_get_indexdef(c.oid) as def from pg_class c
     join pg_index i on i.indexrelid = c.oid where c.relname like 'data_uniq_%' or c.relname like 'data_decl_%'
     order by c.relname`,
  );
  return r.rows;
}

describe('declared indexes at start', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDb();
  }, 120_000);
  afterAll(async () => db?.close());

  it('builds each once and finds them at the next start', async () => {
    const site = testSite([withIndexes('Stock')]);
    const built: object[] = [];
    const log = { info: (f: object) => built.push(f), error: (f: object) => built.push({ error: f }) };
    await buildDeclaredIndexes(db, [site], log);
    const first = await indexes(db);
    expect(first.map((i) => i.name).sort()).toEqual(
      [declaredIndexName('site1', 'Stock', bySku), declaredIndexName('site1', 'Stock', byPrice)].sort(),
    );
    expect(built).toHaveLength(2);
    const unique = first.find((i) => i.name.startsWith('data_uniq_'))!;
    expect(unique.def).toMatch(
      /^CREATE UNIQUE INDEX .* WHERE \(\(site_id = 'site1'::text\) AND \(collection_id = 'Stock'::text\)\)$/s,
    );
    const sort = first.find((i) => i.name.startsWith('data_decl_'))!;
    // category ascending, price descending, then id in the direction of the last field.
    expect(sort.def).toMatch(
      /^CREATE INDEX .*\(site_id, collection_id, .*'category'.* DESC.*'price'.*id COLLATE "C" DESC\)$/s,
    );

    await buildDeclaredIndexes(db, [site], log);
    expect(await indexes(db)).toEqual(first);
    expect(built).toHaveLength(2);
  });

  it('logs a unique index whose values already clash with its config key, and leaves no index behind', async () => {
    const site = testSite([withIndexes('Stock'), { ...collection('Dup', 'ADMIN'), indexes: [bySku] }]);
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     values ('site1', 'Dup', 'a', '{"sku": 1}', now(), now()), ('site1', 'Dup', 'b', '{"sku": 1.0}', now(), now())`,
    );
    const errors: object[] = [];
    await buildDeclaredIndexes(db, [site], { info: () => undefined, error: (f) => errors.push(f) });
    expect(errors).toEqual([expect.objectContaining({ key: 'sites[0].collections[1].indexes[0]' })]);
    expect((await indexes(db)).map((i) => i.name)).not.toContain(declaredIndexName('site1', 'Dup', bySku));
  });
});

describe('a unique declared index over HTTP', () => {
  let server: DataServer;
  beforeAll(async () => {
    server = await startDataServer((config) => ({
      ...config,
      sites: config.sites.map((site) => ({
        ...site,
        collections: [...site.collections, withIndexes('Stock'), withIndexes('Other')],
      })),
    }));
  }, 120_000);
  afterAll(async () => server?.close());

  const insert = (coll: string, data: object) =>
    server.call(`${V2}/items`, {
      body: { dataCollectionId: coll, dataItem: { data } },
      headers: { authorization: server.adminKey, 'x-vitrine-site-id': server.siteId },
    });

  it('refuses a repeated value with a 409 that names the fields; missing values and other collections never clash', async () => {
    expect((await insert('Stock', { sku: 'A-1', price: 3 })).status).toBe(200);
    const clash = await insert('Stock', { sku: 'A-1', price: 4 });
    expect(clash.status).toBe(409);
    expect(clash.body.details.applicationError).toEqual({
      code: 'WD_UNIQUE_INDEX_VIOLATION',
      description: 'Another item of collection [Stock] already has this value of [sku] (a unique index).',
      data: { collectionId: 'Stock', fields: ['sku'] },
    });
    // Numbers clash as numbers; strings are not numbers.
    expect((await insert('Stock', { sku: 7 })).status).toBe(200);
    expect((await insert('Stock', { sku: 7.0 })).status).toBe(409);
    expect((await insert('Stock', { sku: '7' })).status).toBe(200);
    expect((await insert('Stock', { price: 1 })).status).toBe(200);
    expect((await insert('Stock', { price: 2 })).status).toBe(200);
    expect((await insert('Other', { sku: 'A-1' })).status).toBe(200);
  });

  it('says the same for an update and a bulk insert, and a duplicate id is still WDE0074', async () => {
    const headers = { authorization: server.adminKey, 'x-vitrine-site-id': server.siteId };
    expect((await insert('Stock', { _id: 'u1', sku: 'U-1' })).status).toBe(200);
    expect((await insert('Stock', { _id: 'u2', sku: 'U-2' })).status).toBe(200);
    const update = await server.call(`${V2}/items/update`, {
      body: { dataCollectionId: 'Stock', dataItem: { id: 'u2', data: { _id: 'u2', sku: 'U-1' } } },
      headers,
    });
    expect(update.status).toBe(409);
    expect(update.body.details.applicationError.code).toBe('WD_UNIQUE_INDEX_VIOLATION');
    const bulk = await server.call(`${V2}/bulk/items/insert`, {
      body: { dataCollectionId: 'Stock', dataItems: [{ data: { sku: 'B-1' } }, { data: { sku: 'U-2' } }] },
      headers,
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body.details.applicationError.code).toBe('WD_UNIQUE_INDEX_VIOLATION');
    // GraphQL answers the same code in its error's extensions (not a 500).
    const gql = await server.call('/graphql/alpha', {
      body: { query: 'mutation { insertItem(collection: "Stock", data: {sku: "U-1"}) { id } }' },
      auth: `Bearer ${server.adminKey}`,
    });
    expect(gql.body.errors[0].extensions).toMatchObject({ code: 'WD_UNIQUE_INDEX_VIOLATION', httpStatus: 409 });
    const again = await insert('Stock', { _id: 'u1', sku: 'U-9' });
    expect(again.status).toBe(409);
    expect(again.body.details.applicationError.code).toBe('WDE0074');
  });
});
