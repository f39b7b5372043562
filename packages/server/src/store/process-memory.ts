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
 * One collection now, then one each time the process has been quiet for a whole `everyMs` after using CPU.
 * CPU time is the signal: it needs no hook in the request path. "Quiet" is below `idleCpuShare` of one core
 * or, when the server's own background work costs more than that, below one and a half times the quietest
 * of the `windowPeriods` periods before (plus half a percent): on the embedded database the outbox and settings
 * polls alone used ~5 % of a core here (a statement after an idle gap costs PGlite 10–30 ms of CPU on this
 * machine), so a fixed 1 % never saw the end of a load and kept what it grew (bench/RESULTS.md → #54, fourth
 * pass). At most one collection per busy period, so a server that is never quiet pays for
 * one at each dip, not one per period.
 */
export function collectWhenIdle(
  options: {
    everyMs?: number;
    idleCpuShare?: number;
    windowPeriods?: number;
    collect?: () => void;
    /** CPU time this process has used, in µs (tests give their own). */
    cpuMicros?: () => number;
  } = {},
): IdleCollector {
  const everyMs = options.everyMs ?? 10_000;
  const idleShare = options.idleCpuShare ?? 0.01;
  const windowPeriods = options.windowPeriods ?? 20;
  const collect = options.collect ?? collectGarbage;
  const cpuMicros =
    options.cpuMicros ??
    (() => {
      const used = process.cpuUsage();
      return used.user + used.system;
    });
  collect();
  let last = cpuMicros();
  const recent: number[] = [];
  // Busy: the start itself. Its first quiet period collects again, now that allocation is slow enough for V8
  // to shrink the young generation it grew while the modules loaded (a collection during the start keeps it).
  let busySinceCollection = true;
  const timer = setInterval(() => {
    const now = cpuMicros();
    const share = (now - last) / 1000 / everyMs;
    last = now;
    // The quietest of the periods before this one (none yet: the fixed share alone).
    const quietBelow = recent.length ? Math.max(idleShare, 1.5 * Math.min(...recent) + 0.005) : idleShare;
    recent.push(share);
    if (recent.length > windowPeriods) recent.shift();
    if (share >= quietBelow) busySinceCollection = true;
    else if (busySinceCollection) {
      busySinceCollection = false;
      collect();
      // The collection's own CPU must not count as work in the next period.
      last = cpuMicros();
    }
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
