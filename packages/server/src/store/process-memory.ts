/**
 * Giving the server's start-up garbage back (docs/operating.md → Memory of the embedded database).
 *
 * V8 collects when allocation asks for it, and an idle server allocates almost nothing: what the start left
 * behind (the migrations' and the demo seed's objects, the young generation grown to its 32 MB while the
 * modules loaded) stayed resident until the first visitors came. One full collection once the server
 * listens, and one whenever it has gone quiet after work, gives it back: −30 MB for a restarted shop, −60 MB
 * after a first start (bench/RESULTS.md → Embedded footprint). A collection of this heap takes tens of ms
 * of one core, and only runs when the process has been idle, so visitors do not wait behind it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { baselineCompilerFromEnv, sharedBuffersFromEnv } from './pglite-memory.js';
import { reopenFromEnv } from './pglite-reopen.js';

let collect: (() => void) | undefined;

/** A full, synchronous collection. `gc` is made for a context of its own: the app's global has none. */
export function collectGarbage(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/** Whether `VITRINE_IDLE_GC` leaves the collections on (the default); `off` leaves V8 to its own schedule. */
export function idleCollectionFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.VITRINE_IDLE_GC?.trim();
  if (!raw || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new Error(`VITRINE_IDLE_GC must be "on" or "off", not "${raw.slice(0, 40)}"`);
}

export interface IdleCollector {
  stop(): void;
}

/** The memory settings this process runs with, for `vitrine serve`'s banner. */
export function describeMemory(embedded: boolean, idleCollection: boolean): string {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS?.trim().split(/\s+/) ?? [])].filter((flag) =>
    /^--max-(semi|old)-space-size|^--optimize-for-size/.test(flag),
  );
  const parts = [
    `node ${flags.length ? flags.join(' ') : 'defaults'} (VITRINE_NODE_FLAGS)`,
    `${idleCollection ? 'collected' : 'not collected'} when idle (VITRINE_IDLE_GC)`,
  ];
  if (embedded)
    parts.push(
      `${sharedBuffersFromEnv()} shared buffers (VITRINE_PGLITE_SHARED_BUFFERS), ` +
        `${baselineCompilerFromEnv() ? 'baseline' : 'optimizing'} WASM compiler (VITRINE_PGLITE_WASM_COMPILER), ` +
        `${reopenFromEnv() ? 'reopened' : 'not reopened'} after migrating (VITRINE_PGLITE_REOPEN)`,
    );
  // glibc read it when the process started (bin/node-flags.js): what this process runs with, not what was asked.
  const trim = process.env.MALLOC_TRIM_THRESHOLD_;
  parts.push(`${trim ? `malloc trim threshold ${trim}` : 'malloc defaults'} (VITRINE_MALLOC_TRIM_THRESHOLD)`);
  return parts.join(', ');
}

/**
 * One collection now, then one each time the process has been quiet for a whole `everyMs` after using CPU
 * (less than `idleCpuShare` of one core over the period, after a period above it). CPU time is the signal:
 * it needs no hook in the request path, and timers, health checks and a monitor's scrapes stay below it.
 */
export function collectWhenIdle(
  options: { everyMs?: number; idleCpuShare?: number; collect?: () => void } = {},
): IdleCollector {
  const everyMs = options.everyMs ?? 15_000;
  const idleShare = options.idleCpuShare ?? 0.01;
  const collect = options.collect ?? collectGarbage;
  collect();
  let last = process.cpuUsage();
  // Busy: the start itself. Its first quiet period collects again, now that allocation is slow enough for V8
  // to shrink the young generation it grew while the modules loaded (a collection during the start keeps it).
  let busySinceCollection = true;
  const timer = setInterval(() => {
    const used = process.cpuUsage(last);
    last = process.cpuUsage();
    const share = (used.user + used.system) / 1000 / everyMs;
    if (share >= idleShare) busySinceCollection = true;
    else if (busySinceCollection) {
      busySinceCollection = false;
      collect();
      // The collection's own CPU must not count as work in the next period.
      last = process.cpuUsage();
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
