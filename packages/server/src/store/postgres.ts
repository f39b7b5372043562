import pg from 'pg';
import { DatabaseBusyError, isDatabaseBusy } from './busy.js';

export { isStatementTimeout } from './busy.js';
import { statementNamer, type StatementNamer } from './hot-statements.js';
import { probeConnection } from './pooler-probe.js';
import { DEFAULT_POOL_SETTINGS, type PreparedStatements } from './pool-settings.js';
import type { ConnectionInfo, Database, Queryable, QueryResult } from './types.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * One statement on one connection. Named only with a `namer` (a transaction pooler without protocol-level
 * prepared statement support hands the next transaction another server connection, where the name is
 * unknown or already taken). Without parameters pg uses the simple protocol, which allows several
 * statements in one text. `retry`: outside a transaction, a stale plan (0A000) is retried unnamed.
 */
async function statement<T>(
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[],
  namer: StatementNamer | undefined,
  retry: boolean,
): Promise<QueryResult<T>> {
  const name = namer && params.length > 0 ? namer.name(sql) : undefined;
  let result;
  try {
    result = await client.query(
      name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] },
    );
  } catch (error) {
    if (!name || (error as { code?: string }).code !== '0A000') throw error;
    namer?.forget(sql);
    if (!retry) throw error; // the transaction is aborted; its caller retries or fails
    result = await client.query({ text: sql, values: params as unknown[] });
  }
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

export interface PostgresOptions {
  /** Connections this instance opens at most. */
  max?: number;
  /** Longest a statement waits for a free connection; then DatabaseBusyError (503). */
  acquireTimeoutMs?: number;
  /**
   * Longest a statement may run, in ms (0: no limit); PostgreSQL cancels it after that (SQLSTATE 57014).
   * Scripts run through `exec` (migrations, sort-index builds) are exempt: they may rightly take long.
   */
  statementTimeoutMs?: number;
  preparedStatements?: PreparedStatements;
  /** How long a connection above KEPT_CONNECTIONS may sit idle before it is closed (pg.Pool's 10 s; tests shorten it). */
  idleTimeoutMs?: number;
}

/**
 * Connections a pool keeps open however long it sits idle. A new connection's first statements pay its
 * backend's start, catalog caches and (named mode) its prepares: 58–66 ms for a first query where a warm one
 * takes 5–16 (bench/RESULTS.md → "#54, `$search` and first calls at 1,000,000"), which pg.Pool's default
 * brought back after every 10-s lull. Two stay open from the first use on; the rest of `max` still closes when
 * idle. They count in the connection budget already (`max` is the figure there: docs/many-instances.md).
 */
export const KEPT_CONNECTIONS = 2;

/**
 * How this pool talks to PostgreSQL, decided once at open (store/pooler-probe.ts). On a direct connection
 * the statement timeout is a start-up parameter and statements are named. Behind a pooler nothing may
 * outlive a transaction: PgBouncer refuses start-up parameters it does not know, and a session `SET` would
 * stay on a server connection that other clients get next. There the timeout is `SET LOCAL` at the start of
 * each transaction, unless the role's or database's own `statement_timeout` already is the configured one.
 */
function plan(
  path: ConnectionInfo['path'],
  mode: PreparedStatements,
  timeoutMs: number,
  defaultMs: number,
): ConnectionInfo {
  const direct = path === 'direct';
  return {
    path,
    preparedStatements: mode === 'named' || (mode === 'auto' && direct) ? 'named' : 'unnamed',
    statementTimeout:
      timeoutMs === 0 ? 'none' : direct ? 'startup' : defaultMs === timeoutMs ? 'role default' : 'set local',
  };
}

