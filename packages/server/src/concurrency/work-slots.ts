/**
 * A first-come, first-served semaphore for work that is costly in CPU or memory: at most `size` run at
 * once, the rest wait in line. Each kind of work owns its instance, so one kind never takes another's
 * slots: argon2 hashing (security/passwords.ts, sized by security/hash-slots.ts) and image encoding
 * (media/work.ts).
 */
export interface WorkSlots {
  /** Runs `work` when a slot is free (at once if one is), releasing the slot however it ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function workSlots(size: number): WorkSlots {
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
