import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../src/store/migrate.js';
import { migrations } from '../src/store/migrations/index.js';
import { openPglite, pgliteVersion, snapshotPglite } from '../src/store/pglite.js';
import type { Database } from '../src/store/types.js';

/**
 * Test servers start from a copy of one migrated embedded database instead of replaying every migration
 * (~100 servers a run). The copy is made once per machine for each set of migrations and PGlite version
 * (the file name carries both), kept in the temp folder, and read once per worker.
 */
let migrated: Promise<Blob> | undefined;

function migratedSnapshot(): Promise<Blob> {
  migrated ??= (async () => {
    const key = createHash('sha256')
      .update(pgliteVersion())
      .update(JSON.stringify(migrations))
      .digest('hex')
      .slice(0, 16);
    const file = join(tmpdir(), `vitrine-pglite-migrated-${key}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openPglite();
    await migrate(db);
    const snapshot = await snapshotPglite(db);
    await db.close();
    // Written beside and renamed, so parallel workers never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
    renameSync(partial, file);
    return snapshot;
  })();
  return migrated;
}

/** A fresh in-memory database with every migration applied, as `createApp` would leave it. */
export async function openMigratedPglite(): Promise<Database> {
  return openPglite(undefined, { snapshot: await migratedSnapshot() });
}
