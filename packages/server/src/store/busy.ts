// pg's DatabaseError is pg-protocol's: importing that alone keeps `pg` (and its pool) unloaded on PGlite.
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseError } from 'pg-protocol';

/**
 * The database could not give this request a connection in time: the pool's connections were all busy for
 * `acquireTimeoutMs`, or a new one could not be opened (server or pooler full, restarting, unreachable).
 * A capacity fault, not a bug: answered 503 DATABASE_BUSY with Retry-After, and gone once load drops.
 */
export class DatabaseBusyError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`no database connection available: ${reason}`, options);
    this.name = 'DatabaseBusyError';
  }
}

// too_many_connections, cannot_connect_now, and class 08 (connection exception: what PgBouncer sends for
// query_wait_timeout or max_client_conn).
const BUSY_CODES = /^(53300|57P03|08...)$/;

/** Whether `error` means "no connection now" rather than a fault of the statement or the code. */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof DatabaseBusyError) return true;
  return error instanceof DatabaseError && BUSY_CODES.test(error.code ?? '');
}

const STATEMENT_TIMEOUT = '57014';

/** Whether `error` is PostgreSQL cancelling a statement that ran past `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  return error instanceof DatabaseError && error.code === STATEMENT_TIMEOUT && /statement timeout/.test(error.message);
}

// deadlock_detected, lock_not_available: PostgreSQL ended the statement for another session's locks, not for
// anything in it; the same statement can succeed a moment later.
const LOCK_CONFLICT = /^(40P01|55P03)$/;
/** Attempts at work PostgreSQL ends for another session's locks; 1 s, then 2 s apart. */
const LOCK_CONFLICT_ATTEMPTS = 3;
const LOCK_CONFLICT_WAIT_MS = 1000;

/** Whether `error` is PostgreSQL ending a statement as a deadlock or a lock it could not take. */
export function isLockConflict(error: unknown): boolean {
  return error instanceof DatabaseError && LOCK_CONFLICT.test(error.code ?? '');
}

/**
 * Runs `run`, and again (up to LOCK_CONFLICT_ATTEMPTS in all) when PostgreSQL ends it for another session's locks:
 * two instances building the same index at start, an operator's ANALYZE meeting a CONCURRENTLY build. `cleanup`
 * runs before each new attempt (a CONCURRENTLY build leaves an invalid index behind); any other error is thrown.
 */
export async function retryLockConflicts<T>(
  run: () => Promise<T>,
  options: { cleanup?: () => Promise<unknown>; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= LOCK_CONFLICT_ATTEMPTS || !isLockConflict(error)) throw error;
      options.onRetry?.(error, attempt);
      await options.cleanup?.();
      await sleep(LOCK_CONFLICT_WAIT_MS * attempt);
    }
  }
}
