/**
 * The tests' pool of emptied PGlite databases (test-support/pglite-pool.ts): a database a test closed comes back
 * to the next as fresh as one opened from the migrated snapshot, or does not come back at all.
 */
import { describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test-support/database.js';
import { idlePgliteCount } from '../../test-support/pglite-pool.js';
import type { Database } from './types.js';

async function insertItem(db: Database, id: string) {
  const { rows } = await db.query<{ seq: number }>(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     values ('pool', 'things', $1, '{}', now(), now()) returning seq`,
    [id],
  );
  return rows[0]!.seq;
}

/** The next database the pool hands out, after `db` was closed: the same cluster when the pool kept it. */
async function next(db: Database): Promise<{ db: Database; reused: boolean }> {
  const before = idlePgliteCount();
  await db.close();
  const kept = idlePgliteCount() === before + 1;
  return { db: await openMigratedPglite(), reused: kept };
}

describe('the test database pool', () => {
  it('empties a closed database: no rows, sequences from the start', async () => {
    const first = await openMigratedPglite();
    const firstSeq = await insertItem(first, 'a');
    await insertItem(first, 'b');
    const { db, reused } = await next(first);
    expect(reused).toBe(true);
    expect((await db.query('select * from data_items')).rows).toEqual([]);
    expect(await insertItem(db, 'c')).toBe(firstSeq);
    await db.close();
  });

  it('refuses calls after close, as a closed PGlite does', async () => {
    const db = await openMigratedPglite();
    await db.close();
    await expect(db.query('select 1')).rejects.toThrow('PGlite is closed');
    await expect(db.transaction(async () => 1)).rejects.toThrow('PGlite is closed');
  });

  it('lets a call made before close finish, then empties the database', async () => {
    const db = await openMigratedPglite();
    const late = db.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query(
        `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
         values ('pool', 'things', 'late', '{}', now(), now())`,
      );
      return 'committed';
    });
    const { db: after } = await next(db);
    expect(await late).toBe('committed');
    expect((await after.query('select id from data_items')).rows).toEqual([]);
    await after.close();
  });

  it('does not keep a database whose catalogue a test changed', async () => {
    const db = await openMigratedPglite();
    await db.exec('create table left_behind (id int)');
    await db.exec('create index data_items_extra on data_items (owner_id)');
    const { db: after, reused } = await next(db);
    expect(reused).toBe(false);
    const found = await after.query(
      "select relname from pg_class where relname in ('left_behind', 'data_items_extra')",
    );
    expect(found.rows).toEqual([]);
    await after.close();
  });

  it('does not keep planner statistics a test gathered', async () => {
    const db = await openMigratedPglite();
    await insertItem(db, 'x');
    await db.exec('analyze data_items');
    const { db: after, reused } = await next(db);
    expect(reused).toBe(false);
    await after.close();
  });

  it('does not pass on a session’s settings, role or advisory locks', async () => {
    const db = await openMigratedPglite();
    await db.exec("set statement_timeout = '1234ms'");
    const pruner = (await db.query<{ name: string }>('select vitrine_audit_pruner() as name')).rows[0]!.name;
    await db.exec(`set role ${pruner}`);
    await db.query('select pg_advisory_lock(42)');
    const { db: after, reused } = await next(db);
    expect(reused).toBe(true);
    const session = await after.query<{ timeout: string; role: string; locks: number }>(
      `select current_setting('statement_timeout') as timeout, current_user as role,
              (select count(*) from pg_locks where locktype = 'advisory') as locks`,
    );
    expect(session.rows[0]).toEqual({ timeout: '0', role: 'postgres', locks: 0 });
    await after.close();
  });
});
