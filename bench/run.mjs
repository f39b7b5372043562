// `npm run bench`: runs every case module of bench/cases/ (file-name order) and prints the report.
// Environment: BENCH_DURATION (s, ≤ 15, default 8), BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS
// (default 50), BENCH_ROUNDS (default 1, at most 5: the whole plan again, median per case), BENCH_BUDGET
// (s, default 360 per round since the commerce-catalog case: a case that would end past it is skipped, loudly), BENCH_CASES (comma-separated case ids to run), BENCH_CPU_PROF (dir: V8 profiles of the
// Vitrine servers), BENCH_PIN=0 (no taskset), DATABASE_URL (adds the PostgreSQL runs, in `vitrine_bench`),
// BENCH_DB_MODES (with DATABASE_URL: postgres,postgres-unnamed,pgbouncer,pgbouncer-db-timeout; lib/vitrine.mjs).
import { readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_DIR, loadDefaults, log, stopSharedServers } from './lib/harness.mjs';
import { checkTargets, machineNotes, printTable } from './lib/report.mjs';
import { benchDatabases, ensureServerBuilt, writeBenchConfig } from './lib/vitrine.mjs';

const started = Date.now();
const notes = machineNotes();
console.log(`Vitrine benchmark — ${notes.date}`);
console.log(`  ${notes.nproc} CPUs (${notes.cpu}), Node ${notes.node}, load average ${notes.loadavg}`);
console.log(`  pinning: ${notes.pinning}`);
console.log(
  `  autocannon: ${loadDefaults.connections} connections, pipelining ${loadDefaults.pipelining}, ${loadDefaults.warmup} s warm-up + ${loadDefaults.duration} s per case, 127.0.0.1 only\n`,
);

const only = process.env.BENCH_CASES?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const files = readdirSync(join(BENCH_DIR, 'cases'))
  .filter((f) => f.endsWith('.mjs'))
  .sort();
const cases = [];
for (const file of files) {
  const spec = (await import(pathToFileURL(join(BENCH_DIR, 'cases', file)).href)).default;
  if (!spec?.id || typeof spec.run !== 'function')
    throw new Error(`bench/cases/${file}: default export needs { id, title, run }`);
  cases.push(spec);
}
// `optional` cases (their own slow-starting servers) run only when BENCH_CASES names them.
// A named case brings the baselines its targets are judged against (`BENCH_CASES=login` runs argon2-raw and
// argon2-slots too): a ratio needs both sides from the same run.
const wanted =
  only &&
  new Set([
    ...only,
    ...cases
      .filter((c) => only.includes(c.id))
      .flatMap((c) => (c.targets ?? []).flatMap((t) => [t.baseline ?? []].flat())),
  ]);
const selected = cases.filter((c) => (wanted ? wanted.has(c.id) : !c.optional));

await ensureServerBuilt();
const databases = selected.some((c) => c.perDatabase) ? await benchDatabases() : [];
const config = writeBenchConfig();

// Order: every case in file order on the first database (baselines interleaved, close in time to
// the cases compared with them), then the per-database cases on the other databases.
// A case with `databases: ['postgres']` runs only there; without such a database it is listed as skipped.
const plan = [];
const fits = (spec, db) => !spec.databases || spec.databases.includes(db.kind ?? db.name);
for (const spec of selected) {
  if (!spec.perDatabase) plan.push({ spec });
  else if (databases[0] && fits(spec, databases[0])) plan.push({ spec, db: databases[0] });
}
for (const db of databases.slice(1))
  for (const spec of selected.filter((c) => c.perDatabase && fits(c, db))) plan.push({ spec, db });
const skipped = selected
  .filter((spec) => spec.perDatabase && !databases.some((db) => fits(spec, db)))
  .map((spec) => ({
    key: spec.id,
    id: spec.id,
    title: spec.title,
    skipped: `skipped: needs ${spec.databases.join('/')}${spec.databases.includes('postgres') && !process.env.DATABASE_URL ? ' (DATABASE_URL is not set)' : ''}`,
  }));
for (const row of skipped) log(`case ${row.key} ${row.skipped}`);

