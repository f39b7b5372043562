import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

/**
 * The embedded database's own transaction (store/pglite.ts): BEGIN/COMMIT as raw calls, every statement
 * inside through the prepared path or the unnamed statement. Same outcomes as PGlite.transaction.
 */
describe('PGlite transactions', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await db.exec(
      `create table t (id text primary key, n int8, at timestamptz, b bytea, j jsonb, flag boolean, note text)`,
    );
  });
  afterAll(() => db.close());

  it('answers statements seen for the first time inside a transaction as the root does, every type and null', async () => {
    const at = new Date('2026-11-24T04:00:00.123Z');
    const params = ['cold-1', 42, at, new Uint8Array([0, 1, 255]), JSON.stringify({ a: [1, 'x'] }), true, null];
    const inside = await db.transaction(async (tx) => {
      // A text run once: not prepared, so the unnamed statement carries it.
      await tx.query('insert into t (id, n, at, b, j, flag, note) values ($1, $2, $3, $4, $5, $6, $7)', params);
      return tx.query(`select id, n, at, b, j, flag, note, n * 2 as twice /* inside */ from t where id = $1`, [
        'cold-1',
      ]);
    });
    const outside = await db.query(
      `select id, n, at, b, j, flag, note, n * 2 as twice /* outside */ from t where id = $1`,
      ['cold-1'],
    );
    expect(inside.rows).toEqual(outside.rows);
    expect(inside.rows[0]).toMatchObject({
      id: 'cold-1',
      n: 42,
      at,
      j: { a: [1, 'x'] },
      flag: true,
      note: null,
      twice: 84,
    });
    expect([...(inside.rows[0]!.b as Uint8Array)]).toEqual([0, 1, 255]);
  });

  it('counts affected rows inside a transaction, hot and cold, and runs scripts with exec', async () => {
    const counts = await db.transaction(async (tx) => {
      await tx.exec(`insert into t (id, n) values ('s-1', 1); insert into t (id, n) values ('s-2', 2); select 1;`);
      const cold = await tx.query(`update t set n = n + 10 where id like 's-%'`);
      const hot: number[] = [];
      for (let i = 0; i < 3; i++) hot.push((await tx.query('update t set n = n + 1 where id = $1', ['s-1'])).rowCount);
      return { cold: cold.rowCount, hot };
    });
    expect(counts).toEqual({ cold: 2, hot: [1, 1, 1] });
    expect((await db.query<{ n: number }>(`select n from t where id = 's-1'`)).rows[0]!.n).toBe(14);
  });

  it('rolls back when the function throws, and commits nothing of a transaction whose statement failed', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (id) values ($1)`, ['rolled-back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // The failing statement is caught by the caller, who then returns normally: COMMIT cannot commit.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (id) values ($1)`, ['after-failure']);
        const error = await tx.query(`insert into t (id) values ($1)`, ['after-failure']).catch((e: unknown) => e);
        expect(error).toMatchObject({ code: '23505' });
      }),
    ).rejects.toThrow(/rolled back/);
    const { rows } = await db.query(`select id from t where id in ('rolled-back', 'after-failure')`);
    expect(rows).toEqual([]);
    // The database goes on working afterwards, inside a transaction and outside.
    await db.transaction((tx) => tx.query(`insert into t (id) values ($1)`, ['next']));
    expect((await db.query(`select id from t where id = 'next'`)).rows).toHaveLength(1);
  });

  it('throws a syntax error of a cold statement as a DatabaseError with its SQLSTATE', async () => {
    const error = await db.transaction((tx) => tx.query('selec nothing from t')).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '42601' });
  });

  it('keeps other statements out while a transaction is open, and refuses a transaction used after it ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let kept: Parameters<Parameters<Database['transaction']>[0]>[0] | undefined;
    const open = db.transaction(async (tx) => {
      kept = tx;
      await tx.query(`insert into t (id) values ($1)`, ['isolated']);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let seen: number | undefined;
    const outside = db
      .query(`select count(*) as n from t where id = 'isolated'`)
      .then((r) => (seen = Number(r.rows[0]!.n)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined();
    release();
    await open;
    await outside;
    expect(seen).toBe(1);
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});
