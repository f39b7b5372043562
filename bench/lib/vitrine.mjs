// What the Vitrine cases share: a fresh build of packages/server/dist, the bench config file, the
// databases to run on (PGlite always; PostgreSQL when DATABASE_URL is set) and a one-call case.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, ROOT, serverCase } from './harness.mjs';
import { startPgBouncer } from './pgbouncer.mjs';

export const BENCH_SITE = 'bench';
export const BENCH_CLIENT = 'bench-client';
const SERVER = join(ROOT, 'packages', 'server');

/** Rebuilds packages/server/dist when it is missing or older than a source file (what `vitrine` does). */
export async function ensureServerBuilt() {
  const { newestSource } = await import(join(SERVER, 'scripts', 'build.mjs'));
  let built = 0;
  try {
    built = statSync(join(SERVER, 'dist', 'app.js')).mtimeMs;
  } catch {
    /* not built */
  }
  if (built >= newestSource()) return;
  log('building packages/server/dist (sources are newer)…');
  const result = spawnSync(process.execPath, [join(SERVER, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('server build failed');
}

const tempDirs = [];
process.on('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/**
 * The config every Vitrine case uses: site `bench` with one client whose refresh tokens do not
 * rotate (a rotating token cannot be replayed by a load generator), and the `Items` collection.
 */
export function writeBenchConfig() {
  const file = join(tempDir('vitrine-bench-config-'), 'vitrine.json');
  const config = {
    publicUrl: 'http://127.0.0.1:8080',
    adminKey: 'bench-admin-key-0123456789abcdef',
    devMailbox: false,
    sites: [
      {
        id: BENCH_SITE,
        name: 'Bench',
        clients: [
          {
            clientId: BENCH_CLIENT,
            redirectUris: ['http://127.0.0.1:1/cb'],
            allowedOrigins: ['http://127.0.0.1:1'],
            refreshTokenRotation: false,
          },
        ],
        // The data-items case (servers/vitrine.mjs --items N): anyone reads, only an admin writes.
        collections: [
          { id: 'Items', permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } },
          // The commerce catalog case (servers/vitrine.mjs --catalog): the demo shop's 12 products as data items.
          { id: 'Products', permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } },
        ],
      },
    ],
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * The databases to run the Vitrine cases on. PostgreSQL only when DATABASE_URL is set: the bench
 * then uses its own database `vitrine_bench` on that server, dropped and re-created for a clean schema
 * (`BENCH_PG_DATABASE` names another, so two runs on one shared server do not drop each other's).
 */
export async function benchDatabases() {
  const list = [
    {
      name: 'pglite',
      env: { DATABASE_URL: '' },
      fresh: () => ({ args: ['--data-dir', tempDir('vitrine-bench-pglite-')] }),
    },
  ];
  const url = process.env.DATABASE_URL;
  if (!url) {
    log('DATABASE_URL is not set: PostgreSQL cases are skipped (PGlite only)');
    return list;
  }
  const dbName = process.env.BENCH_PG_DATABASE || 'vitrine_bench';
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(dbName)) throw new Error('BENCH_PG_DATABASE: lower-case letters, digits, _');
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${dbName}`;
  const pg = createRequire(join(SERVER, 'package.json'))('pg');
  const modes = (process.env.BENCH_DB_MODES ?? 'postgres').split(',').map((m) => m.trim());
  const unknown = modes.filter((m) => !DB_MODES.includes(m));
  if (unknown.length) throw new Error(`BENCH_DB_MODES: unknown ${unknown.join(', ')} (known: ${DB_MODES.join(', ')})`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    if (modes.includes('pgbouncer-db-timeout')) {
      // The operator's way to spare the per-statement transaction: the database's own statement_timeout.
      await admin.query(`drop database if exists ${dbName}_dbt`);
      await admin.query(`create database ${dbName}_dbt`);
      await admin.query(`alter database ${dbName}_dbt set statement_timeout = 10000`);
    }
  } finally {
    await admin.end();
  }
  const shown = `${benchUrl.protocol}//${benchUrl.host}${benchUrl.pathname}`;
  log(`PostgreSQL: using database ${dbName} (${shown}), re-created empty; DATABASE_URL's own database is not touched`);
  const bouncer = modes.some((m) => m.startsWith('pgbouncer')) ? await startPgBouncer(url) : undefined;
  const fresh = () => ({ args: ['--data-dir', tempDir('vitrine-bench-unused-')] });
  // Each mode is the same PostgreSQL reached another way (docs/many-instances.md); `kind` lets a case
  // limited to PostgreSQL run on every one of them.
  const entries = {
    postgres: { DATABASE_URL: benchUrl.href },
    'postgres-unnamed': { DATABASE_URL: benchUrl.href, VITRINE_DB_PREPARED_STATEMENTS: 'unnamed' },
    pgbouncer: { DATABASE_URL: bouncer?.url(dbName) },
    'pgbouncer-db-timeout': { DATABASE_URL: bouncer?.url(`${dbName}_dbt`) },
  };
  for (const mode of modes) list.push({ name: mode, kind: 'postgres', env: entries[mode], fresh, shown });
  return list;
}

/**
 * BENCH_DB_MODES (with DATABASE_URL): how the PostgreSQL runs reach the server, comma-separated.
 * `postgres`: direct, named prepared statements (the default). `postgres-unnamed`: direct, unnamed.
 * `pgbouncer`: through PgBouncer in transaction mode with default settings (unnamed, SET LOCAL timeout in
 * a transaction around each statement). `pgbouncer-db-timeout`: the same with the database's own
 * statement_timeout, so statements outside transactions run alone.
 */
export const DB_MODES = ['postgres', 'postgres-unnamed', 'pgbouncer', 'pgbouncer-db-timeout'];

export const tokenRequest = (body) => ({
  path: '/oauth2/token',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  bodies: Array.isArray(body) ? body.map((b) => JSON.stringify(b)) : [JSON.stringify(body)],
});

/** Extra node flags for the server, e.g. BENCH_CPU_PROF=DIR writes a V8 CPU profile per Vitrine case. */
export function profileArgs() {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/** Member sessions every shared Vitrine server creates before listening (the member-refresh case replays them). */
export const MEMBER_SESSIONS = 1000;

/**
 * A Vitrine token-endpoint case. By default on `db`'s shared server (one per database, started on
 * first use with MEMBER_SESSIONS member sessions, and the per-IP token rate limiter ON as in production,
 * at a limit the load never reaches: all the load comes from 127.0.0.1, yet the limiter's cost counts).
 * `env` gives the case its own server with extra environment instead.
 * `body(info)` → the JSON body, or a list of bodies sent round-robin.
 */
export function vitrineCase({ label, db, config, body, env, request, check }) {
  return serverCase({
    label,
    sharedKey: env ? undefined : `vitrine@${db.name}`,
    server: {
      script: 'servers/vitrine.mjs',
      args: ['--config', config, ...db.fresh().args, '--member-sessions', String(env ? 0 : MEMBER_SESSIONS)],
      env: { ...db.env, VITRINE_TOKEN_RATE_LIMIT: '1000000000', ...env },
      nodeArgs: profileArgs(),
    },
    // `request(info)` / `check(json)` replace the token request (e.g. a data read with a member's access token).
    request: request ?? ((info) => tokenRequest(body(info))),
    check: check ?? ((json) => typeof json?.access_token === 'string' && typeof json?.refresh_token === 'string'),
  });
}

/** Items in the data-items cases' `Items` collection (servers/vitrine.mjs --items): env `ITEMS`, default 100,000. */
export const ITEMS = Math.min(Number(process.env.ITEMS) || 100_000, 1_000_000);

/**
 * The data-items query bodies, sent round-robin: filter on a category (one of 20) and a price floor,
 * sort by price ascending, 50 items. Each matches 3500–4750 of the 100 000 items.
 */
export const itemsQueryBodies = () =>
  ['c7', 'c3', 'c12', 'c18'].flatMap((category) =>
    [100, 250].map((min) =>
      JSON.stringify({
        dataCollectionId: 'Items',
        query: {
          filter: { category, price: { $gte: min } },
          sort: [{ fieldName: 'price', order: 'ASC' }],
          paging: { limit: 50 },
        },
      }),
    ),
  );

/** Both data-items cases check 50 items, in price order, of the asked category, at or above the floor. */
export function checkItemsAnswer(json) {
  const items = json?.dataItems;
  if (!Array.isArray(items) || items.length !== 50) return false;
  const prices = items.map((i) => i.data?.price);
  return (
    items.every((i) => i.data?.category === 'c7' && i.data.price >= 100) &&
    prices.every((p, k) => k === 0 || prices[k - 1] <= p)
  );
}

/** The data-items cases' low-concurrency run (their p50 target): 1 connection, 5 s. */
export const ITEMS_LATENCY_RUN = { connections: 1, duration: 5 };
