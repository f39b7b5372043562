/**
 * `$search` through the real server (docs/data.md → Full-text search), on PGlite or PostgreSQL: ranked, stemmed,
 * forgiving of a typo in a long word, combined with other filters, sorted when asked, counted and paged (offset and
 * cursor), under the collection's read permission, on REST (POST, GET `.r`, count) and GraphQL; bounded text and
 * the size rule's refusal (400 naming the declaration), and the declared index built in the background and used.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import { searchIndexOn } from '../../test-support/data.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import { queueBuild } from './indexes.js';
import {
  buildSearchIndexes,
  SEARCH_INDEX_RETRY_MS,
  SEARCH_SCAN_MAX_ITEMS,
  searchIndexesBuilt,
} from './search-indexes.js';

const V2 = '/wix-data/v2';
let server: DataServer;
let admin: string;

const LINENS = [
  { _id: 'l1', title: 'Linen blanket', description: 'A heavy blanket woven from flax', price: 90 },
  { _id: 'l2', title: 'Wool throw', description: 'Soft wool, pairs with our linen blankets', price: 60 },
  { _id: 'l3', title: 'Linen napkins', description: 'Set of four', price: 20 },
  { _id: 'l4', title: 'Cotton towel', description: 'Thick and absorbent', price: 15 },
  { _id: 'l5', title: 'Blanket box', description: 'Cedar chest for blankets', price: 250 },
];

function withCollections(config: ServerConfig): ServerConfig {
  const site = config.sites.find((s) => s.id === config.storefront.siteId)!;
  const open = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } as const;
  site.collections = [
    ...site.collections,
    {
      id: 'Linens',
      permissions: open,
      seed: LINENS,
      indexes: [searchIndexOn('title', 'description')],
    },
    {
      id: 'Journal',
      permissions: { read: 'SITE_MEMBER_AUTHOR', insert: 'SITE_MEMBER', update: 'ADMIN', remove: 'ADMIN' },
      seed: [],
    },
    { id: 'Heap', permissions: open, seed: [] },
  ];
  return config;
}

beforeAll(async () => {
  server = await startDataServer(withCollections);
  admin = `Bearer ${server.adminKey}`;
  await searchIndexesBuilt(server.vitrine.ctx.db);
}, 120_000);
afterAll(async () => server?.close());

// Answers are asserted field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const query = (collection: string, query: unknown, auth?: string, extra: object = {}): Promise<any> =>
  server.call(`${V2}/items/query`, {
    body: { dataCollectionId: collection, query, ...extra },
    ...(auth ? { auth } : {}),
  });
const ids = (res: { body: { dataItems: { id: string }[] } }) => res.body.dataItems.map((d) => d.id);

describe('$search on the data API', () => {
  it('ranks stemmed matches, the title above the description, with no sort given', async () => {
    const res = await query('Linens', { filter: { $search: 'linen blankets' } });
    expect(res.status).toBe(200);
    // l1 says both words in its title; l2 only in its description.
    expect(ids(res)).toEqual(['l1', 'l2']);
    const one = await query('Linens', { filter: { $search: 'BLANKETS' } });
    expect(ids(one).sort()).toEqual(['l1', 'l2', 'l5']);
    expect(ids(one)[2]).toBe('l2');
  });

  it('forgives a typo in a long word, not in a short one', async () => {
    expect(ids(await query('Linens', { filter: { $search: 'blankte' } })).sort()).toEqual(['l1', 'l2', 'l5']);
    expect(ids(await query('Linens', { filter: { $search: 'towl' } }))).toEqual([]);
    expect(ids(await query('Linens', { filter: { $search: 'towel' } }))).toEqual(['l4']);
  });

  it('combines with other filters, a given sort wins, and counts and pages like any query', async () => {
    const cheap = await query('Linens', { filter: { $search: 'blanket', price: { $lt: 100 } } }, undefined, {
      returnTotalCount: true,
    });
    expect(ids(cheap).sort()).toEqual(['l1', 'l2']);
    expect(cheap.body.pagingMetadata).toMatchObject({ total: 2, tooManyToCount: false });
    const sorted = await query('Linens', {
      filter: { $and: [{ $search: 'blanket' }] },
      sort: [{ fieldName: 'price', order: 'DESC' }],
    });
    expect(ids(sorted)).toEqual(['l5', 'l1', 'l2']);
    const sortedFirst = await query('Linens', {
      filter: { $search: 'blanket' },
      sort: [{ fieldName: 'price', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    const cursor = sortedFirst.body.pagingMetadata.cursors.next;
    const sortedNext = await query('Linens', { cursorPaging: { limit: 2, cursor } });
    expect([...ids(sortedFirst), ...ids(sortedNext)]).toEqual(['l5', 'l1', 'l2']);
    const first = await query('Linens', { filter: { $search: 'blanket' }, cursorPaging: { limit: 2 } });
    const next = await query('Linens', { cursorPaging: { limit: 2, cursor: first.body.pagingMetadata.cursors.next } });
    expect([...ids(first), ...ids(next)]).toEqual(ids(await query('Linens', { filter: { $search: 'blanket' } })));
    const offset = await query('Linens', { filter: { $search: 'blanket' }, paging: { limit: 1, offset: 1 } });
    expect(ids(offset)).toEqual([ids(first)[1]]);
    const counted = await server.call(`${V2}/items/count`, {
      body: { dataCollectionId: 'Linens', filter: { $search: 'linen' } },
    });
    expect(counted.body.totalCount).toBe(3);
    const dotR = Buffer.from(JSON.stringify({ dataCollectionId: 'Linens', query: { filter: { $search: 'napkin' } } }));
    expect(ids(await server.call(`${V2}/items/query?.r=${dotR.toString('base64url')}`))).toEqual(['l3']);
  });

  it('obeys the read permission exactly like any filter', async () => {
    const alice = `Bearer ${await server.memberToken('member-alice')}`;
    const bob = `Bearer ${await server.memberToken('member-bob')}`;
    for (const [auth, id, text] of [
      [alice, 'j1', 'secret garden plans'],
      [bob, 'j2', 'garden party list'],
    ] as const) {
      const res = await server.call(`${V2}/items`, {
        auth,
        body: { dataCollectionId: 'Journal', dataItem: { id, data: { text } } },
      });
      expect(res.status).toBe(200);
    }
    expect(ids(await query('Journal', { filter: { $search: 'garden' } }, alice))).toEqual(['j1']);
    expect(ids(await query('Journal', { filter: { $search: 'garden' } }, bob))).toEqual(['j2']);
    expect(ids(await query('Journal', { filter: { $search: 'garden' } }, admin)).sort()).toEqual(['j1', 'j2']);
    expect((await query('Journal', { filter: { $search: 'garden' } })).status).toBe(403);
  });

  it('refuses a text past its bounds, and a $search under $or, with 400s naming the path', async () => {
    const long = await query('Linens', { filter: { $search: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter.$search',
      ruleName: 'TOO_LARGE',
    });
    const words = await query('Linens', { filter: { $search: 'a b c d e f g h i' } });
    expect(words.body.details.validationError.fieldViolations[0].ruleName).toBe('TOO_LARGE');
    const or = await query('Linens', { filter: { $or: [{ $search: 'linen' }, { price: 1 }] } });
    expect(or.status).toBe(400);
    expect(or.body.message).toMatch(/not under \$or/);
  });

  it('searches GraphQL’s generic items with the same filter', async () => {
    const res = await server.call('/graphql/alpha', {
      body: {
        query: 'query ($f: JSON) { items(collection: "Linens", filter: $f) { totalCount items { id } } }',
        variables: { f: { $search: 'napkins' } },
      },
    });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.items).toEqual({ totalCount: 1, items: [{ id: 'l3' }] });
  });

  it('reads every item of a small collection without a declaration; refuses a large one, naming the declaration', async () => {
    const db = server.vitrine.ctx.db;
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
       values ($1, 'Heap', 'h0', '{"_id": "h0", "note": {"body": "Ceramic mugs"}, "tags": ["kitchen"]}', now(), now())`,
      [server.siteId],
    );
    // Every string of the item, nested ones too; never its system fields.
    expect(ids(await query('Heap', { filter: { $search: 'mug kitchen' } }))).toEqual(['h0']);
    expect(ids(await query('Heap', { filter: { $search: 'h0' } }))).toEqual([]);
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
       select $1, 'Heap', 'h' || g, jsonb_build_object('_id', 'h' || g, 'note', 'Item ' || g), now(), now()
       from generate_series(1, $2::int) g`,
      [server.siteId, SEARCH_SCAN_MAX_ITEMS],
    );
    const refused = await query('Heap', { filter: { $search: 'mug' } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'query.filter.$search',
      ruleName: 'SEARCH_INDEX_REQUIRED',
      data: { collectionId: 'Heap', scanMaxItems: SEARCH_SCAN_MAX_ITEMS },
    });
    expect(refused.body.message).toMatch(/"search": true/);
  });

  it('uses the declared index on a large collection', async () => {
    const db = server.vitrine.ctx.db;
    await db.query(
      `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
       select $1, 'Linens', 'x' || g, jsonb_build_object('_id', 'x' || g, 'title', 'Plain item ' || g), now(), now()
       from generate_series(1, $2::int) g`,
      [server.siteId, SEARCH_SCAN_MAX_ITEMS],
    );
    await db.exec('analyze data_items');
    const res = await query('Linens', { filter: { $search: 'linen blankets' } }, undefined, { returnTotalCount: true });
    expect(ids(res)).toEqual(['l1', 'l2']);
    expect(res.body.pagingMetadata.total).toBe(2);
    const plan = await db.query<Record<string, string>>(
      `explain select 1 from data_items i where i.site_id = $1 and i.collection_id = 'Linens' and
         i.site_id = '${server.siteId}' and i.collection_id = 'Linens' and
         (setweight(to_tsvector('english'::regconfig, coalesce(i.data #>> '{title}'::text[], '')), 'A') ||
          setweight(to_tsvector('english'::regconfig, coalesce(i.data #>> '{description}'::text[], '')), 'B'))
         @@ 'napkin'::tsquery`,
      [server.siteId],
    );
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/data_search_/);
    // Statistics on the tsvector expression: the planner ignores those of a partial index (its words' estimates).
    const stats = await db.query<{ name: string; exprs: boolean }>(
      `select stxname as name, stxexprs is not null as exprs from pg_statistic_ext where stxname like 'data_search_%_s'`,
    );
    expect(stats.rows).toContainEqual({ name: expect.stringMatching(/^data_search_[0-9a-f]{24}_s$/), exprs: true });
  });

  it('builds its GIN indexes without a pending list, and upgrades those an earlier version built', async () => {
    const db = server.vitrine.ctx.db;
    const indexes = async () =>
      (
        await db.query<{ name: string; options: string[] | null }>(
          `select c.relname as name, c.reloptions as options from pg_index i join pg_class c on c.oid = i.indexrelid
           where c.relname like 'data_search_%' order by 1`,
        )
      ).rows;
    const built = await indexes();
    expect(built.length).toBeGreaterThanOrEqual(2);
    for (const index of built) expect(index.options).toEqual(['fastupdate=off']);
    // As an earlier version left them: GIN's default pending list, no statistics.
    for (const index of built) await db.exec(`alter index ${index.name} reset (fastupdate)`);
    await db.exec(`drop statistics if exists ${built[0]!.name.replace(/_t$/, '')}_s`);
    const errors: string[] = [];
    const log = { info: () => undefined, error: (_: object, message: string) => void errors.push(message) };
    await buildSearchIndexes(db, server.vitrine.ctx.config.sites, log);
    // The upgrade is queued behind the builds while the indexes serve: wait for the queue.
    await queueBuild(db, async () => undefined);
    expect(errors).toEqual([]);
    for (const index of await indexes()) expect(index.options).toEqual(['fastupdate=off']);
    const stats = await db.query(`select 1 from pg_statistic_ext where stxname like 'data_search_%_s'`);
    expect(stats.rows.length).toBeGreaterThanOrEqual(1);
  });

  it('a build that failed is queued again by the first search after its back-off, which doubles', async () => {
    // The 1,000,000-item bench's build died as a deadlock (its ANALYZE against the CONCURRENTLY build) and every
    // search then answered 503 until a restart. Here the first two attempts fail the same way.
    const db = server.vitrine.ctx.db;
    const names = (
      await db.query<{ name: string }>(
        `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname like 'data_search_%'`,
      )
    ).rows.map((r) => r.name);
    for (const name of names) await db.exec(`drop index if exists ${name}`);
    const exec = db.exec;
    let refused = 0;
    db.exec = async (sql: string) => {
      if (refused < 2 && /^create index .*data_search_/.test(sql)) {
        refused += 1;
        throw new Error('deadlock detected');
      }
      return exec.call(db, sql);
    };
    const errors: string[] = [];
    const log = { info: () => undefined, error: (fields: object) => void errors.push(JSON.stringify(fields)) };
    const search = () => query('Linens', { filter: { $search: 'linen blankets' } });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await buildSearchIndexes(db, server.vitrine.ctx.config.sites, log);
      expect(errors).toEqual([expect.stringContaining('deadlock detected')]);
      const failed = await search();
      expect(failed.status).toBe(503);
      expect(failed.body.details.applicationError.code).toBe('SEARCH_INDEX_BUILDING');
      expect(failed.body.message).toMatch(/failed to build/);
      expect(Number(failed.headers.get('retry-after'))).toBe(SEARCH_INDEX_RETRY_MS / 1000);
      // Within the back-off nothing is queued: the same answer, no new attempt.
      expect((await search()).body.message).toMatch(/failed to build/);
      expect(refused).toBe(1);

      vi.setSystemTime(Date.now() + SEARCH_INDEX_RETRY_MS);
      const retried = await search();
      expect(retried.status).toBe(503);
      expect(retried.body.message).toMatch(/is being built/);
      await searchIndexesBuilt(db);
      expect(refused).toBe(2);
      // The second failure in a row waits twice as long.
      const again = await search();
      expect(again.body.message).toMatch(/failed to build/);
      expect(Number(again.headers.get('retry-after'))).toBe((2 * SEARCH_INDEX_RETRY_MS) / 1000);

      vi.setSystemTime(Date.now() + 2 * SEARCH_INDEX_RETRY_MS);
      expect((await search()).status).toBe(503);
      await searchIndexesBuilt(db);
      const served = await search();
      expect(served.status).toBe(200);
      expect(ids(served)).toEqual(['l1', 'l2']);
      expect(errors).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      db.exec = exec;
    }
  });
});

describe('$search stems in the site’s language', () => {
  it('French: "couvertures" finds "couverture", and "en" is a French stop word (the English config keeps it)', async () => {
    const { openTestDb, collection, testSite, scopeFor, callers } = await import('../../test-support/data.js');
    const { queryItems } = await import('./query.js');
    const db = await openTestDb();
    try {
      const coll = collection('Linge', 'ANYONE');
      const site = { ...testSite([coll]), languages: ['fr'] };
      for (const [id, titre] of [
        ['f1', 'Une couverture en lin'],
        ['f2', 'Des serviettes'],
        ['f3', 'Les draps'],
      ]) {
        await db.query(
          `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
           values ('site1', 'Linge', $1, $2::jsonb, now(), now())`,
          [id, JSON.stringify({ _id: id, titre })],
        );
      }
      const found = async (text: string) =>
        (
          await queryItems(scopeFor(db, site, callers.anonymous), coll, { query: { filter: { $search: text } } })
        ).dataItems.map((d) => d.id);
      expect(await found('couvertures')).toEqual(['f1']);
      expect(await found('serviette')).toEqual(['f2']);
      expect(await found('draps')).toEqual(['f3']);
      expect(await found('en')).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
