// Shared helpers of the benchmark runner: start a server in a pinned child process, drive it with
// autocannon from a second pinned child process, and collect req/s, p50, p99 and error counts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(BENCH_DIR);

/** Every child this process started; killed on exit, SIGINT and SIGTERM. */
const children = new Set();

function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
  children.clear();
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nbench: ${signal}, stopping child processes…`);
    killAll();
    process.exit(130);
  });
}

const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const cpuCount = (await import('node:os')).availableParallelism();

/** CPU pinning: the server on core 0, the load generator on core 1 (when the machine has two). */
export const pinning = {
  enabled: hasTaskset && cpuCount >= 2 && process.env.BENCH_PIN !== '0',
  serverCpu: '0',
  loadCpu: '1',
};

function pinned(cpu, argv) {
  return pinning.enabled ? ['taskset', ['-c', cpu, ...argv]] : [argv[0], argv.slice(1)];
}

/** User + system CPU seconds a process has used so far (Linux /proc), or undefined elsewhere. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

export const log = (line) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/**
 * Starts `node <script> [args]` pinned to the server core and waits for its `BENCH_READY {json}` line.
 * Resolves to `{ info, stop }`; `info` is the server's JSON (at least `{ port }`).
 */
export function startServer({ script, args = [], env = {}, nodeArgs = [], timeoutMs = 60_000, label = script }) {
  const [cmd, argv] = pinned(pinning.serverCpu, [process.execPath, ...nodeArgs, join(BENCH_DIR, script), ...args]);
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const ready = new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`${label}: not ready after ${timeoutMs} ms\n${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('BENCH_READY ')) {
          clearTimeout(timer);
          resolve(JSON.parse(line.slice('BENCH_READY '.length)));
        } else if (line.trim() && process.env.BENCH_VERBOSE) {
          console.log(`  [${label}] ${line}`);
        }
      }
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${label}: exited (${signal ?? code}) before it was ready\n${stderr}`));
    });
  });

  return ready.then((info) => ({
    info,
    child,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  }));
}

/** Options of one load run (see lib/load.mjs). */
export const loadDefaults = {
  duration: Number(process.env.BENCH_DURATION ?? 8),
  warmup: Number(process.env.BENCH_WARMUP ?? 1),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  pipelining: 1,
};
if (!(loadDefaults.duration > 0 && loadDefaults.duration <= 15))
  throw new Error('BENCH_DURATION must be in (0, 15] seconds');
if (!(loadDefaults.warmup >= 0 && loadDefaults.warmup <= 5)) throw new Error('BENCH_WARMUP must be in [0, 5] seconds');
if (!(loadDefaults.connections >= 1 && loadDefaults.connections <= 1000))
  throw new Error('BENCH_CONNECTIONS must be 1..1000');

/**
 * Runs autocannon (warm-up, then the measured run; one child process each, pinned to the load core)
 * and reads the server's CPU time around the measured run.
 * `request`: { path, method, headers, bodies: string[] } — bodies are sent round-robin.
 * Resolves to { rps, p50, p90, p99, max, requests, non2xx, errors, timeouts, statusCodes, duration,
 * serverCpu (s), serverCpuShare (of one core), rpcs (requests per server CPU-second) }.
 */
export async function runLoad({
  port,
  request,
  serverPid,
  duration = loadDefaults.duration,
  warmup = loadDefaults.warmup,
  connections = loadDefaults.connections,
  pipelining = loadDefaults.pipelining,
}) {
  if (warmup > 0)
    await autocannonChild({ url: `http://127.0.0.1:${port}`, request, duration: warmup, connections, pipelining });
  const cpuBefore = serverPid && cpuSeconds(serverPid);
  const result = await autocannonChild({ url: `http://127.0.0.1:${port}`, request, duration, connections, pipelining });
  const cpuAfter = serverPid && cpuSeconds(serverPid);
  if (cpuBefore !== undefined && cpuAfter !== undefined && cpuAfter > cpuBefore) {
    const cpu = cpuAfter - cpuBefore;
    // Requests per CPU-second of the server: what one fully available core would serve when the
    // server is CPU-bound; steadier than req/s on a machine other work shares.
    Object.assign(result, { serverCpu: cpu, serverCpuShare: cpu / result.duration, rpcs: result.requests / cpu });
  }
  return result;
}

function autocannonChild(options) {
  const { duration } = options;
  const [cmd, argv] = pinned(pinning.loadCpu, [process.execPath, join(BENCH_DIR, 'lib', 'load.mjs')]);
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(child);
  child.stdin.end(JSON.stringify(options));
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const limitMs = (duration + 20) * 1000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`load generator did not finish within ${limitMs} ms`));
    }, limitMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (error) {
        reject(new Error(`load generator printed no result: ${error.message}`));
      }
    });
  });
}

