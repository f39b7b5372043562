import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test-support/data.js';
import { combinedWrites, deferredTransaction, deferWrite, type DeferredWrite } from './deferred-writes.js';
import type { Database } from './types.js';

/**
 * Deferred writes (store/deferred-writes.ts), on PGlite and on PostgreSQL with TEST_DATABASE_URL: what reaches
 * the database, in how many statements, and that a transaction's outcome is unchanged (all or nothing).
 */
describe('deferred writes', () => {
  let db: Database;
  let sent: string[]; // what reached the database: statements, and BEGIN for each transaction opened
  let traced: Database;
  beforeAll(async () => {
    db = await openTestDb();
    await db.exec(`create table dw_a (id text primary key, n int4); create table dw_b (id text primary key)`);
    traced = {
      ...db,
      query: (sql, params) => {
        sent.push(sql);
        return db.query(sql, params);
      },
      transaction: (fn) =>
        db.transaction((tx) => {
          sent.push('BEGIN');
          return fn({
            query: (sql, params) => {
              sent.push(sql);
              return tx.query(sql, params);
            },
            exec: (sql) => tx.exec(sql),
          });
        }),
    };
  });
  afterAll(() => db.close());
  const reset = async () => {
    sent = [];
    await db.query('delete from dw_a');
    await db.query('delete from dw_b');
  };
  const ids = async (table: 'dw_a' | 'dw_b') =>
    (await db.query<{ id: string }>(`select id from ${table} order by id`)).rows.map((r) => r.id);
  const insertA = (id: string, counts?: number[]): DeferredWrite => ({
    sql: 'insert into dw_a (id, n) values ($1, $2)',
    params: [id, 1],
    counted: (n) => counts?.push(n),
  });
  const insertB = (id: string): DeferredWrite => ({ sql: 'insert into dw_b (id) values ($1)', params: [id] });

  it('sends writes only as one statement without a transaction, and tells each write its row count', async () => {
    await reset();
    const counts: number[] = [];
    const answer = await deferredTransaction(traced, async (q) => {
      await deferWrite(q, insertA('a1', counts));
      await deferWrite(q, insertB('b1'));
      await deferWrite(q, { sql: 'delete from dw_a where id = $1', params: ['none'], counted: (n) => counts.push(n) });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^with w0 as \(insert into dw_a/);
    expect(counts).toEqual([1, 0]);
    expect([await ids('dw_a'), await ids('dw_b')]).toEqual([['a1'], ['b1']]);
  });

  it('opens the transaction at the first read, which sees the writes queued before it', async () => {
    await reset();
    const seen = await deferredTransaction(traced, async (q) => {
      await deferWrite(q, insertA('a2'));
      const { rows } = await q.query<{ id: string }>('select id from dw_a');
      await deferWrite(q, insertB('b2'));
      await deferWrite(q, insertB('b3'));
      return rows.map((r) => r.id);
    });
    expect(seen).toEqual(['a2']);
    expect(sent[0]).toBe('BEGIN');
    expect(sent.slice(1, 3)).toEqual(['insert into dw_a (id, n) values ($1, $2)', 'select id from dw_a']);
    expect(sent).toHaveLength(4); // the two last writes as one statement, inside the transaction
    expect([await ids('dw_a'), await ids('dw_b')]).toEqual([['a2'], ['b2', 'b3']]);
  });

  it('stores nothing when the function throws, before or after the transaction opened', async () => {
    await reset();
    await expect(
      deferredTransaction(traced, async (q) => {
        await deferWrite(q, insertA('a3'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      deferredTransaction(traced, async (q) => {
        await q.query('insert into dw_b (id) values ($1)', ['b4']);
        await deferWrite(q, insertA('a4'));
        throw new Error('refused later');
      }),
    ).rejects.toThrow('refused later');
    expect([await ids('dw_a'), await ids('dw_b')]).toEqual([[], []]);
  });

  it('rolls back the whole transaction when a deferred write fails (all or nothing, as before)', async () => {
    await reset();
    await db.query(`insert into dw_b (id) values ('taken')`);
    await expect(
      deferredTransaction(traced, async (q) => {
        await q.query('insert into dw_a (id, n) values ($1, $2)', ['a5', 1]);
        await deferWrite(q, insertA('a6'));
        await deferWrite(q, insertB('taken'));
      }),
    ).rejects.toThrow(/duplicate key|unique/i);
    await expect(
      deferredTransaction(traced, async (q) => {
        await deferWrite(q, insertA('a7'));
        await deferWrite(q, insertB('taken'));
      }),
    ).rejects.toThrow(/duplicate key|unique/i);
    expect([await ids('dw_a'), await ids('dw_b')]).toEqual([[], ['taken']]);
  });

  it('runs a write at once outside a deferring handle, and refuses a CTE name two writes share', async () => {
    await reset();
    const counts: number[] = [];
    await deferWrite(traced, insertA('a8', counts));
    expect([sent, counts]).toEqual([['insert into dw_a (id, n) values ($1, $2)'], [1]]);
    const withCte = (id: string): DeferredWrite => ({
      ctes: { v: 'select $1::text as id' },
      sql: 'insert into dw_b (id) select id from v',
      params: [id],
    });
    expect(() => combinedWrites([withCte('x'), withCte('y')])).toThrow(/used twice/);
    const { sql, params } = combinedWrites([insertA('a9'), withCte('b9')]);
    expect(params).toEqual(['a9', 1, 'b9']);
    expect(sql).toContain('v as (select $3::text as id)');
  });
});
