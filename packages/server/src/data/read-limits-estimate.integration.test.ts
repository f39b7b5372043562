/**
 * The count's estimate first (read-limits.ts `boundedCount` with an estimate factor): a plan that expects far
 * more matches than the bound is answered from EXPLAIN without counting; a smaller one is still counted
 * exactly. Statements are recorded on the real database to see which ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../store/types.js';
import { openTestDb } from '../../test-support/data.js';
import { boundedCount } from './read-limits.js';

let db: Database;
const sent: string[] = [];
const recording: Queryable = {
  query: (sql: string, params?: readonly unknown[]) => {
    sent.push(sql);
    return db.query(sql, params as unknown[]);
  },
  exec: (sql: string) => db.exec(sql),
} as Queryable;

beforeAll(async () => {
  db = await openTestDb();
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select 's', 'Big', 'i' || g, jsonb_build_object('n', g), now(), now() from generate_series(1, 3000) g`,
  );
  await db.exec('analyze data_items');
}, 120_000);
afterAll(async () => db?.close());

const all = `from data_items i where i.site_id = $1 and i.collection_id = $2`;
const few = `${all} and i.id = any($3)`;

describe('the estimate first', () => {
  it('answers a plan expecting at least bound × factor from EXPLAIN, without counting', async () => {
    sent.length = 0;
    const total = await boundedCount(recording, all, ['s', 'Big'], 100, 2);
    expect(total.tooManyToCount).toBe(true);
    expect(total.total).toBeGreaterThanOrEqual(200);
    expect(sent.some((s) => s.startsWith('select count(*)'))).toBe(false);
  });

  it('counts exactly when the plan expects fewer, and always with factor 0', async () => {
    sent.length = 0;
    expect(await boundedCount(recording, few, ['s', 'Big', ['i1', 'i2', 'i3']], 100, 2)).toEqual({
      total: 3,
      tooManyToCount: false,
    });
    expect(sent.filter((s) => s.startsWith('select count(*)'))).toHaveLength(1);
    sent.length = 0;
    const counted = await boundedCount(recording, all, ['s', 'Big'], 100, 0);
    expect(counted.tooManyToCount).toBe(true);
    expect(sent[0]).toMatch(/^select count\(\*\)/);
  });
});
