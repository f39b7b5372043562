// The report: machine notes, one table of every case, loud flags for non-2xx answers, target checks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { loadDefaults, pinning } from './harness.mjs';

const loadConnections = loadDefaults.connections;

export function machineNotes() {
  let cpu = 'unknown';
  try {
    cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    /* not Linux */
  }
  let nproc = String(availableParallelism());
  try {
    nproc = execFileSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    /* no coreutils */
  }
  return {
    date: new Date().toISOString(),
    nproc,
    cpu,
    node: process.version,
    loadavg: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
    pinning: pinning.enabled
      ? `server on CPU ${pinning.serverCpu}, autocannon on CPU ${pinning.loadCpu} (taskset)`
      : 'none (taskset missing, one CPU, or BENCH_PIN=0)',
  };
}

const pad = (s, n, right = false) => (right ? String(s).padStart(n) : String(s).padEnd(n));

/** `rows`: { key, title, db, result | error, load1 }. Returns the lines it printed. */
export function printTable(rows) {
  const lines = [];
  const head = `${pad('case', 24)} ${pad('db', 8)} ${pad('req/s', 7, true)} ${pad('p50 ms', 7, true)} ${pad('p99 ms', 7, true)} ${pad('req/CPU-s', 10, true)} ${pad('srv CPU', 8, true)} ${pad('gen CPU', 8, true)} ${pad('non-2xx', 8, true)} ${pad('errors', 7, true)} ${pad('load1', 6, true)}`;
  lines.push(head, '-'.repeat(head.length));
  for (const row of rows) {
    const r = row.result;
    if (!r && row.skipped) {
      lines.push(`${pad(row.id, 24)} ${pad(row.db ?? '-', 8)} ${row.skipped}`);
      continue;
    }
    if (!r) {
      lines.push(
        `${pad(row.id, 24)} ${pad(row.db ?? '-', 8)} FAILED: ${String(row.error?.message ?? row.error).split('\n')[0]}`,
      );
      continue;
    }
    const bad = r.non2xx > 0 || r.errors > 0 || r.timeouts > 0;
    lines.push(
      `${pad(row.id, 24)} ${pad(row.db ?? '-', 8)} ${pad(Math.round(r.rps), 7, true)} ${pad(r.p50, 7, true)} ${pad(r.p99, 7, true)} ${pad(r.rpcs ? Math.round(r.rpcs) : '-', 10, true)} ${pad(r.serverCpuShare ? `${Math.round(100 * r.serverCpuShare)} %` : '-', 8, true)} ${pad(r.loadCpuShare ? `${Math.round(100 * r.loadCpuShare)} %` : '-', 8, true)} ${pad(r.non2xx, 8, true)} ${pad(r.errors + r.timeouts, 7, true)} ${pad(row.load1 ?? '', 6, true)}${bad ? '  <-- !!' : ''}`,
    );
  }
  for (const row of rows) {
    const l = row.result?.latency;
    const ms = (x) => (x === undefined ? 'n/a' : x.toFixed(2));
    if (l)
      lines.push(
        `  ${row.key} at ${l.connections} connection(s), ${Math.round(l.duration)} s: ${Math.round(l.rps)} req/s, p50 ${ms(l.exact?.p50)} ms, p90 ${ms(l.exact?.p90)} ms, p99 ${ms(l.exact?.p99)} ms (exact; autocannon's whole-ms p50 ${l.p50}, p99 ${l.p99}), mean ${l.mean?.toFixed(2)} ms, ${l.non2xx} non-2xx, ${l.errors + l.timeouts} errors`,
      );
  }
  for (const line of lines) console.log(line);
  for (const row of rows) {
    const r = row.result;
    if (r?.latency && hasFailures(r.latency)) {
      const warn = `!!!! ${row.key} (latency run): ${r.latency.non2xx} non-2xx answers, ${r.latency.errors} errors — its latency is NOT a valid figure`;
      console.log(warn);
      lines.push(warn);
    }
    if (r && (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)) {
      const warn = `!!!! ${row.key}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts (status codes ${JSON.stringify(r.statusCodes)}) — its req/s is NOT a valid figure`;
      console.log(warn);
      lines.push(warn);
    }
  }
  return lines;
}

