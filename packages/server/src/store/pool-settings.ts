/**
 * How the server uses a PostgreSQL server: the pool per instance, how long a request waits for one of its
 * connections, and whether statements are named prepared statements. Read from the config file's
 * `database` section, each overridden by its environment variable (docs/many-instances.md).
 */

/**
 * `named`: parse and plan a hot statement once per connection (a direct connection, or a pooler that
 * tracks protocol-level prepared statements, e.g. PgBouncer ≥ 1.21 with `max_prepared_statements`).
 * `unnamed`: every statement parsed each time (any pooler). `auto`: named on a direct connection, unnamed
 * when a pooler sits in between (store/pooler-probe.ts).
 */
export type PreparedStatements = 'auto' | 'named' | 'unnamed';
export const PREPARED_STATEMENT_MODES: readonly PreparedStatements[] = ['auto', 'named', 'unnamed'];

export interface PoolSettings {
  /** Connections this instance opens at most (instances × poolSize must fit the pooler's or server's limit). */
  poolSize: number;
  /** Longest a statement waits for a free connection before the request is answered 503 DATABASE_BUSY. */
  acquireTimeoutMs: number;
  preparedStatements: PreparedStatements;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  poolSize: 10,
  acquireTimeoutMs: 5_000,
  preparedStatements: 'auto',
};

const whole = (name: string, raw: string, min: number, max: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
};

/** The config file's values (already checked by its schema), then the environment over them; bad env values stop the start. */
export function poolSettings(file: Partial<PoolSettings> = {}, env: NodeJS.ProcessEnv = process.env): PoolSettings {
  const s: PoolSettings = { ...DEFAULT_POOL_SETTINGS, ...file };
  if (env.VITRINE_DB_POOL_SIZE) s.poolSize = whole('VITRINE_DB_POOL_SIZE', env.VITRINE_DB_POOL_SIZE, 1, 1000);
  if (env.VITRINE_DB_ACQUIRE_TIMEOUT_MS)
    s.acquireTimeoutMs = whole('VITRINE_DB_ACQUIRE_TIMEOUT_MS', env.VITRINE_DB_ACQUIRE_TIMEOUT_MS, 1, 600_000);
  const mode = env.VITRINE_DB_PREPARED_STATEMENTS;
  if (mode) {
    if (!PREPARED_STATEMENT_MODES.includes(mode as PreparedStatements))
      throw new Error(`VITRINE_DB_PREPARED_STATEMENTS must be one of auto, named, unnamed, not "${mode}"`);
    s.preparedStatements = mode as PreparedStatements;
  }
  return s;
}
