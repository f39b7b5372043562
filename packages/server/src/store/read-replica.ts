/**
 * Data reads from a streaming replica (DATABASE_READ_URL, docs/many-instances.md#read-replicas). A caller's
 * routed database sends its lone statements (`query`) to the replica and its transactions and scripts to the
 * primary. The replica is used only while a periodic check finds it a standby within `maxLagMs` of the
 * primary, and never for a caller who wrote within `readYourWritesMs` (read-your-writes by time window: no
 * extra statement per write or read, and the same rule holds whichever instance took the write, as long as
 * the window exceeds the lag bound plus the check interval). A replica that fails a statement is left for the
 * primary until the next check finds it well; the statement runs again on the primary, so no request fails
 * because of the replica.
 */
import { DatabaseError } from 'pg-protocol';
import type { PostgresOptions } from './postgres.js';
import type { Database, QueryResult } from './types.js';

export interface ReplicaSettings {
  /** A replica further behind than this (ms) serves nothing until it catches up. */
  maxLagMs: number;
  /** A caller's reads go to the primary for this long (ms) after their last write. */
  readYourWritesMs: number;
  /** How often the replica's state is checked (ms). */
  checkEveryMs: number;
}

export const DEFAULT_REPLICA_SETTINGS: ReplicaSettings = {
  maxLagMs: 2_000,
  readYourWritesMs: 5_000,
  checkEveryMs: 500,
};

/** `serving` is the only state in which reads go to the replica. */
export type ReplicaState = 'starting' | 'serving' | 'lagging' | 'down' | 'not a replica';

export interface ReadRouting {
  /** The database of one caller (`who`: member, visitor, key or address), routed as described above. */
  forCaller(who: string): Database;
  /** The last check's verdict, and the lag it measured. */
  state(): { state: ReplicaState; lagMs?: number; reason?: string };
  /** Checks the replica now (the timer does it every `checkEveryMs`). */
  check(): Promise<ReplicaState>;
  close(): Promise<void>;
}

/** A connection-level failure (server gone, restarting, full), a conflict with replay, or a read-only refusal. */
function replicaFault(error: unknown): boolean {
  if (!(error instanceof DatabaseError)) return true; // ECONNREFUSED, reset, DatabaseBusyError…
  const code = error.code ?? '';
  return /^(08|57P0|53300|25006|40001)/.test(code);
}

// Streaming and fully replayed: nothing to wait for, however long ago the last commit was (an idle primary).
const CHECK_SQL = `select pg_is_in_recovery() as standby,
  exists (select 1 from pg_stat_wal_receiver where status = 'streaming') as streaming,
  coalesce(pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn(), false) as replayed,
  (extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000)::float8 as lag_ms`;

interface CheckRow {
  standby: boolean;
  streaming: boolean;
  replayed: boolean;
  lag_ms: number | null;
}

export function openReadRouting(
  primary: Database,
  url: string,
  pool: PostgresOptions,
  settings: ReplicaSettings = DEFAULT_REPLICA_SETTINGS,
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void },
): ReadRouting {
  let replica: Database | undefined;
  let current: ReturnType<ReadRouting['state']> = { state: 'starting' };
  let checking: Promise<ReplicaState> | undefined;
  const wrote = new Map<string, number>(); // caller → until when their reads stay on the primary

  function set(next: ReturnType<ReadRouting['state']>): void {
    if (next.state !== current.state)
      (next.state === 'serving' ? log?.info : log?.warn)?.call(log, { replica: next }, `read replica: ${next.state}`);
    current = next;
  }

  async function runCheck(): Promise<ReplicaState> {
    const now = Date.now();
    for (const [who, until] of wrote) if (until <= now) wrote.delete(who);
    try {
      // Opened lazily: a replica that is down at start must not stop the server.
      replica ??= await (await import('./postgres.js')).openPostgres(url, pool);
      const row = (await replica.query<CheckRow>(CHECK_SQL)).rows[0]!;
      const lagMs = row.streaming && row.replayed ? 0 : (row.lag_ms ?? Infinity);
      if (!row.standby) set({ state: 'not a replica', reason: 'pg_is_in_recovery() is false' });
      else set({ state: lagMs <= settings.maxLagMs ? 'serving' : 'lagging', lagMs });
    } catch (error) {
      set({ state: 'down', reason: error instanceof Error ? error.message : String(error) });
    }
    return current.state;
  }

  function check(): Promise<ReplicaState> {
    checking ??= runCheck().finally(() => (checking = undefined));
    return checking;
  }

  const timer = setInterval(() => void check(), settings.checkEveryMs);
  timer.unref();

  async function read<T>(who: string, run: (db: Database) => Promise<QueryResult<T>>): Promise<QueryResult<T>> {
    const until = wrote.get(who);
    if (current.state !== 'serving' || !replica || (until !== undefined && until > Date.now())) return run(primary);
    try {
      return await run(replica);
    } catch (error) {
      if (!replicaFault(error)) throw error;
      // A conflict with replay (40001) is this statement's bad luck; anything else takes the replica out.
      if ((error as { code?: string }).code !== '40001')
        set({ state: 'down', reason: error instanceof Error ? error.message : String(error) });
      return run(primary);
    }
  }

  return {
    forCaller: (who) => ({
      kind: primary.kind,
      connection: primary.connection,
      primary,
      query: (sql, params) => read(who, (db) => db.query(sql, params)),
      queryWithin: (timeLimitMs, sql, params) =>
        read(who, (db) => (db.queryWithin ? db.queryWithin(timeLimitMs, sql, params) : db.query(sql, params))),
      exec: (sql) => primary.exec(sql),
      async transaction(fn) {
        try {
          return await primary.transaction(fn);
        } finally {
          wrote.set(who, Date.now() + settings.readYourWritesMs);
        }
      },
      // The primary and the replica pool belong to the app, not to one caller.
      close: async () => {},
    }),
    state: () => current,
    check,
    async close() {
      clearInterval(timer);
      await checking;
      await replica?.close();
    },
  };
}

/** The database writes must go to: the primary behind a routed database, else the database itself. */
export function primaryOf(db: Database): Database {
  return db.primary ?? db;
}
