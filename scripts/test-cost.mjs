// What each test file costs in CPU: runs every file given on its own (`vitest run <file>`) and prints the
// CPU seconds (user + system) of the whole process tree — Vitest, its worker, the test servers, Chromium —
// beside the wall time. On a shared machine wall time says more about the neighbours than about the file;
// CPU time barely moves with load, so it is the figure to compare before and after a change.
//
//   node scripts/test-cost.mjs tests/e2e                      every file under a folder, costliest first
//   node scripts/test-cost.mjs --runs 3 tests/e2e/a.test.ts   the median of three runs of one file
//   node scripts/test-cost.mjs --json /tmp/cost.json …        also writes the figures as JSON
//   node scripts/test-cost.mjs --base tests/e2e/console-dev-mailbox-link.test.ts tests/e2e
//                                                             what each file adds to a warm worker
//
// Alone, a file pays for what `npm test` pays once per worker: importing the server, compiling PGlite,
// starting Chromium (`isolate: false`, one browser per worker). Without `--base` the first line is Vitest's
// own start (config, no test file) and `net` takes only that off: the file's cost in a worker of its own.
// With `--base <small file>`, each file shares one worker with that file (VITRINE_TEST_WORKERS=1) and `net`
// is the difference from the base alone: what the file costs once the worker is warm, which is what it
// costs inside the whole run. A failing file is marked, with the failures (the base's too).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../', import.meta.url));
const vitest = join(repo, 'node_modules', 'vitest', 'vitest.mjs');
const testFile = /\.test\.tsx?$/;

const args = process.argv.slice(2);
let runs = 1;
let jsonOut;
let base;
const paths = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--json') jsonOut = args[++i];
  else if (args[i] === '--base') base = relative(repo, resolve(args[++i]));
  else paths.push(args[i]);
}
if (paths.length === 0 || !(runs >= 1)) {
  console.error('usage: node scripts/test-cost.mjs [--runs N] [--base file] [--json out.json] <file or folder>...');
  process.exit(2);
}

function testFiles(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => (entry.isDirectory() ? testFiles(join(path, entry.name)) : [join(path, entry.name)]))
    .filter((file) => testFile.test(file));
}
const files = [...new Set(paths.flatMap((path) => testFiles(resolve(path))))]
  .map((file) => relative(repo, file))
  .filter((file) => file !== base);

// Bash's `times` prints the CPU of the shell's finished children — each process's own and that of the
// children it waited for — as "0m1.234s 0m0.056s" (user, system) on its second line. Chromium's renderers
// outlive the processes that would wait for them, so on Linux the tree is also sampled from /proc every
// 100 ms (each process's CPU as last seen, kept by pid after its parent is gone): in one e2e file `times`
// saw 15.0 s and the samples 22.1 s. The larger of the two is the figure.
const seconds = (text) => {
  const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(text);
  return Number(minutes) * 60 + Number(secs);
};
const TICKS = 100; // USER_HZ: /proc counts CPU in hundredths of a second on Linux
function sampleTree(root, seen) {
  let names;
  try {
    names = readdirSync('/proc');
  } catch {
    return; // not Linux: `times` alone
  }
  const stats = new Map();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS });
    } catch {
      // gone between the listing and the read
    }
  }
  if (!seen.has(root)) seen.set(root, 0);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats) if (!seen.has(pid) && seen.has(ppid)) grew = Boolean(seen.set(pid, 0));
  }
  for (const [pid, cpu] of seen) seen.set(pid, Math.max(cpu, stats.get(pid)?.cpu ?? 0));
}

