import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { openDatabase } from './open.js';
import type { Database, Migration } from './types.js';

// The same suite runs on embedded PGlite always and on a real PostgreSQL server when CI provides one.
const targets: { name: string; url?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL) targets.push({ name: 'postgres', url: process.env.TEST_DATABASE_URL });

const unique = () => `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

describe.each(targets)('store on $name', ({ url }) => {
  const opened: Database[] = [];
  const open = async () => {
    const db = await openDatabase({ databaseUrl: url });
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => {});
  });

  it('runs parameterised queries and returns numbers for bigint counts', async () => {
    const db = await open();
    const { rows } = await db.query<{ n: number; s: string }>(
      'select count(*) as n, $1::text as s from generate_series(1, 3)',
      ['x'],
    );
    expect(rows).toEqual([{ n: 3, s: 'x' }]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await open();
    const table = unique();
    await db.exec(`create table ${table} (site_id text not null, v int)`);
    await db.transaction(async (tx) => {
      await tx.query(`insert into ${table} values ('s', 1)`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into ${table} values ('s', 2)`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ v: number }>(`select v from ${table} order by v`);
    expect(rows.map((r) => r.v)).toEqual([1]);
    await db.exec(`drop table ${table}`);
  });

  it('applies migrations once, in order, even when asked twice at the same time', async () => {
    const table = unique();
    const list: Migration[] = [
      { version: 900_001, name: 'a', sql: `create table ${table} (site_id text not null, n int)` },
      {
        version: 900_002,
        name: 'b',
        sql: `insert into ${table} values ('s', 1); insert into ${table} values ('s', 2);`,
      },
    ];
    const a = await open();
    // Two "instances": on PostgreSQL two pools; PGlite is one process, so the same handle twice.
    const b = url ? await open() : a;
    const [ra, rb] = await Promise.all([migrate(a, list), migrate(b, list)]);
    expect([...ra.applied, ...rb.applied].sort()).toEqual(['900001_a', '900002_b']);
    expect((await migrate(a, list)).applied).toEqual([]);
    const { rows } = await a.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    expect(rows[0]!.n).toBe(2);
    await a.exec(`drop table ${table}; delete from schema_migrations where version >= 900001`);
  });

  it('refuses a migration list that is out of order', async () => {
    const db = await open();
    await expect(
      migrate(db, [
        { version: 2, name: 'x', sql: '' },
        { version: 1, name: 'y', sql: '' },
      ]),
    ).rejects.toThrow(/out of order/);
  });

  it('creates the built-in schema with site_id on every table', async () => {
    const db = await open();
    await migrate(db);
    const { rows } = await db.query<{ table_name: string }>(
      `select t.table_name from information_schema.tables t
        where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
          and not exists (select 1 from information_schema.columns c
                           where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'site_id')`,
    );
    expect(rows.map((r) => r.table_name)).toEqual([]);
  });
});

describe('embedded database on disk', () => {
  it('keeps data across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.exec(`create table kept (site_id text, v text); insert into kept values ('s', 'still here')`);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const { rows } = await second.query<{ v: string }>('select v from kept');
      await second.close();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // initdb makes a new system identifier each time; a cluster loaded from the empty-cluster snapshot keeps the
  // snapshot's, as every in-memory database does: the same identifier means no initdb ran for the directory.
  it('starts a new directory from the empty-cluster snapshot, not its own initdb', async () => {
    const dirs = [mkdtempSync(join(tmpdir(), 'vitrine-pglite-')), mkdtempSync(join(tmpdir(), 'vitrine-pglite-'))];
    const systemId = async (db: Database) =>
      (await db.query<{ id: string }>('select system_identifier::text as id from pg_control_system()')).rows[0]!.id;
    try {
      const ids: string[] = [];
      for (const options of [{}, { dataDir: dirs[0] }, { dataDir: dirs[1] }]) {
        const db = await openDatabase(options);
        ids.push(await systemId(db));
        await db.close();
      }
      expect(ids[1]).toBe(ids[0]);
      expect(ids[2]).toBe(ids[0]);
      expect(existsSync(join(dirs[0]!, 'PG_VERSION'))).toBe(true);
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
