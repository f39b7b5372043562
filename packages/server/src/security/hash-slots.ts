import { availableParallelism } from 'node:os';

/**
 * How many argon2id computations run at once; the rest wait their turn here, first come first served.
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

export interface HashSlots {
  /** Runs `work` when a slot is free (at once if one is), releasing the slot however it ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function hashSlots(size: number): HashSlots {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else running--;
  };
  return {
    async run(work) {
      if (running < size) running++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