async function measure(vitestArgs) {
  const scratch = mkdtempSync(join(tmpdir(), 'test-cost-'));
  const report = join(scratch, 'report.json');
  const started = process.hrtime.bigint();
  const child = spawn(
    'bash',
    [
      '-c',
      // "$@" is Node running Vitest; the JSON reporter gives the count of tests and of failures.
      '"$@" >"$REPORT.log" 2>&1; status=$?; times; exit $status',
      'test-cost',
      process.execPath,
      vitest,
      'run',
      ...vitestArgs,
      '--reporter=json',
      `--outputFile=${report}`,
    ],
    {
      cwd: repo,
      env: { ...process.env, REPORT: report, ...(base ? { VITRINE_TEST_WORKERS: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const seen = new Map();
  const sampling = setInterval(() => sampleTree(child.pid, seen), 100);
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const status = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampling);
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const children = stdout.trim().split('\n').at(-1).split(/\s+/);
  const reaped = seconds(children[0]) + seconds(children[1]);
  const sampled = [...seen.values()].reduce((sum, cpu) => sum + cpu, 0);
  const cpu = Math.max(reaped, sampled);
  let tests = 0;
  let failed = 0;
  let log = '';
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    tests = json.numTotalTests;
    // A file whose set-up failed (a beforeAll that threw) has no failed test, only skipped ones: count it too.
    failed = json.numFailedTests || (json.success ? 0 : Math.max(1, json.numFailedTestSuites));
    // What failed, from the report (the reporter writes nothing else).
    for (const { assertionResults, message, name } of json.testResults) {
      if (message) log += `  ✗ ${relative(repo, name)}\n    ${message.split('\n')[0]}\n`;
      for (const test of assertionResults.filter((t) => t.status === 'failed'))
        log += `  ✗ ${test.fullName}\n    ${String(test.failureMessages[0] ?? '').split('\n')[0]}\n`;
    }
  } catch {
    failed = -1; // no report: Vitest itself failed
    log = readFileSync(`${report}.log`, 'utf8').split('\n').slice(-40).join('\n');
  }
  rmSync(scratch, { recursive: true, force: true });
  return { cpu, wall, tests, failed, status, log };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function measureRuns(vitestArgs) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await measure(vitestArgs));
  return { ...all.at(-1), cpu: median(all.map((r) => r.cpu)), wall: median(all.map((r) => r.wall)) };
}

const fmt = (n) => n.toFixed(1).padStart(7);
// One file's figures; a failing file is marked wherever it is listed.
function line(row) {
  const mark = row.failed === 0 ? '' : row.failed === -1 ? '  FAILED (no report)' : '  FAILED';
  return `${fmt(row.cpu)} ${fmt(row.net)} ${fmt(row.wall)} ${String(row.tests).padStart(6)}  ${row.file}${mark}`;
}
console.log(`${'cpu s'.padStart(7)} ${'net'.padStart(7)} ${'wall s'.padStart(7)}  tests  file`);
// A filter no test file matches: Vitest starts, loads its config and stops. Or the base file alone.
const start = await measureRuns(base ? [base] : ['--passWithNoTests', 'test-cost-matches-no-file']);
console.log(`${fmt(start.cpu)} ${fmt(0)} ${fmt(start.wall)}      -  (${base ? `${base} alone` : "Vitest's start"})`);

const rows = [];
for (const file of files) {
  const row = { file, ...(await measureRuns(base ? [base, file] : [file])) };
  row.net = Math.max(0, row.cpu - start.cpu);
  if (base) row.tests -= start.tests; // the base file's own tests are not this file's
  rows.push(row);
  console.log(line(row));
  if (row.failed !== 0) process.stderr.write(row.log);
}

if (rows.length > 1) {
  console.log('\ncostliest first:');
  for (const row of [...rows].sort((a, b) => b.cpu - a.cpu)) {
    console.log(line(row));
  }
  const total = rows.reduce((sum, row) => sum + row.net, 0);
  const failed = rows.filter((row) => row.failed !== 0).length;
  // A file that fails early costs less: its figure says nothing about the change being measured.
  console.log(`${fmt(total)} net CPU seconds over ${rows.length} files${failed ? `, ${failed} of them FAILED` : ''}`);
}
if (jsonOut) {
  const figures = rows.map(({ file, cpu, net, wall, tests, failed }) => ({ file, cpu, net, wall, tests, failed }));
  const reference = { base: base ?? null, cpu: start.cpu, wall: start.wall };
  writeFileSync(jsonOut, JSON.stringify({ runs, reference, files: figures }, null, 2));
}
process.exitCode = rows.some((row) => row.failed !== 0) ? 1 : 0;