/** A pool on a PostgreSQL server (or a pooler in front of one); `url` is a `postgres://` connection string. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const timeout = options.statementTimeoutMs ?? 0;
  const probe = await probeConnection(url);
  const info = plan(
    probe.path,
    options.preparedStatements ?? DEFAULT_POOL_SETTINGS.preparedStatements,
    timeout,
    probe.defaultStatementTimeoutMs,
  );
  // One namer per pool: its connections are the only ones that hold its names.
  const namer = info.preparedStatements === 'named' ? statementNamer() : undefined;
  const local = info.statementTimeout === 'set local';
  const begin = local ? `begin; set local statement_timeout = ${timeout}` : 'begin';
  const max = options.max ?? DEFAULT_POOL_SETTINGS.poolSize;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: Math.min(KEPT_CONNECTIONS, max),
    ...(options.idleTimeoutMs ? { idleTimeoutMillis: options.idleTimeoutMs } : {}),
    connectionTimeoutMillis: options.acquireTimeoutMs ?? DEFAULT_POOL_SETTINGS.acquireTimeoutMs,
    ...(info.statementTimeout === 'startup' ? { statement_timeout: timeout } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  async function acquire(): Promise<pg.PoolClient> {
    try {
      return await pool.connect();
    } catch (error) {
      throw new DatabaseBusyError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** Runs `fn` on a connection of the pool; a connection that failed (not just its statement) is dropped. */
  async function withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await acquire();
    try {
      const result = await fn(client);
      client.release();
      return result;
    } catch (error) {
      // PgBouncer closes a client it answered `query_wait_timeout` (08P01); such a connection is not reused.
      const broken = !(error instanceof pg.DatabaseError) || isDatabaseBusy(error);
      client.release(broken ? (error as Error) : undefined);
      throw error;
    }
  }

  async function inTransaction<T>(client: pg.PoolClient, fn: () => Promise<T>, start = begin): Promise<T> {
    await client.query(start);
    try {
      const result = await fn();
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  }

  function wrapTransaction(client: pg.PoolClient): Queryable {
    return {
      query: (sql, params = []) => statement(client, sql, params, namer, false),
      // Scripts (migrations) run without the statement timeout until the transaction ends.
      async exec(sql: string): Promise<void> {
        await client.query('set local statement_timeout = 0');
        await client.query(sql);
      },
    };
  }

  await withClient((client) => client.query('select 1'));
  return {
    kind: 'postgres',
    connection: info,
    query: (sql, params = []) =>
      withClient((client) =>
        // Behind a pooler each statement is its own transaction; the timeout needs an explicit one.
        local
          ? inTransaction(client, () => statement(client, sql, params, namer, false))
          : statement(client, sql, params, namer, true),
      ),
    exec: (sql: string) =>
      withClient(async (client) => {
        // Behind a pooler the script runs alone (a `create index concurrently` cannot run in a transaction),
        // under the server connection's own setting; a session SET would outlive it on a shared connection.
        if (info.statementTimeout !== 'startup') return void (await client.query(sql));
        // A direct connection: unlimited for the script, back to the pool's setting afterwards.
        await client.query('set statement_timeout = 0');
        try {
          await client.query(sql);
        } finally {
          // A connection that cannot be reset (the script left a failed transaction) is dropped, not reused.
          await client.query('reset statement_timeout').catch((error: Error) => {
            throw new Error(`could not reset statement_timeout: ${error.message}`);
          });
        }
      }),
    transaction: (fn) => withClient((client) => inTransaction(client, () => fn(wrapTransaction(client)))),
    queryWithin: <T>(timeLimitMs: number, sql: string, params: readonly unknown[] = []) =>
      withClient((client) => {
        // Unnamed: planned for these values every time. A named statement turns generic after five runs, and a
        // generic plan may choose a parallel seq scan for what an index answers (a count: 240 ms, not 6 ms).
        const run = () => statement<T>(client, sql, params, undefined, false);
        if (timeLimitMs <= 0) return local ? inTransaction(client, run) : run();
        const limit = Math.max(1, Math.floor(timeout > 0 ? Math.min(timeLimitMs, timeout) : timeLimitMs));
        return inTransaction(client, run, `begin; set local statement_timeout = ${limit}`);
      }),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    close: () => pool.end(),
  };
}