const rounds = Math.max(1, Math.min(5, Number(process.env.BENCH_ROUNDS ?? 1) || 1));
const budget = Number(process.env.BENCH_BUDGET ?? 360) * rounds;
const runs = []; // one list of rows per round
for (let round = 1; round <= rounds; round++) {
  const rows = [];
  let lastDb;
  for (const [i, { spec, db }] of plan.entries()) {
    if (db && lastDb && db !== lastDb) await stopSharedServers(); // one database's server at a time
    lastDb = db ?? lastDb;
    const key = db ? `${spec.id}@${db.name}` : spec.id;
    log(`${rounds > 1 ? `round ${round}/${rounds}, ` : ''}case ${i + 1}/${plan.length} ${key}: ${spec.title}`);
    const load1 = loadavg()[0].toFixed(1);
    const elapsed = (Date.now() - started) / 1000;
    if (elapsed + loadDefaults.warmup + loadDefaults.duration + 5 > budget) {
      const error = new Error(`skipped: the run's time budget (${budget} s, BENCH_BUDGET) would be exceeded`);
      log(`case ${key} ${error.message}`);
      rows.push({ key, id: spec.id, title: spec.title, db: db?.name, error, load1 });
      continue;
    }
    try {
      const result = await spec.run({ db, config });
      rows.push({ key, id: spec.id, title: spec.title, db: db?.name, result, load1 });
    } catch (error) {
      log(`case ${key} FAILED: ${error.message}`);
      rows.push({ key, id: spec.id, title: spec.title, db: db?.name, error, load1 });
    }
  }
  await stopSharedServers();
  rows.push(...skipped);
  runs.push(rows);
}

/** Per case, the round with the median req/s (the median req/CPU-s is taken separately). */
function medianRows() {
  if (runs.length === 1) return runs[0];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  return runs[0].map((row0, i) => {
    const all = runs.map((rows) => rows[i]);
    const ok = all.filter((r) => r.result);
    if (ok.length === 0) return row0;
    const mid = median(ok.map((r) => r.result.rps));
    const pick = ok.find((r) => r.result.rps === mid);
    const rpcs = ok.map((r) => r.result.rpcs).filter(Boolean);
    const sum = (f) => ok.reduce((n, r) => n + f(r.result), 0);
    return {
      ...pick,
      load1: ok.map((r) => r.load1).join('/'),
      result: {
        ...pick.result,
        rpcs: rpcs.length ? median(rpcs) : undefined,
        non2xx: sum((r) => r.non2xx),
        errors: sum((r) => r.errors),
        timeouts: sum((r) => r.timeouts),
        rounds: ok.map((r) => Math.round(r.result.rps)),
      },
      error: all.find((r) => r.error)?.error,
    };
  });
}
const rows = medianRows();
if (runs.length > 1) {
  console.log(
    `\nPer round req/s (${runs.length} rounds; the table shows the median round, non-2xx/errors summed over all rounds):`,
  );
  for (const row of rows)
    console.log(`  ${row.key.padEnd(26)} ${row.result?.rounds?.join('  ') ?? (row.skipped ? 'skipped' : 'failed')}`);
}

console.log(
  `\nResults (${((Date.now() - started) / 1000).toFixed(0)} s; load1 = 1-minute load average when the case started)\n`,
);
const table = printTable(rows);
console.log('\nTargets (on one core; a MISS is reported, not a failure)\n');
const targets = checkTargets(rows, cases);
for (const spec of selected) console.log(`  ${spec.id}: ${spec.title}`);

writeFileSync(
  join(BENCH_DIR, '.last-run.json'),
  JSON.stringify(
    {
      notes,
      load: { ...loadDefaults, rounds },
      postgres: databases.find((d) => d.name === 'postgres')?.shown,
      rows: rows.map((r) => ({ ...r, error: r.error && String(r.error.message) })),
      runs: runs.map((rows) =>
        rows.map((r) => ({ key: r.key, load1: r.load1, result: r.result, error: r.error && String(r.error.message) })),
      ),
      targets: targets.checks,
      table,
      targetLines: targets.lines,
    },
    null,
    2,
  ),
);
process.exitCode = rows.some((r) => r.error) ? 1 : 0;
