import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from './pglite-prepared.js';
import { startPglite } from './pglite.js';

/** The prepared path must answer exactly what PGlite.query answers: rows, types, counts and errors. */
describe('PGlite prepared statements', () => {
  let pg: PGlite;
  let prepared: ReturnType<typeof preparedStatements>;
  const once = <T>(sql: string, params: unknown[]) => pg._runExclusiveQuery(() => prepared.run<T>(sql, params));
  /**
   * Through the prepared path: a text is prepared from its second run (the first answers undefined,
   * the caller then uses PGlite.query), so only statements that may run twice go through here.
   */
  const run = async <T>(sql: string, params: unknown[] = []) => {
    if ((await once<T>(sql, params).catch(() => undefined)) !== undefined)
      throw new Error('first run should not be prepared');
    return once<T>(sql, params);
  };

  beforeAll(async () => {
    // Opened as the app opens one (its parsers, from the empty-cluster snapshot rather than an initdb).
    pg = await startPglite();
    prepared = preparedStatements(pg);
    await pg.exec(
      `create table t (id text primary key, n int8, at timestamptz, b bytea, j jsonb, flag boolean, note text)`,
    );
  });
  afterAll(() => pg.close());

  it('reads the same rows and types as PGlite.query, nulls included', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await pg.query('insert into t (id, n, at, b, j, flag, note) values ($1, $2, $3, $4, $5, $6, $7)', [
      'a',
      42,
      at,
      Buffer.from([0, 255, 7]),
      JSON.stringify({ x: [1, 'é'] }),
      true,
      null,
    ]);
    // Both runs of an upsert take the prepared path's serializers (bytea, timestamptz, jsonb) on the second.
    await run('update t set b = $2, at = $3, j = $4 where id = $1', [
      'a',
      Buffer.from([0, 255, 7]),
      at,
      JSON.stringify({ x: [1, 'é'] }),
    ]);
    const sql = 'select id, n, at, b, j, flag, note from t where id = $1';
    const mine = await run(sql, ['a']);
    const theirs = await pg.query(sql, ['a']);
    expect(mine!.rows).toEqual(theirs.rows);
    expect(mine!.rows[0]).toMatchObject({ id: 'a', at, j: { x: [1, 'é'] }, flag: true, note: null });
    expect(Array.from((mine!.rows[0] as { b: Uint8Array }).b)).toEqual([0, 255, 7]);
    // Run again: the second run binds the cached statement.
    expect((await once(sql, ['a']))!.rows).toEqual(theirs.rows);
  });

  it('leaves a text run once to PGlite.query', async () => {
    expect(await once('select 1 + $1::int as once_only', [1])).toBeUndefined();
  });

  it('counts affected rows like PGlite (a SELECT counts 0)', async () => {
    await pg.query('insert into t (id) values ($1), ($2)', ['b', 'c']);
    expect((await run('update t set note = $1 where id <> $2', ['x', 'zzz']))!.rowCount).toBe(3);
    expect((await run('select id from t where note = $1', ['x']))!.rowCount).toBe(0);
    expect((await run('delete from t where id = $1', ['nope']))!.rowCount).toBe(0);
  });

  it('throws PGlite’s DatabaseError with the SQLSTATE and constraint, and keeps working afterwards', async () => {
    const sql = 'insert into t (id) values ($1)';
    // The first run (PGlite.query's path) fails too; the second is the prepared one.
    await expect(pg.query(sql, ['a'])).rejects.toMatchObject({ code: '23505' });
    const error = await (async () => {
      await once(sql, ['a']).catch(() => undefined);
      return once(sql, ['a']).catch((e: unknown) => e);
    })();
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', severity: 'ERROR' });
    expect((error as Error).message).toMatch(/duplicate key/);
    expect((await run('select count(*)::int as n from t where id = $1', ['a']))!.rows).toEqual([{ n: 1 }]);
  });
});