/** One request from this process before the load: proves the case is set up right. */
export async function probe(port, { path, method = 'POST', headers = {}, bodies }, check) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body: bodies?.[0] });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok || (check && !check(json))) {
    throw new Error(`probe ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return json;
}

const shared = new Map();

/**
 * A server several cases use (e.g. one Vitrine server per database: PGlite takes seconds to open):
 * started on first use, kept until `stopSharedServers()`.
 */
function sharedServer(key, options) {
  if (!shared.has(key)) {
    const started = Date.now();
    log(`${key}: starting shared server…`);
    const handle = startServer({ label: key, ...options }).then((h) => {
      log(`${key}: server ready in ${Date.now() - started} ms on port ${h.info.port}`);
      return h;
    });
    handle.catch(() => shared.delete(key));
    shared.set(key, handle);
  }
  return shared.get(key);
}

export async function stopSharedServers() {
  const handles = [...shared.values()];
  shared.clear();
  for (const handle of handles) await (await handle.catch(() => undefined))?.stop();
}

/**
 * The usual shape of a case: start a server (or reuse the shared one named `sharedKey`), probe it
 * once, run the load, stop it (unless shared). `server`: startServer options; `request(info)`: the
 * request to send (info = the server's READY JSON); `check(json)`: validates the probe's answer.
 */
/**
 * `latency` ({ connections, duration }): after the throughput run, a second run at that (low) concurrency,
 * no warm-up, whose figures land in `result.latency` — a latency target judged at 50 connections would only
 * measure queueing (p50 ≈ connections ÷ req/s). `onReady(info)`: called once the server is up.
 */
export async function serverCase({ label, server, sharedKey, request, check, latency, onReady }) {
  let handle;
  if (sharedKey) {
    handle = await sharedServer(sharedKey, server);
  } else {
    log(`${label}: starting server…`);
    const started = Date.now();
    handle = await startServer({ label, ...server });
    log(`${label}: server ready in ${Date.now() - started} ms on port ${handle.info.port}`);
  }
  onReady?.(handle.info);
  try {
    const req = request(handle.info);
    await probe(handle.info.port, req, check);
    log(
      `${label}: ${loadDefaults.warmup} s warm-up + ${loadDefaults.duration} s load, ${loadDefaults.connections} connections…`,
    );
    const result = await runLoad({ port: handle.info.port, request: req, serverPid: handle.child.pid });
    const cpu = result.rpcs
      ? `, ${Math.round(result.rpcs)} req per server CPU-s (server used ${Math.round(100 * result.serverCpuShare)} % of a core, autocannon ${Math.round(100 * result.loadCpuShare)} %)`
      : '';
    log(
      `${label}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms${cpu}${result.non2xx || result.errors ? `  !! ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
    );
    if (latency) {
      log(`${label}: latency run, ${latency.duration} s at ${latency.connections} connection(s)…`);
      const l = await runLoad({
        port: handle.info.port,
        request: req,
        serverPid: handle.child.pid,
        warmup: 0,
        ...latency,
      });
      // autocannon's percentiles are whole milliseconds; the mean of a closed loop is exact: connections × time ÷ requests.
      result.latency = { ...l, mean: l.requests ? (l.connections * l.duration * 1000) / l.requests : undefined };
      log(
        `${label}: at ${latency.connections} connection(s): ${Math.round(l.rps)} req/s, p50 ${l.exact?.p50?.toFixed(2) ?? l.p50} ms, p99 ${l.exact?.p99?.toFixed(2) ?? l.p99} ms, mean ${result.latency.mean?.toFixed(2)} ms${l.non2xx || l.errors ? `  !! ${l.non2xx} non-2xx, ${l.errors} errors` : ''}`,
      );
    }
    return result;
  } finally {
    if (!sharedKey) await handle.stop();
  }
}

export const fileExists = existsSync;

/**
 * `loadConfig` from a built server (`dist` as a URL or a folder path). It lives in `config-files/load.js`
 * since the layers of #49 (`config/load.js` before): `--base` runs may build an older checkout.
 */
export async function importLoadConfig(dist) {
  const at = (file) => (dist instanceof URL ? new URL(file, dist).href : join(dist, file));
  const file = existsSync(dist instanceof URL ? fileURLToPath(at('config-files/load.js')) : at('config-files/load.js'))
    ? 'config-files/load.js'
    : 'config/load.js';
  return (await import(at(file))).loadConfig;
}
