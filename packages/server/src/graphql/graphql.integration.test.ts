/**
 * GraphQL over the real server (demo site + typed test collections): members, visitors and API keys on typed and
 * untyped collections, refusals identical to REST, references batched (SQL statements counted), typed-write
 * validation on REST and GraphQL, depth / cost / list limits, introspection switch, GET and the dev page.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GRAPHQL } from '../config/fields.js';
import type { ServerConfig } from '../config/types.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import { insertMember } from '../members/index.js';

let server: DataServer;
let admin: string;
let siteKey: string;
const SITE_KEY = 'graphql-test-site-key-0123456789';

function withTestCollections(config: ServerConfig): ServerConfig {
  const site = config.sites[0]!;
  site.apiKeys = [...site.apiKeys, { name: 'backend', key: SITE_KEY }];
  site.collections = [
    ...site.collections,
    {
      id: 'Notes',
      permissions: {
        read: 'SITE_MEMBER_AUTHOR',
        insert: 'SITE_MEMBER',
        update: 'SITE_MEMBER_AUTHOR',
        remove: 'SITE_MEMBER_AUTHOR',
      },
      seed: [],
      fields: [
        { key: 'text', type: 'text', required: true },
        { key: 'when', type: 'datetime', required: false },
        { key: 'products', type: 'multireference', required: false, collection: 'Products' },
        { key: 'parent', type: 'reference', required: false, collection: 'Notes' },
      ],
      strict: true,
    },
    {
      id: 'Loose',
      permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ADMIN', remove: 'ADMIN' },
      seed: [{ _id: 'l1', any: 1 }],
    },
  ];
  return config;
}

// Answers are asserted field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };

async function gql(query: string, variables?: Record<string, unknown>, auth?: string): Promise<Answer> {
  const res = await server.call('/graphql/alpha', {
    body: { query, ...(variables ? { variables } : {}) },
    ...(auth ? { auth } : {}),
  });
  return { status: res.status, body: res.body };
}

async function member(email: string): Promise<{ id: string; token: string }> {
  const ctx = server.vitrine.ctx;
  const m = await insertMember(ctx.db, {
    siteId: server.siteId,
    email,
    passwordHash: null,
    emailVerified: true,
    approved: true,
    profile: { nickname: 'N' },
    now: Date.now(),
  });
  return { id: m!.id, token: await server.memberToken(m!.id) };
}

/** Counts the statements the app sends to the database while `fn` runs. */
async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  const db = server.vitrine.ctx.db;
  const original = db.query;
  let n = 0;
  db.query = ((...args: Parameters<typeof original>) => {
    // Only the items reads count: the server's own background work (limit flushes, the outbox, the
    // event log) also runs statements and may land inside the window on a busy machine.
    if (/data_items/.test(String(args[0]))) n++;
    return original.apply(db, args);
  }) as typeof original;
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return n;
}

beforeAll(async () => {
  server = await startDataServer(withTestCollections);
  admin = `Bearer ${server.adminKey}`;
  siteKey = SITE_KEY;
}, 120_000);
afterAll(async () => server?.close());

