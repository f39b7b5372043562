import { openPglite } from './pglite.js';
import { poolSettings, type PoolSettings } from './pool-settings.js';
import { openReadRouting, type ReadRouting } from './read-replica.js';
import { replicaSettings, type ReplicaFileSettings } from './replica-settings.js';
import type { Database } from './types.js';

/** Default statement timeout: far above any query the limits of the data API let through, short enough to free the pool. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

export interface OpenDatabaseOptions {
  /** `postgres://…`; when absent the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PostgreSQL only: longest a statement may run, in ms (0: no limit). Default: `VITRINE_STATEMENT_TIMEOUT_MS`,
   * else 10 s. PGlite has no such setting that works (see pglite.ts); there the data API's cost limits apply.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL only: the config file's `database` section; each value is overridden by its environment variable. */
  pool?: Partial<PoolSettings> | undefined;
}

/** `VITRINE_STATEMENT_TIMEOUT_MS`: a whole number of milliseconds, 0 for none; anything else is a start-up error. */
export function statementTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.VITRINE_STATEMENT_TIMEOUT_MS;
  if (raw === undefined || raw === '') return DEFAULT_STATEMENT_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`VITRINE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 for none), not "${raw}"`);
  return ms;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (!options.databaseUrl) return openPglite(options.dataDir);
  const pool = poolSettings(options.pool);
  // Loaded only here: `pg` and its pool are ~15 MB of an embedded server's memory that it never uses.
  const { openPostgres } = await import('./postgres.js');
  return openPostgres(options.databaseUrl, {
    statementTimeoutMs: options.statementTimeoutMs ?? statementTimeoutFromEnv(),
    max: pool.poolSize,
    acquireTimeoutMs: pool.acquireTimeoutMs,
    preparedStatements: pool.preparedStatements,
  });
}

/**
 * The read replica's routing when `readUrl` is set (store/read-replica.ts), checked once before the server
 * serves; a replica that is down or lagging then only logs, and reads stay on the primary until it is well.
 */
export async function openReadReplica(
  primary: Database,
  readUrl: string | undefined,
  file: (Partial<PoolSettings> & ReplicaFileSettings) | undefined,
  log: { warn(details: object, message: string): void; info(details: object, message: string): void },
): Promise<ReadRouting | undefined> {
  if (!readUrl) return undefined;
  if (primary.kind !== 'postgres')
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: a read replica serves a PostgreSQL primary, not PGlite');
  const pool = poolSettings(file);
  const routing = openReadRouting(
    primary,
    readUrl,
    {
      statementTimeoutMs: statementTimeoutFromEnv(),
      max: pool.poolSize,
      // A replica that does not answer quickly is left for the primary rather than waited on.
      acquireTimeoutMs: Math.min(pool.acquireTimeoutMs, 2_000),
      preparedStatements: pool.preparedStatements,
    },
    replicaSettings(file),
    log,
  );
  await routing.check();
  return routing;
}
