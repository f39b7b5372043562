import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.js';
import { openPglite } from './pglite.js';
import { migrateAndReopen, reopenFromEnv } from './pglite-reopen.js';
import type { Database } from './types.js';

/** A start that migrated the embedded database opens it again (store/pglite-reopen.ts, docs/operating.md). */
describe('the embedded database opened again after migrating', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'vitrine-pglite-reopen-'));
  const opened: Database[] = [];
  const open = async (dir: string) => {
    const db = await openPglite(dir);
    opened.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  });
  const migrationsIn = async (db: Database) =>
    Number((await db.query<{ n: number }>('select count(*) as n from schema_migrations')).rows[0]!.n);

  it('reads VITRINE_PGLITE_REOPEN: on unless off, a sentence for anything else', () => {
    expect(reopenFromEnv({})).toBe(true);
    expect(reopenFromEnv({ VITRINE_PGLITE_REOPEN: 'on' })).toBe(true);
    expect(reopenFromEnv({ VITRINE_PGLITE_REOPEN: 'off' })).toBe(false);
    expect(() => reopenFromEnv({ VITRINE_PGLITE_REOPEN: 'yes' })).toThrow(
      'VITRINE_PGLITE_REOPEN must be "on" or "off", not "yes"',
    );
  });

  it('migrates a new folder, closes that cluster and serves from the folder opened again; a later start keeps its cluster', async () => {
    const dir = join(scratch, 'first');
    const first = await open(dir);
    const started = await migrateAndReopen(first, dir, { reopen: true, open });
    expect(started.reopened).toBe(true);
    expect(started.db).not.toBe(first);
    // The migrations were committed to the folder and the new cluster reads and writes it.
    expect(await migrationsIn(started.db)).toBe(migrations.length);
    await started.db.query(`create table reopened_probe (n int)`);
    await started.db.query(`insert into reopened_probe values (1)`);
    expect((await started.db.query('select n from reopened_probe')).rows).toEqual([{ n: 1 }]);
    // The migrations' cluster is closed.
    await expect(first.query('select 1')).rejects.toThrow();
    await started.db.close();

    const again = await open(dir);
    const restarted = await migrateAndReopen(again, dir, { reopen: true, open });
    expect(restarted).toEqual({ db: again, reopened: false });
    expect((await again.query('select n from reopened_probe')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps the cluster when told (VITRINE_PGLITE_REOPEN=off), and leaves a database in memory as it is', async () => {
    const dir = join(scratch, 'off');
    const db = await open(dir);
    const kept = await migrateAndReopen(db, dir, { reopen: false, open });
    expect(kept).toEqual({ db, reopened: false });
    // Not migrated here: the app does it (createApp), on the cluster it was given.
    await expect(db.query('select 1 from schema_migrations')).rejects.toThrow(/schema_migrations/);

    const memory = await openPglite();
    opened.push(memory);
    expect(await migrateAndReopen(memory, undefined, { reopen: true, open })).toEqual({ db: memory, reopened: false });
  });
});