describe('GraphQL queries', () => {
  it('lists typed products with the REST filter language, sort, paging and total, references resolved as objects', async () => {
    // Operators start with "$", which GraphQL names cannot: a filter with operators travels as a variable.
    const { status, body } = await gql(
      `query($f: JSON) {
      products(filter: $f, sort: [{fieldName: "price", order: DESC}], limit: 3) {
        totalCount items { _id title price category { _id name slug } } pagingMetadata { count hasNext offset }
      }
    }`,
      { f: { price: { $gte: 40 } } },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const page = body.data.products;
    expect(page.totalCount).toBe(5);
    expect(page.items.map((i: { price: number }) => i.price)).toEqual([120, 64, 55]);
    expect(page.items[0]).toMatchObject({
      _id: 'wool-throw',
      title: 'Merino Wool Throw',
      category: { _id: 'Home', name: 'Home', slug: 'home' },
    });
    expect(page.pagingMetadata).toEqual({ count: 3, hasNext: true, offset: 0 });
  });

  it('answers byId, null for a missing item, and the generic items/item for untyped collections', async () => {
    const { body } =
      await gql(`{ productsById(id: "brass-pen") { title price } missing: productsById(id: "nope") { title }
      items(collection: "Loose") { totalCount items { id collection data } } item(collection: "Loose", id: "l1") { data } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data.productsById).toEqual({ title: 'Solid Brass Pen', price: 48 });
    expect(body.data.missing).toBeNull();
    expect(body.data.items).toMatchObject({
      totalCount: 1,
      items: [{ id: 'l1', collection: 'Loose', data: { _id: 'l1', any: 1 } }],
    });
    expect(body.data.item.data).toMatchObject({ any: 1 });
  });

  it('pages with cursors like REST', async () => {
    const first = await server.call('/graphql/v1', {
      body: { query: '{ products(cursor: "", limit: 5) { items { _id } pagingMetadata { cursors { next } } } }' },
    });
    expect(first.status).toBe(200);
    const next = first.body.data.products.pagingMetadata.cursors.next as string;
    expect(next).toEqual(expect.any(String));
    const second = await gql('query($c: String) { products(cursor: $c) { items { _id } } }', { c: next });
    const ids = [...first.body.data.products.items, ...second.body.data.products.items].map(
      (i: { _id: string }) => i._id,
    );
    expect(new Set(ids).size).toBe(10);
  });

  it('me: the member profile for a member, null for visitors and API keys, UNAUTHENTICATED for a bad token', async () => {
    const m = await member('gql-me@example.com');
    const asMember = await gql('{ me { id loginEmail emailVerified status profile } }', undefined, m.token);
    expect(asMember.body.data.me).toEqual({
      id: m.id,
      loginEmail: 'gql-me@example.com',
      emailVerified: true,
      status: 'ACTIVE',
      // The nickname the member gave, and the slug every member gets (members/profile-defaults).
      profile: { nickname: 'N', slug: 'n' },
    });
    expect((await gql('{ me { id } }', undefined, await server.visitorToken())).body.data.me).toBeNull();
    expect((await gql('{ me { id } }', undefined, siteKey)).body.data.me).toBeNull();
    expect((await gql('{ me { id } }')).body.data.me).toBeNull();
    const bad = await gql('{ me { id } }', undefined, 'not.a.token');
    expect(bad.status).toBe(200);
    expect(bad.body.data).toBeNull();
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', httpStatus: 401 });
  });

  it('resolves references batched: the same number of statements for 3 products as for 12', async () => {
    const q = (limit: number) => gql(`{ products(limit: ${limit}) { items { title category { name slug } } } }`);
    await q(12); // warm: one-time work (prepared statements, caches) is not what this counts
    const few = await countStatements(() => q(3));
    const many = await countStatements(() => q(12));
    expect(
      (await q(12)).body.data.products.items.every((i: { category: { name: string } | null }) => i.category?.name),
    ).toBe(true);
    expect(few).toBeGreaterThanOrEqual(2);
    expect(many).toBe(few);
    // One statement for the page, then per level: the multi-reference rows and the referenced items.
    expect(many).toBeLessThanOrEqual(3);
  });
});

describe('GraphQL mutations and permissions', () => {
  it('members insert, read and remove their own typed notes; multi-references come back as lists', async () => {
    const a = await member('gql-a@example.com');
    const b = await member('gql-b@example.com');
    const inserted = await gql(
      `mutation($d: NotesInput!) { insertNotes(data: $d) { _id text when _owner products { _id title } } }`,
      {
        d: { text: 'hello', when: { $date: '2024-05-05T05:05:05.000Z' }, products: ['brass-pen', 'desk-tray'] },
      },
      a.token,
    );
    expect(inserted.body.errors).toBeUndefined();
    const note = inserted.body.data.insertNotes;
    expect(note).toMatchObject({ text: 'hello', when: '2024-05-05T05:05:05.000Z', _owner: a.id });
    expect(note.products.map((p: { _id: string }) => p._id)).toEqual(['brass-pen', 'desk-tray']);
    expect((await gql('{ notes { totalCount } }', undefined, b.token)).body.data.notes.totalCount).toBe(0);
    expect((await gql('{ notes { totalCount } }', undefined, a.token)).body.data.notes.totalCount).toBe(1);
    const updated = await gql(
      `mutation($id: ID!) { updateNotes(id: $id, data: {text: "changed"}) { text } }`,
      { id: note._id },
      a.token,
    );
    expect(updated.body.data.updateNotes.text).toBe('changed');
    // Someone else's item looks missing, exactly as over REST.
    const foreign = await gql(`mutation($id: ID!) { removeNotes(id: $id) { _id } }`, { id: note._id }, b.token);
    const rest = await server.call('/wix-data/v2/items/remove', {
      auth: b.token,
      body: { dataCollectionId: 'Notes', dataItemId: note._id },
    });
    expect(foreign.body.errors[0].extensions).toMatchObject({ code: 'WDE0073', httpStatus: 404 });
    expect(foreign.body.errors[0].message).toBe(rest.body.message);
    expect(
      (await gql(`mutation($id: ID!) { removeNotes(id: $id) { _id } }`, { id: note._id }, a.token)).body.data
        .removeNotes._id,
    ).toBe(note._id);
  });

  it('refuses what REST refuses, with the same code and message (visitor insert into admin-only Products)', async () => {
    const visitor = await server.visitorToken();
    const viaGql = await gql('mutation { insertProducts(data: {title: "x"}) { _id } }', undefined, visitor);
    const viaRest = await server.call('/wix-data/v2/items', {
      auth: visitor,
      body: { dataCollectionId: 'Products', dataItem: { data: { title: 'x' } } },
    });
    expect(viaRest.status).toBe(403);
    expect(viaGql.status).toBe(200);
    expect(viaGql.body.data).toBeNull();
    expect(viaGql.body.errors[0]).toMatchObject({
      message: viaRest.body.message,
      path: ['insertProducts'],
      extensions: { code: 'WDE0027', httpStatus: 403, data: viaRest.body.details.applicationError.data },
    });
    const notes = await gql('{ notes { totalCount } }', undefined, visitor);
    expect(notes.body.errors[0].extensions.code).toBe('WDE0027');
    const unknown = await gql('{ items(collection: "Nope") { totalCount } }');
    expect(unknown.body.errors[0].extensions.code).toBe('WDE0025');
  });

  it('API keys write to typed and untyped collections; visitors insert where anyone may', async () => {
    const p = await gql(
      'mutation { insertProducts(data: {_id: "gql-p", title: "GQL", price: 3, category: "Kitchen", _extra: {colour: "red"}}) { _id category { name } } }',
      undefined,
      siteKey,
    );
    expect(p.body.data.insertProducts).toEqual({ _id: 'gql-p', category: { name: 'Kitchen' } });
    // Products is not strict: undeclared fields go in through _extra and are stored with the item.
    const stored = await server.call('/wix-data/v2/items/gql-p?dataCollectionId=Products', { auth: siteKey });
    expect(stored.body.dataItem.data).toMatchObject({ title: 'GQL', price: 3, colour: 'red' });
    const loose = await gql(
      'mutation { insertItem(collection: "Loose", data: {whatever: [1, 2]}) { id data } }',
      undefined,
      await server.visitorToken(),
    );
    expect(loose.body.data.insertItem.data.whatever).toEqual([1, 2]);
    const removed = await gql('mutation { removeItem(collection: "Products", id: "gql-p") { id } }', undefined, admin);
    expect(removed.body.data.removeItem.id).toBe('gql-p');
  });
});

describe('typed writes', () => {
  it('REST insert, update, patch and bulk name the offending field; GraphQL says the same', async () => {
    const bad = await server.call('/wix-data/v2/items', {
      auth: admin,
      body: { dataCollectionId: 'Products', dataItem: { data: { title: 'x', price: 'cheap' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'dataItem.data.price',
      description: 'must be a number',
    });
    // The generic mutation takes JSON: the shared validator answers, as over REST.
    const viaGql = await gql(
      'mutation { insertItem(collection: "Products", data: {title: "x", price: "cheap"}) { id } }',
      undefined,
      admin,
    );
    expect(viaGql.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      httpStatus: 400,
      fieldViolations: [{ field: 'dataItem.data.price' }],
    });
    expect(viaGql.body.errors[0].message).toBe(bad.body.message);
    // The typed input (ProductsInput: price is a Float) refuses the wrong scalar before anything runs, naming the field.
    const typed = await gql(
      'mutation($d: ProductsInput!) { insertProducts(data: $d) { _id } }',
      { d: { title: 'x', price: 'cheap' } },
      admin,
    );
    expect(typed.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(typed.body.errors[0].message).toMatch(/"\$d".*at "d\.price"/);
    // A required field left out of the typed input: the same envelope and message as REST.
    const restMissing = await server.call('/wix-data/v2/items', {
      auth: admin,
      body: { dataCollectionId: 'Categories', dataItem: { data: { name: 'No slug' } } },
    });
    const gqlMissing = await gql('mutation { insertCategories(data: {name: "No slug"}) { _id } }', undefined, admin);
    expect(restMissing.status).toBe(400);
    expect(gqlMissing.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldViolations: [{ field: 'dataItem.data.slug', ruleName: 'REQUIRED' }],
    });
    expect(gqlMissing.body.errors[0].message).toBe(restMissing.body.message);

    const patched = await server.call('/wix-data/v2/items/patch', {
      auth: admin,
      body: {
        dataCollectionId: 'Products',
        patch: {
          dataItemId: 'brass-pen',
          fieldModifications: [{ action: 'SET_FIELD', fieldPath: 'stock', setFieldOptions: { value: 'many' } }],
        },
      },
    });
    expect(patched.body.details.validationError.fieldViolations[0].field).toBe('dataItem.data.stock');
    const bulk = await server.call('/wix-data/v2/bulk/items/insert', {
      auth: admin,
      body: {
        dataCollectionId: 'Categories',
        dataItems: [{ data: { _id: 'c-ok', name: 'Ok', slug: 'ok' } }, { data: { name: 'No slug', colour: 'red' } }],
      },
    });
    expect(bulk.body.results[0].itemMetadata.success).toBe(true);
    expect(bulk.body.results[1].itemMetadata.error).toMatchObject({ code: 'WD_VALIDATION_ERROR' });
    expect(
      bulk.body.results[1].itemMetadata.error.data.fieldViolations.map((v: { field: string }) => v.field).sort(),
    ).toEqual(['dataItem.data.colour', 'dataItem.data.slug']);
    // Strict collections: an undeclared field is not even in the input type; over the generic mutation the validator names it.
    const noteToken = (await member('gql-s@example.com')).token;
    const strictTyped = await gql(
      'mutation { insertNotes(data: {text: "x", extra: 1}) { _id } }',
      undefined,
      noteToken,
    );
    expect(strictTyped.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/"extra" is not defined by type "NotesInput"/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const strict = await gql(
      'mutation { insertItem(collection: "Notes", data: {text: "x", extra: 1}) { id } }',
      undefined,
      noteToken,
    );
    expect(strict.body.errors[0].extensions.fieldViolations[0]).toMatchObject({
      field: 'dataItem.data.extra',
      ruleName: 'UNKNOWN_FIELD',
    });
    // The stored items are unchanged.
    expect((await gql('{ productsById(id: "brass-pen") { stock } }')).body.data.productsById.stock).toBe(10);
  });
});

describe('limits and transport', () => {
  it('refuses queries deeper than 10 and costlier than the site allows; lists stop at 1000', async () => {
    const deep = await gql(
      '{ notes { items { parent { parent { parent { parent { parent { parent { parent { parent { parent { _id } } } } } } } } } } } }',
    );
    expect(deep.status).toBe(200);
    expect(deep.body.errors[0].extensions.code).toBe('QUERY_TOO_DEEP');
    const list = 'items { _id title price slug stock description image category { name slug description } }';
    expect((await gql(`{ products(limit: 1000) { ${list} } }`)).body.errors).toBeUndefined();
    const costly = await gql(`{ a: products(limit: 1000) { ${list} } b: products(limit: 1000) { ${list} } }`);
    expect(costly.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maxCost: 20000 });
    const viaVariable = await gql(
      `query($n: Int) { a: products(limit: $n) { ${list} } b: products(limit: $n) { ${list} } }`,
      { n: 1000 },
    );
    expect(
      (await gql(`query($n: Int) { a: products(limit: $n) { ${list} } b: products(limit: $n) { ${list} } }`, { n: 10 }))
        .body.errors,
    ).toBeUndefined();
    expect(viaVariable.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const tooMany = await gql('{ products(limit: 1001) { items { _id } } }');
    expect(tooMany.body.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldViolations: [{ field: 'query.paging.limit' }],
    });
  });

  it('introspection is on by default; GET runs queries but not mutations; bad requests are 400; unknown versions 404', async () => {
    const schema = await gql('{ __type(name: "Products") { fields { name } } }');
    expect(schema.body.data.__type.fields.map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['_id', 'title', 'category']),
    );
    const get = await server.call(
      `/graphql/alpha?query=${encodeURIComponent('{ productsById(id: "brass-pen") { price } }')}`,
    );
    expect(get.body.data.productsById.price).toBe(48);
    const getMutation = await server.call(
      `/graphql/alpha?query=${encodeURIComponent('mutation { removeItem(collection: "Loose", id: "l1") { id } }')}`,
      { auth: admin },
    );
    expect(getMutation.status).toBe(405);
    expect((await server.call('/graphql/alpha', { body: { variables: {} } })).status).toBe(400);
    expect((await server.call('/graphql/v9', { body: { query: '{ me { id } }' } })).status).toBe(404);
    const syntax = await gql('{ products(');
    expect(syntax.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const invalid = await gql('{ nothingHere }');
    expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('serves the development query page with a strict CSP and nothing from a CDN', async () => {
    const res = await server.call('/graphql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    expect(String(res.body)).not.toMatch(/https?:\/\//);
  });
});

describe('automatic persisted queries', () => {
  it('asks for an unknown hash, keeps a query sent with its hash, then runs it by hash alone (POST and GET)', async () => {
    const query = '{ products(sort: [{fieldName: "title"}], limit: 1) { items { _id } } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const unknown = await server.call('/graphql/alpha', { body: { extensions } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors[0]).toMatchObject({
      message: 'PersistedQueryNotFound',
      extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' },
    });
    const registered = await server.call('/graphql/alpha', { body: { query, extensions } });
    expect(registered.body.errors).toBeUndefined();
    const byHash = await server.call('/graphql/alpha', { body: { extensions } });
    expect(byHash.body).toEqual(registered.body);
    const byGet = await server.call(`/graphql/alpha?extensions=${encodeURIComponent(JSON.stringify(extensions))}`);
    expect(byGet.body).toEqual(registered.body);
    const mismatch = await server.call('/graphql/alpha', { body: { query: '{ me { id } }', extensions } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0].message).toBe('provided sha does not match query');
  });
});

describe('per-site switches', () => {
  it('turns introspection off for a site', async () => {
    const other = await startDataServer((config) => {
      config.sites[0]!.graphql = { ...DEFAULT_GRAPHQL, introspection: false, maxCost: 100 };
      return config;
    });
    try {
      const res = await other.call('/graphql/alpha', { body: { query: '{ __schema { types { name } } }' } });
      expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.body.errors[0].message).toMatch(/introspection/i);
      const cheap = await other.call('/graphql/alpha', { body: { query: '{ products(limit: 5) { items { _id } } }' } });
      expect(cheap.body.errors).toBeUndefined();
      const dear = await other.call('/graphql/alpha', {
        body: { query: '{ products(limit: 50) { items { _id title } } }' },
      });
      expect(dear.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maxCost: 100 });
    } finally {
      await other.close();
    }
  }, 120_000);
});
