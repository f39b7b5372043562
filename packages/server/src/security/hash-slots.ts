import { availableParallelism } from 'node:os';

/**
 * How many argon2id computations run at once (security/passwords.ts holds them to this many work slots,
 * concurrency/work-slots.ts); the rest wait their turn, first come first served.
 *
 * Each one streams through 19 MiB of memory on a libuv pool thread (four by default). More of them at
 * once than there are cores only time-slices the cores between them, and every switch evicts the other's
 * memory (and the event loop's) from the CPU caches: on one core, four at once verified 83 hashes/s where
 * one at a time did 93–98 (#11). So the default is the cores this process may use, at most the pool's size
 * (what a larger machine ran before: no fewer hashes at once there). Hashing also leaves pool threads to
 * file reads and DNS lookups on machines with fewer cores than pool threads.
 *
 * `VITRINE_PASSWORD_CONCURRENCY` overrides the default (with more than 4, raise `UV_THREADPOOL_SIZE` too).
 */
export function defaultHashSlots(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env.VITRINE_PASSWORD_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  const pool = Number(env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism(), pool));
}
