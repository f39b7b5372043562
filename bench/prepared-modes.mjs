// `DATABASE_URL=postgres://… node bench/prepared-modes.mjs`: what each way of reaching PostgreSQL costs per
// statement (docs/many-instances.md), in one process, alternating blocks (fair on a busy machine): direct
// with named prepared statements, direct unnamed, through PgBouncer in transaction mode (unnamed, the
// statement timeout by SET LOCAL in a transaction around a lone statement), and through PgBouncer with the
// database's own statement_timeout (unnamed, lone statements alone). Three operations: the member refresh
// lookup (one lone statement), a sign-in-like transaction (two writes), a data query (filter + sort + 50).
// Uses the built server (packages/server/dist; `npm run build -w @vitrine/server`).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { openDatabase } from '../packages/server/dist/store/open.js';
import { migrate } from '../packages/server/dist/store/migrate.js';
import { findRefreshToken, insertSession } from '../packages/server/dist/sessions/member-sessions.js';
import { startPgBouncer } from './lib/pgbouncer.mjs';

const BLOCK = Number(process.env.MODES_BLOCK ?? 300);
const ROUNDS = Number(process.env.MODES_ROUNDS ?? 5);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL (a PostgreSQL server allowed to create databases)');

const pg = createRequire(new URL('../packages/server/package.json', import.meta.url))('pg');
const admin = new pg.Client({ connectionString: url });
await admin.connect();
for (const name of ['vitrine_bench_modes', 'vitrine_bench_modes_dbt']) {
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
}
await admin.query('alter database vitrine_bench_modes_dbt set statement_timeout = 10000');
await admin.end();
const direct = (name) => Object.assign(new URL(url), { pathname: `/${name}` }).href;
const bouncer = await startPgBouncer(url);

const open = (databaseUrl, preparedStatements) =>
  openDatabase({ databaseUrl, statementTimeoutMs: 10_000, pool: { poolSize: 4, preparedStatements } });
const modes = {
  'direct, named': await open(direct('vitrine_bench_modes'), 'auto'),
  'direct, unnamed': await open(direct('vitrine_bench_modes'), 'unnamed'),
  'pgbouncer (SET LOCAL)': await open(bouncer.url('vitrine_bench_modes'), 'auto'),
  'pgbouncer, db timeout': await open(bouncer.url('vitrine_bench_modes_dbt'), 'auto'),
};
const seeded = {};
for (const name of ['vitrine_bench_modes', 'vitrine_bench_modes_dbt']) {
  const db = await open(direct(name), 'auto');
  await migrate(db);
  const tokens = [];
  for (let i = 0; i < 200; i++)
    tokens.push(
      (
        await insertSession(db, {
          siteId: 'b',
          clientId: 'c',
          memberId: randomUUID(),
          ttlSeconds: 86_400,
          now: Date.now(),
        })
      ).refreshToken,
    );
  await db.exec(`insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
    select 'b', 'Items', 'i' || g, jsonb_build_object('_id', 'i' || g, 'category', 'c' || (g % 20), 'price', g % 500), now(), now()
    from generate_series(1, 5000) g`);
  seeded[name] = tokens;
  await db.close();
}
for (const [name, db] of Object.entries(modes)) console.log(`${name.padEnd(24)} ${JSON.stringify(db.connection)}`);

const QUERY = `select data from data_items where site_id = $1 and collection_id = $2 and data->>'category' = $3
  and (data->>'price')::numeric >= $4 order by (data->>'price')::numeric, id limit 50`;
const ops = {
  'refresh lookup': (db, tokens, i) => findRefreshToken(db, tokens[i % tokens.length]),
  'sign-in-like transaction': (db, _tokens, i) =>
    db.transaction(async (tx) => {
      await tx.query('select id from sessions where site_id = $1 limit 1', ['b']);
      await tx.query('update sessions set last_used_at = $2 where site_id = $1 and id is null', ['b', new Date(i)]);
    }),
  'data query': (db, _tokens, i) => db.query(QUERY, ['b', 'Items', `c${i % 20}`, 100]),
};
const times = {};
for (let round = 0; round < ROUNDS; round++)
  for (const [op, run] of Object.entries(ops))
    for (const [mode, db] of Object.entries(modes)) {
      const tokens = seeded[mode.includes('db timeout') ? 'vitrine_bench_modes_dbt' : 'vitrine_bench_modes'];
      const start = performance.now();
      for (let i = 0; i < BLOCK; i++) await run(db, tokens, i);
      ((times[op] ??= {})[mode] ??= []).push(((performance.now() - start) * 1000) / BLOCK);
    }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [op, byMode] of Object.entries(times)) {
  const base = median(byMode['direct, named']);
  console.log(`\n${op}: median wall-µs per operation, one at a time (×: against direct, named)`);
  for (const [mode, xs] of Object.entries(byMode))
    console.log(`  ${mode.padEnd(24)} ${median(xs).toFixed(0).padStart(6)} µs  ${(median(xs) / base).toFixed(2)}×`);
}
for (const db of Object.values(modes)) await db.close();