/**
 * Ratio checks, on req/s and on requests per server CPU-second (the steadier figure when other work
 * shares the machine). A MISS is reported, never an exit failure (a benchmark, not a test).
 */
export function checkTargets(rows, cases) {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const checks = [];
  for (const row of rows) {
    if (row.skipped) continue;
    const spec = cases.find((c) => c.id === row.id);
    for (const target of spec?.targets ?? []) {
      if (target.p50AtMost !== undefined) {
        // Latency target: judged on the low-concurrency run (result.latency) when the case has one.
        const r = row.result;
        const l = r?.latency ?? r;
        const ok = l && !hasFailures(l) && !hasFailures(r);
        // The exact p50 when the run kept the response times (autocannon's own is truncated to whole ms).
        const p50 = l?.exact?.p50 ?? l?.p50;
        const verdict = ok ? (p50 <= target.p50AtMost ? 'PASS' : 'MISS') : 'N/A';
        checks.push({
          key: row.key,
          label: target.label,
          p50AtMost: target.p50AtMost,
          p50,
          mean: l?.mean,
          connections: l?.connections,
          loadedP50: r?.p50,
          verdict,
        });
        continue;
      }
      // `baseline` may list several cases: the target is then judged against the fastest of them in this run
      // (login: the bare argon2id rate is what the better-scheduled bare route reaches on this core).
      const base = [target.baseline]
        .flat()
        .map((key) => byKey.get(key))
        .filter((b) => b?.result && !hasFailures(b.result))
        .sort((a, b) => b.result.rps - a.result.rps)[0];
      const ok = row.result && base?.result && !hasFailures(row.result) && !hasFailures(base.result);
      const ratio = ok ? row.result.rps / base.result.rps : undefined;
      const cpuRatio = ok && row.result.rpcs && base.result.rpcs ? row.result.rpcs / base.result.rpcs : undefined;
      // A reference line (`reference: true`) shows the ratio without a verdict.
      const verdict = (x) =>
        x === undefined ? 'N/A' : target.reference ? 'REF' : x >= target.atLeast ? 'PASS' : 'MISS';
      checks.push({
        key: row.key,
        label: target.label,
        baseline: base?.key ?? target.baseline,
        fastestOf: Array.isArray(target.baseline) ? target.baseline : undefined,
        atLeast: target.atLeast,
        ratio,
        cpuRatio,
        verdict: verdict(ratio),
        cpuVerdict: verdict(cpuRatio),
      });
    }
  }
  const fmt = (x) => (x === undefined ? 'n/a' : `${x.toFixed(2)}×`);
  const lines = [`${pad('case', 32)} ${pad('target', 38)} ${pad('by req/s', 13)} ${pad('by req/CPU-s', 13)}`];
  for (const c of checks) {
    if (c.p50AtMost !== undefined) {
      const at = `${c.verdict} p50 ${c.p50?.toFixed(2) ?? 'n/a'} ms`;
      lines.push(
        `${pad(c.key, 32)} ${pad(c.label, 38)} ${pad(at, 13)} (at ${c.connections ?? '?'} conn., mean ${c.mean?.toFixed(2) ?? 'n/a'} ms; p50 under the ${loadConnections}-connection load: ${c.loadedP50 ?? 'n/a'} ms)`,
      );
      continue;
    }
    lines.push(
      `${pad(c.key, 32)} ${pad(c.label, 38)} ${pad(`${c.verdict} ${fmt(c.ratio)}`, 13)} ${pad(`${c.cpuVerdict} ${fmt(c.cpuRatio)}`, 13)}${c.fastestOf ? ` (against ${c.baseline}, the fastest of ${c.fastestOf.join(', ')})` : ''}`,
    );
  }
  for (const line of lines) console.log(line);
  return { checks, lines };
}

function hasFailures(r) {
  return r.non2xx > 0 || r.errors > 0 || r.timeouts > 0;
}
