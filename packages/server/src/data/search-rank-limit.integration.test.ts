/**
 * A `$search` ordered by relevance ranks its first `VITRINE_DATA_SEARCH_RANK_LIMIT` matches only (docs/data.md →
 * Full-text search): the answer is those candidates, best first; its total says "N+" (N with `tooManyToCount`)
 * when more match, and paging (offset or cursor) ends with them. A sort given, or a count, reads every match.
 * A small limit (3) keeps it fast; on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../config/types.js';
import { searchIndexOn } from '../../test-support/data.js';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';
import { searchIndexesBuilt } from './search-indexes.js';

const V2 = '/wix-data/v2';
// Ids sort as the items are stored, so the first three matches are a1–a3 whichever plan reads them (a scan, the
// primary key or the GIN index's bitmap). The best match, a4, says "linen" in its title and its description.
const NOTES = [
  { _id: 'a1', title: 'Cotton towel', description: 'Pairs with linen' },
  { _id: 'a2', title: 'Linen napkins', description: 'Set of four' },
  { _id: 'a3', title: 'Wool throw', description: 'Linen trim' },
  { _id: 'a4', title: 'Linen blanket', description: 'Heavy linen weave' },
  { _id: 'a5', title: 'Linen sheet', description: 'Washed' },
  { _id: 'a6', title: 'Cedar box', description: 'Holds blankets' },
];
let server: DataServer;

function withNotes(config: ServerConfig): ServerConfig {
  const site = config.sites.find((s) => s.id === config.storefront.siteId)!;
  site.collections = [
    ...site.collections,
    {
      id: 'Notes',
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
      seed: NOTES,
      indexes: [searchIndexOn('title', 'description')],
    },
  ];
  return config;
}

beforeAll(async () => {
  // Read when the app is made (data/read-limits.ts); vitest puts the variable back after the file.
  vi.stubEnv('VITRINE_DATA_SEARCH_RANK_LIMIT', '3');
  server = await startDataServer(withNotes);
  await searchIndexesBuilt(server.vitrine.ctx.db);
}, 120_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await server?.close();
});

// Answers are asserted field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const query = (query: object, extra: object = {}): Promise<any> =>
  server.call(`${V2}/items/query`, { body: { dataCollectionId: 'Notes', query, ...extra } });
const ids = (res: { body: { dataItems: { id: string }[] } }) => res.body.dataItems.map((d) => d.id);

describe('$search ranked over its first matches', () => {
  it('ranks the first N matches, best first, and says "N+" when more match', async () => {
    const res = await query({ filter: { $search: 'linen' } }, { returnTotalCount: true });
    expect(res.status).toBe(200);
    // a2 says it in its title (weight A); a1 and a3 in their descriptions, then by id. a4 and a5 are past the cap.
    expect(ids(res)).toEqual(['a2', 'a1', 'a3']);
    expect(res.body.pagingMetadata).toEqual({
      count: 3,
      offset: 0,
      hasNext: false,
      cursors: {},
      total: 3,
      tooManyToCount: true,
    });
  });

  it('counts exactly when no more than N match', async () => {
    const res = await query({ filter: { $search: 'blanket' } }, { returnTotalCount: true });
    expect(ids(res)).toEqual(['a4', 'a6']);
    expect(res.body.pagingMetadata).toMatchObject({ total: 2, tooManyToCount: false, hasNext: false });
  });

  it('pages end with the candidates, by offset and by cursor', async () => {
    const first = await query({ filter: { $search: 'linen' }, paging: { limit: 2 } });
    expect(ids(first)).toEqual(['a2', 'a1']);
    expect(first.body.pagingMetadata.hasNext).toBe(true);
    const second = await query({ filter: { $search: 'linen' }, paging: { limit: 2, offset: 2 } });
    expect(ids(second)).toEqual(['a3']);
    expect(second.body.pagingMetadata.hasNext).toBe(false);
    const past = await query({ filter: { $search: 'linen' }, paging: { limit: 2, offset: 4 } });
    expect(ids(past)).toEqual([]);

    const start = await query({ filter: { $search: 'linen' }, cursorPaging: { limit: 2 } });
    expect(ids(start)).toEqual(['a2', 'a1']);
    const next = await query({ cursorPaging: { limit: 2, cursor: start.body.pagingMetadata.cursors.next } });
    expect(next.status).toBe(200);
    expect(ids(next)).toEqual(['a3']);
    expect(next.body.pagingMetadata.cursors.next).toBeUndefined();
  });

  it('a sort given reads and counts every match; items.count counts every match', async () => {
    const sorted = await query(
      { filter: { $search: 'linen' }, sort: [{ fieldName: 'title', order: 'ASC' }] },
      { returnTotalCount: true },
    );
    expect(ids(sorted)).toEqual(['a1', 'a4', 'a2', 'a5', 'a3']);
    expect(sorted.body.pagingMetadata).toMatchObject({ total: 5, tooManyToCount: false });
    const counted = await server.call(`${V2}/items/count`, {
      body: { dataCollectionId: 'Notes', filter: { $search: 'linen' } },
    });
    expect(counted.body).toEqual({ totalCount: 5 });
  });
});
