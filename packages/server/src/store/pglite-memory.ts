/**
 * What the embedded database holds in memory (docs/operating.md → Memory of the embedded database).
 *
 * PGlite starts PostgreSQL with its stock 128 MB of shared buffers, inside a WebAssembly heap, and V8 compiles
 * that 9 MB module twice (a baseline and an optimised tier): ~400 MB RSS for an idle demo shop. A small shop's
 * data fits in 16 MB of buffers, and V8's baseline compiler (Liftoff) alone runs PGlite's statements as fast
 * as both tiers here (bench/RESULTS.md → Embedded footprint: same statement rate, ~50 MB less). Both are
 * settings, so a bigger shop can have more:
 *
 * - `VITRINE_PGLITE_SHARED_BUFFERS` (default `16MB`): PostgreSQL's `shared_buffers`, `128kB`…`1GB`.
 * - `VITRINE_PGLITE_WASM_COMPILER` (default `baseline`): `optimizing` lets V8 tier hot code up as usual.
 *
 * A wrong value stops the start with a sentence, as the other start-up variables do.
 */
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

export const DEFAULT_SHARED_BUFFERS = '16MB';

const UNITS: Record<string, number> = { kB: 1, MB: 1024, GB: 1024 * 1024 };

/** `shared_buffers` as PostgreSQL writes it (`16MB`, `512kB`, `1GB`), bounded to what an embedded cluster can hold. */
export function sharedBuffersFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.VITRINE_PGLITE_SHARED_BUFFERS?.trim();
  if (!raw) return DEFAULT_SHARED_BUFFERS;
  const match = /^(\d{1,7})(kB|MB|GB)$/.exec(raw);
  const kB = match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
  // 128 kB is PostgreSQL's floor (16 buffers of 8 kB); the WebAssembly heap stops at 2 GB, the cluster needs room beside.
  if (!(kB >= 128 && kB <= 1024 * 1024))
    throw new Error(
      `VITRINE_PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB such as 16MB or 256MB, not "${raw.slice(0, 40)}"`,
    );
  return raw;
}

/** Whether V8 should compile the embedded database with its baseline compiler only. */
export function baselineCompilerFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.VITRINE_PGLITE_WASM_COMPILER?.trim();
  if (!raw || raw === 'baseline') return true;
  if (raw === 'optimizing') return false;
  throw new Error(`VITRINE_PGLITE_WASM_COMPILER must be "baseline" or "optimizing", not "${raw.slice(0, 40)}"`);
}

let compilerChosen = false;

/**
 * The options every embedded cluster opens with. The compiler is a process-wide V8 flag, set before the
 * first module is compiled (PGlite compiles at its first `create`); nothing else in the server is WebAssembly.
 */
export function embeddedSettings(env: NodeJS.ProcessEnv = process.env): { startParams: string[] } {
  if (!compilerChosen) {
    if (baselineCompilerFromEnv(env)) setFlagsFromString('--liftoff-only');
    compilerChosen = true;
  }
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersFromEnv(env)}`] };
}
