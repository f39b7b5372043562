import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../src/store/migrate.js';
import { migrations } from '../src/store/migrations/index.js';
import { openPglite, pgliteVersion, snapshotPglite, startPglite, Tarball } from '../src/store/pglite.js';
import { openPostgres } from '../src/store/postgres.js';
import type { Database } from '../src/store/types.js';
import { pooledPglite } from './pglite-pool.js';

/**
 * Test servers start from a copy of one migrated database instead of replaying every migration (~120
 * servers a run). Embedded: a snapshot made once per machine for each set of migrations and PGlite version
 * (the file name carries both), kept in the temp folder and read once per worker. PostgreSQL: a template
 * database per set of migrations, which each test server's database is created from.
 */
let migrated: Promise<Blob> | undefined;

const migrationsKey = () => createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 12);

function migratedSnapshot(): Promise<Blob> {
  migrated ??= (async () => {
    const key = `${pgliteVersion()}-${migrationsKey()}`;
    const file = join(tmpdir(), `vitrine-pglite-migrated-${key}-small.tar`);
    if (existsSync(file)) return new Tarball(readFileSync(file));
    const db = await openPglite();
    await migrate(db);
    // The app runs in the `postgres` database and never creates one: without the two template databases
    // the snapshot is 27 MB instead of 42, and each server opens ~100 ms sooner (~125 servers a run).
    await db.exec("update pg_database set datistemplate = false, datallowconn = true where datname like 'template_'");
    await db.exec('drop database template0');
    await db.exec('drop database template1');
    // PostgreSQL's default 128 MB of shared buffers are set up (zeroed, in WASM) at every start: with 16 MB
    // a test database opens in ~0.5 s instead of ~1.2 s, and none holds more than a few MB.
    await db.exec("alter system set shared_buffers = '16MB'");
    await db.exec('checkpoint');
    const bytes = new Uint8Array(await (await snapshotPglite(db)).arrayBuffer());
    await db.close();
    // Written beside and renamed, so parallel workers never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Tarball(bytes);
  })();
  return migrated;
}

/**
 * A fresh in-memory database with every migration applied, as `createApp` would leave it: opened from the
 * snapshot, or one an earlier test closed, emptied (test-support/pglite-pool.ts).
 */
export async function openMigratedPglite(): Promise<Database> {
  return pooledPglite(async () => startPglite(undefined, { snapshot: await migratedSnapshot() }));
}

const TEMPLATE_LOCK = 7_324_512;

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The migrated template on this PostgreSQL server, made by the first worker that needs it. */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `vitrine_template_${migrationsKey()}`;
  await withAdmin(adminUrl, async (client) => {
    // One worker builds it; the others wait on the lock and then find it.
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const stale = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like 'vitrine\\_template\\_%'",
      );
      for (const { datname } of stale.rows) await client.query(`drop database if exists ${datname} with (force)`);
      const building = `${name}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const db = await openPostgres(databaseUrl(adminUrl, building), { statementTimeoutMs: 0 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      // Renamed only once complete, so a run stopped half-way leaves no half-migrated template.
      await client.query(`alter database ${building} rename to ${name}`);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<string> | undefined;

/**
 * A fresh, migrated PostgreSQL database of its own for one test server (dropped by `drop`), so rows and
 * rate-limit counters of suites running in parallel never meet. `adminUrl` may create databases.
 */
export async function createPostgresTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  template ??= postgresTemplate(adminUrl);
  const from = await template;
  const name = `vitrine_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template ${from}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** An empty PostgreSQL database (no migrations), for tests that migrate step by step; dropped by `drop`. */
export async function createEmptyPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vitrine_e_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
