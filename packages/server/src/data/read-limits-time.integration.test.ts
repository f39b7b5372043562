/**
 * The exact count's time limit (read-limits.ts `boundedCount`, issue #28): on PostgreSQL a count cancelled by
 * its limit answers the planner's estimate flagged `tooManyToCount`, and its pool connection stays usable with
 * the pool's own statement timeout. PGlite cannot cancel a running statement (it runs in the server's thread):
 * there the count stays exact up to the bound, whatever the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/types.js';
import { openTestDb } from '../../test-support/data.js';
import { boundedCount } from './read-limits.js';

const ITEMS = 100_000;
let db: Database;

beforeAll(async () => {
  db = await openTestDb();
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select 's', 'Big', 'i' || g, jsonb_build_object('n', g), now(), now() from generate_series(1, $1::int) g`,
    [ITEMS],
  );
  await db.exec('analyze data_items');
}, 300_000);
afterAll(async () => db?.close());

// Half the items match, under a bound of 60,000: exact when counted; counting them reads every item.
const even = `from data_items i where i.site_id = $1 and i.collection_id = $2 and ((i.data->>'n')::int % 2) = 0`;
const values = ['s', 'Big'];
const exact = { total: ITEMS / 2, tooManyToCount: false };

async function statementTimeout(): Promise<string> {
  return (await db.query<{ t: string }>(`select current_setting('statement_timeout') as t`)).rows[0]!.t;
}

describe('the count time limit', () => {
  it('counts exactly within a generous limit', async () => {
    expect(await boundedCount(db, even, values, 60_000, 0, { timeLimitMs: 60_000 })).toEqual(exact);
  });

  it('past a 1 ms limit answers the estimate on PostgreSQL; PGlite keeps the exact count', async () => {
    const before = await statementTimeout();
    const cancelled: number[] = [];
    const total = await boundedCount(db, even, values, 60_000, 0, {
      timeLimitMs: 1,
      onTimeLimit: (ms) => cancelled.push(ms),
    });
    if (db.kind === 'postgres') {
      expect(total.tooManyToCount).toBe(true);
      expect(total.total).toBeGreaterThan(0);
      expect(total.total).not.toBe(ITEMS / 2); // the planner's guess for an expression, not a count
      expect(cancelled).toEqual([1]);
    } else {
      expect(db.queryWithin).toBeUndefined();
      expect(total).toEqual(exact);
      expect(cancelled).toEqual([]);
    }
    // Every connection of the pool answers again, with the pool's own limit, not the count's.
    const after = await Promise.all(Array.from({ length: 12 }, () => statementTimeout()));
    expect(new Set(after)).toEqual(new Set([before]));
    expect(await boundedCount(db, even, values, 60_000, 0, { timeLimitMs: 60_000 })).toEqual(exact);
  });

  it('without a limit (0) counts as before', async () => {
    expect(await boundedCount(db, even, values, 60_000, 0, { timeLimitMs: 0 })).toEqual(exact);
  });
});
