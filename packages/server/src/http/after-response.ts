import type { AppContext } from '../context.js';

/**
 * Work a response must not wait for. Recovery mails are looked up and written here, so the answer for
 * an address with an account leaves exactly when the answer for one without does (audit F-10).
 * Failures are logged: the caller has its answer already.
 */
const running = new WeakMap<object, Set<Promise<void>>>();

export function afterResponse(ctx: AppContext, what: string, task: () => Promise<void>): void {
  const tasks = running.get(ctx.db) ?? new Set<Promise<void>>();
  running.set(ctx.db, tasks);
  // setImmediate: the handler's reply is written in the microtasks before this turn ends.
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) =>
      ctx.log.error({ err: { message: error instanceof Error ? error.message : String(error) } }, `${what} failed`),
    )
    .finally(() => tasks.delete(run));
  tasks.add(run);
}

/** Waits for the deferred work started on this database (the dev mailbox shows the mail a request caused). */
export async function settleAfterResponse(db: object): Promise<void> {
  const tasks = running.get(db);
  while (tasks?.size) await Promise.all([...tasks]);
}
