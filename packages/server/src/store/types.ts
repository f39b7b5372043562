/** A row as returned by the database driver: column name → value. */
export type Row = Record<string, unknown>;

export interface QueryResult<T = Row> {
  rows: T[];
  rowCount: number;
}

/** Anything that can run a parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  /** `sql` uses `$1, $2, …` placeholders; never interpolate caller input into `sql`. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** How a PostgreSQL pool talks to its server (store/postgres.ts), logged at start. */
export interface ConnectionInfo {
  /** What stands between: `unknown` is a Unix socket, treated like a pooler. */
  path: 'direct' | 'pooler' | 'unknown';
  preparedStatements: 'named' | 'unnamed';
  /** Where the statement timeout is set: a start-up parameter, `SET LOCAL` per transaction, or the role's own. */
  statementTimeout: 'startup' | 'set local' | 'role default' | 'none';
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL only. */
  readonly connection?: ConnectionInfo;
  /**
   * A caller's database with reads routed to a replica (store/read-replica.ts): the primary its writes go to.
   * Code that writes outside a transaction (index builds) uses `primaryOf(db)`.
   */
  readonly primary?: Database;
  /**
   * Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws.
   * Statements inside must go through the `tx` argument, not the database.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: one statement under its own time limit in ms (`SET LOCAL statement_timeout` in a short
   * transaction of its own, which holds behind PgBouncer in transaction mode too; never above the pool's own
   * limit; 0: the pool's limit only), planned for its own values (never a generic plan). Past the limit it fails
   * with SQLSTATE 57014 and the connection goes back to the pool clean.
   */
  queryWithin?<T = Row>(timeLimitMs: number, sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** PostgreSQL only: the pool's connections (metrics); `waiting` = callers queued for one. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface Migration {
  /** Strictly increasing; never renumber a migration that has shipped. */
  version: number;
  name: string;
  sql: string;
}
