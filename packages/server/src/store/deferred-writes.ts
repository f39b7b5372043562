/**
 * Writes whose answer nobody reads, sent together: a transaction's last few inserts and deletes as one
 * statement instead of one round trip each (#54: a sign-in's throttle reset, session token, webhook event
 * and audit record were four statements, each a full trip through PGlite's backend or the pg driver).
 *
 * A module writes through `deferWrite(q, write)`. Where `q` collects (inside `deferredTransaction`), the write
 * waits in a queue; anywhere else it runs at once, exactly as a `query` would. The queue is flushed before
 * the next `query` through the same handle (a read sees every earlier write, as it would have) and when the
 * wrapped function returns, so the writes still run inside the caller's transaction and commit or roll back
 * with it. Several queued writes go as one statement of data-modifying CTEs (`with w0 as (insert … returning
 * 1), w1 as (…) select …`): they share one snapshot, so only writes that do not read each other's rows may be
 * deferred together (the callers' writes touch different tables).
 */
import type { Database, Queryable, QueryResult, Row } from './types.js';

export interface DeferredWrite {
  /** One INSERT, UPDATE or DELETE without RETURNING; `$1…` refer to `params`. */
  sql: string;
  params: readonly unknown[];
  /** Common table expressions the statement needs (name → body), written before it: `with name as (body) sql`. */
  ctes?: Readonly<Record<string, string>>;
  /** Told how many rows the statement wrote (e.g. so the webhook loop knows something was queued). */
  counted?: (rows: number) => void;
}

/** A handle that can hold writes back; only `withDeferredWrites` makes one. */
interface Collecting extends Queryable {
  defer(write: DeferredWrite): void;
}

const collects = (q: Queryable): q is Collecting => typeof (q as Partial<Collecting>).defer === 'function';

/** The statement a write is on its own (with its CTEs in front). */
function alone(write: DeferredWrite): string {
  const ctes = Object.entries(write.ctes ?? {});
  return ctes.length ? `with ${ctes.map(([name, body]) => `${name} as (${body})`).join(', ')} ${write.sql}` : write.sql;
}

/** Queues `write` when `q` collects, else runs it now. */
export async function deferWrite(q: Queryable, write: DeferredWrite): Promise<void> {
  if (collects(q)) {
    q.defer(write);
    return;
  }
  const { rowCount } = await q.query(alone(write), write.params);
  write.counted?.(rowCount);
}

/** Renumbers `$n` placeholders by `offset` (the server's own SQL text: no `$` in string literals). */
export const shiftPlaceholders = (sql: string, offset: number) =>
  sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

/**
 * Several writes as one statement, and how many rows each wrote. Exported for its test: a CTE name two writes
 * both use is refused (their bodies would collide), not silently merged.
 */
export function combinedWrites(writes: readonly DeferredWrite[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const ctes: string[] = [];
  const names = new Set<string>();
  writes.forEach((write, i) => {
    const offset = params.length;
    params.push(...write.params);
    for (const [name, body] of Object.entries(write.ctes ?? {})) {
      if (names.has(name) || /^w\d+$/.test(name)) throw new Error(`deferred writes: CTE name "${name}" used twice`);
      names.add(name);
      ctes.push(`${name} as (${shiftPlaceholders(body, offset)})`);
    }
    ctes.push(`w${i} as (${shiftPlaceholders(write.sql, offset)} returning 1)`);
  });
  const counts = writes.map((_, i) => `(select count(*) from w${i}) as n${i}`).join(', ');
  return { sql: `with ${ctes.join(', ')} select ${counts}`, params };
}

async function flush(q: Queryable, writes: DeferredWrite[]): Promise<void> {
  const batch = writes.splice(0);
  if (batch.length === 0) return;
  if (batch.length === 1) {
    const { rowCount } = await q.query(alone(batch[0]!), batch[0]!.params);
    batch[0]!.counted?.(rowCount);
    return;
  }
  const { sql, params } = combinedWrites(batch);
  const { rows } = await q.query<Record<string, unknown>>(sql, params);
  batch.forEach((write, i) => write.counted?.(Number(rows[0]?.[`n${i}`] ?? 0)));
}

/**
 * `db.transaction(fn)` through a handle that defers writes, with the transaction itself opened only when `fn`
 * runs a statement at once (a read, or a write that is not deferred): everything before that waits in the
 * queue and goes first inside it. When every statement of `fn` was deferred, they go as one statement without
 * BEGIN and COMMIT: a single statement is atomic by itself (#54: a returning member's sign-in, whose
 * transaction was BEGIN, four writes and COMMIT, is one statement). A throw rolls back whatever ran.
 */
export async function deferredTransaction<T>(db: Database, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const queued: DeferredWrite[] = [];
  let open: Promise<Queryable> | undefined;
  let finish: ((ok: boolean) => void) | undefined;
  let ended: Promise<void> | undefined;
  // The transaction as a handle: `db.transaction` takes a callback, held open until `fn` has ended.
  const begin = (): Promise<Queryable> =>
    (open ??= new Promise<Queryable>((opened, failed) => {
      ended = db.transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            finish = (ok) => (ok ? commit() : rollBack(new Error('rolled back')));
            opened(tx);
          }),
      );
      ended.catch(failed); // BEGIN itself failed: `opened` never ran
    }));
  const q: Collecting = {
    async query<R = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const tx = await begin();
      await flush(tx, queued);
      return tx.query<R>(sql, params);
    },
    async exec(sql: string): Promise<void> {
      const tx = await begin();
      await flush(tx, queued);
      await tx.exec(sql);
    },
    defer(write: DeferredWrite): void {
      queued.push(write);
    },
  };
  let result: T;
  try {
    result = await fn(q);
    if (open) await flush(await open, queued);
  } catch (error) {
    if (finish) {
      finish(false);
      await ended!.catch(() => {});
    }
    throw error;
  }
  if (!open) {
    // Writes only: one statement on the primary (a routed database sends lone statements to a replica).
    await flush(db.primary ?? db, queued);
    return result;
  }
  finish!(true);
  await ended;
  return result;
}
