// `vitrine move` at scale (issue #33): an embedded database with MEMBERS members and ITEMS data items is
// copied into an empty PostgreSQL database by `vitrine move`'s own code (moveCommand: one snapshot of the
// PGlite database streamed into PostgreSQL in batches, then per-table counts and checksums on the target).
//
//   ITEMS=1000000 MEMBERS=100000 ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres nice -n 19 node bench/move.mjs
//
// Runs the built server (packages/server/dist; `npm run build -w packages/server`). The rows are made with
// SQL inside PGlite (generate_series, in chunks) — the fill is reported but is not what is measured. The
// target database `vitrine_move_bench` is dropped and created again on ADMIN_URL's server. Peak RSS is
// sampled every 100 ms during the move only (the PGlite WASM heap is part of this process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const ITEMS = Number(process.env.ITEMS ?? 1_000_000);
const MEMBERS = Number(process.env.MEMBERS ?? 100_000);
const ADMIN_URL = process.env.ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CHUNK = 50_000;

const dist = new URL('../packages/server/dist/', import.meta.url);
const { moveCommand } = await import(new URL('backup/commands.js', dist).href);
const { loadConfig } = await import(new URL('config-files/load.js', dist).href);
const { openDatabase } = await import(new URL('store/open.js', dist).href);
const { migrate } = await import(new URL('store/migrate.js', dist).href);

const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-move-bench-'));
const targetName = 'vitrine_move_bench';
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${targetName} with (force)`);
await admin.query(`create database ${targetName}`);
const target = new URL(ADMIN_URL);
target.pathname = `/${targetName}`;

const fillStarted = performance.now();
const db = await openDatabase({ dataDir });
await migrate(db);
// The fill is faster with the secondary indexes built once at the end than kept up row by row; they are all
// back before the move starts.
const secondary = (
  await db.query(
    `select indexname, indexdef from pg_indexes where tablename in ('members', 'data_items')
     and indexname not in (select conname from pg_constraint)`,
  )
).rows;
for (const { indexname } of secondary) await db.exec(`drop index ${indexname}`);
for (let from = 1; from <= MEMBERS; from += CHUNK) {
  const to = Math.min(MEMBERS, from + CHUNK - 1);
  await db.query(
    `insert into members (site_id, id, email, email_key, email_verified, password_hash, status, profile)
     select 'demo', gen_random_uuid(), 'm' || g || '@bench.example', 'm' || g || '@bench.example', true,
            '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0$' || md5(g::text), 'ACTIVE',
            jsonb_build_object('firstName', 'First' || g, 'lastName', 'Last' || (g % 977))
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );
}
for (let from = 1; from <= ITEMS; from += CHUNK) {
  const to = Math.min(ITEMS, from + CHUNK - 1);
  await db.query(
    `insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
     select 'demo', 'Products', 'item-' || g,
            jsonb_build_object('_id', 'item-' || g, 'title', 'Product ' || g, 'slug', 'product-' || g,
                               'price', (g % 10000) / 100.0, 'category', 'Category ' || (g % 50),
                               '_createdDate', jsonb_build_object('$date', to_char(now(), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
            now(), now()
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );
  if (to % 200_000 === 0) console.error(`  filled ${to} items`);
}
for (const { indexdef } of secondary) await db.exec(indexdef);
await db.close();
console.error(`fill: ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`);

const config = loadConfig({ env: { VITRINE_ADMIN_KEY: 'bench-admin-key-0123456789abcdef' }, dataDir, port: 0 });
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
const started = performance.now();
const result = await moveCommand(config, target.toString(), (line) => console.error(line));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
const load = (await import('node:os')).loadavg()[0].toFixed(1);
console.log(
  JSON.stringify(
    {
      members: result.manifest.tables.members,
      items: result.manifest.tables.data_items,
      rows,
      seconds: Number(seconds.toFixed(1)),
      rowsPerSecond: Math.round(rows / seconds),
      peakRssMb: Math.round(peak / 1024 / 1024),
      load1AtEnd: Number(load),
    },
    null,
    2,
  ),
);
await admin.query(`drop database if exists ${targetName} with (force)`);
await admin.end();
rmSync(dataDir, { recursive: true, force: true });
