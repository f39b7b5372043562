// `npm run bench:footprint`: the embedded server's memory and start, as a small shop runs it (#54).
// For each setting (the defaults; without the trim threshold and the reopen, #54's first pass; without the node
// flags and the idle collection too, #54's first step; then PostgreSQL's stock buffers with V8's optimising
// compiler, the settings before #54; FOOTPRINT_SETTINGS picks some), side by side in one run: `vitrine serve` on a new data folder (the first start: migrations and the demo shop seeded), its time
// to answer /healthz and its RSS 35 s later; then the same folder started again (what a restarted shop holds
// idle); then the Stores product query a catalog page sends, at 10 connections for 8 s, so that the
// footprint is not bought with slowness, and the RSS 2 s and 40 s after it (the idle collection runs once
// the server has been quiet for 10-20 s); then the CPU it uses idle over 30 s more (its polls and timers, past the
// collections that follow a start and a load: #54's sixth pass). The server is started as `npm start` starts it: its node flags
// (bin/node-flags.js) on its command line, glibc's trim threshold in its environment. Verdict: idle RSS ≤ 200 MB after the first start and after the
// restart. RSS is the kernel's (VmRSS): it includes the node binary's pages. Prints a table; the exit code
// is 1 only when it could not run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds, log, runLoad } from './lib/harness.mjs';
import { productQuery, rssMb, serveVitrine, sleep } from './lib/serve.mjs';
import { ensureServerBuilt } from './lib/vitrine.mjs';

const GOAL_MB = 200;
// 35 s: the idle collection runs in the first quiet 15 s period after the start (the second, when the first had work).
const SETTLE_MS = Number(process.env.FOOTPRINT_SETTLE_MS ?? 35_000);
const AFTER_LOAD_MS = Number(process.env.FOOTPRINT_AFTER_LOAD_MS ?? 40_000);
const IDLE_CPU_MS = Number(process.env.FOOTPRINT_IDLE_CPU_MS ?? 30_000);
// #54's second pass: glibc's trim threshold and the embedded database opened again after a start's migrations.
const SECOND_PASS_OFF = { VITRINE_MALLOC_TRIM_THRESHOLD: 'off', VITRINE_PGLITE_REOPEN: 'off' };
const FIRST_STEP = { ...SECOND_PASS_OFF, VITRINE_NODE_FLAGS: 'off', VITRINE_IDLE_GC: 'off' };
const ALL_SETTINGS = [
  { name: 'defaults', env: {} },
  { name: 'no trim threshold, no reopen (#54 first pass)', env: SECOND_PASS_OFF },
  { name: 'no node flags, no idle collection', env: FIRST_STEP },
  {
    name: 'before #54 (128MB buffers, optimising compiler)',
    env: { ...FIRST_STEP, VITRINE_PGLITE_SHARED_BUFFERS: '128MB', VITRINE_PGLITE_WASM_COMPILER: 'optimizing' },
  },
];
// FOOTPRINT_SETTINGS=1,2: only those rows (1-based, in the order above), e.g. the defaults beside the first pass.
const chosen = process.env.FOOTPRINT_SETTINGS?.split(',').map((n) => Number(n) - 1);
const SETTINGS = chosen ? ALL_SETTINGS.filter((_, i) => chosen.includes(i)) : ALL_SETTINGS;

async function catalogQuery(port, pid) {
  const request = await productQuery(port);
  return runLoad({ port, request, serverPid: pid, connections: 10, duration: 8, warmup: 2 });
}

await ensureServerBuilt();
const rows = [];
for (const setting of SETTINGS) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-footprint-'));
  try {
    log(`${setting.name}: first start on a new folder…`);
    const first = await serveVitrine(dataDir, setting.env);
    await sleep(SETTLE_MS);
    const firstRss = rssMb(first.pid);
    await first.stop();
    log(`${setting.name}: started again…`);
    const again = await serveVitrine(dataDir, setting.env);
    await sleep(SETTLE_MS);
    const idleRss = rssMb(again.pid);
    const load = await catalogQuery(again.port, again.pid);
    await sleep(2_000);
    const afterLoadRss = rssMb(again.pid);
    await sleep(AFTER_LOAD_MS);
    const quietRss = rssMb(again.pid);
    const idleCpuBefore = cpuSeconds(again.pid) ?? 0;
    await sleep(IDLE_CPU_MS);
    const idleCpuMsPerS = ((cpuSeconds(again.pid) ?? 0) - idleCpuBefore) / (IDLE_CPU_MS / 1e6);
    await again.stop();
    rows.push({ setting, first, firstRss, again, idleRss, load, afterLoadRss, quietRss, idleCpuMsPerS });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n, d = 0) => n.toFixed(d);
console.log('\nEmbedded footprint (RSS in MB, VmRSS; times in s)\n');
console.log(
  'setting'.padEnd(50),
  'first start',
  'RSS after it',
  'restart',
  'RSS idle',
  'product query req/s',
  'p50 ms',
  'req/CPU-s',
  'RSS after load',
  `RSS ${AFTER_LOAD_MS / 1000} s later`,
  'then idle CPU ms/s',
);
for (const r of rows)
  console.log(
    r.setting.name.padEnd(50),
    fmt(r.first.readyMs / 1000, 1).padStart(11),
    fmt(r.firstRss).padStart(12),
    fmt(r.again.readyMs / 1000, 1).padStart(7),
    fmt(r.idleRss).padStart(8),
    fmt(r.load.rps).padStart(19),
    String(r.load.p50).padStart(6),
    fmt(r.load.rpcs ?? 0).padStart(9),
    fmt(r.afterLoadRss).padStart(14),
    fmt(r.quietRss).padStart(14),
    fmt(r.idleCpuMsPerS, 1).padStart(18),
  );
const [small, ...others] = rows;
const verdict = (mb) => (mb <= GOAL_MB ? 'PASS' : 'MISS');
console.log(
  `\nTarget: idle RSS ≤ ${GOAL_MB} MB (${small.setting.name}): restarted ${verdict(small.idleRss)} (${fmt(small.idleRss)} MB), ` +
    `after a first start ${verdict(small.firstRss)} (${fmt(small.firstRss)} MB)`,
);
for (const other of others)
  console.log(
    `Product query with "${small.setting.name}": ${fmt(small.load.rpcs / other.load.rpcs, 2)}× the req/CPU-s of "${other.setting.name}" ` +
      `(${fmt(small.load.rps / other.load.rps, 2)}× by req/s)`,
  );
