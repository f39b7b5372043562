import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { embeddedSettings } from './pglite-memory.js';
import { emptyClusterSnapshot } from './pglite-snapshot.js';
import { preparedStatements } from './pglite-prepared.js';
import type { Database, Queryable, QueryResult, Row } from './types.js';

// bigint counts arrive as JS numbers on both drivers, so callers never see a driver difference.
const parsers = { [types.INT8]: (value: string) => Number(value) };

export { pgliteVersion, Tarball } from './pglite-snapshot.js';

type Prepared = ReturnType<typeof preparedStatements>;

// Extension modules the migrations create (pg_trgm: the members search index, migration 73).
const extensions = { pg_trgm };

/**
 * Statements run as named prepared statements (see pglite-prepared.ts) under the same locks
 * `PGlite.query` takes: `lock` is the database's transaction lock at the root, the query lock inside
 * a transaction (which already holds the other).
 */
function wrap(
  q: Pick<PGlite, 'query' | 'exec'>,
  prepared: Prepared,
  lock: <T>(fn: () => Promise<T>) => Promise<T>,
  after?: () => Promise<void>,
): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const fast = await lock(async () => {
        const result = await prepared.run<T>(sql, params);
        if (result && after) await after();
        return result;
      });
      if (fast) return fast;
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/**
 * `PGlite.transaction` with the same locking and outcomes (commit when `fn` resolves, rollback when it
 * throws, COMMIT of a failed transaction throws), but BEGIN and COMMIT go to the backend as one raw
 * simple-protocol call each instead of through PGlite's general query path: 11 against 96 CPU-µs for an
 * empty transaction (#11; every write of the app is a transaction). Inside, every statement runs through
 * `prepared` (named when hot, else as the unnamed statement): `PGlite.query` would wait for the lock held here.
 */
async function transaction<T>(pg: PGlite, prepared: Prepared, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(async () => {
    const control = (sql: string) => pg._runExclusiveQuery(() => prepared.simple(sql));
    await control('BEGIN');
    let closed = false;
    const locked = <R>(run: () => Promise<R>) => {
      if (closed) throw new Error('Transaction is closed');
      return pg._runExclusiveQuery(run);
    };
    const tx: Queryable = {
      async query<R = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
        return locked(async () => (await prepared.run<R>(sql, params)) ?? (await prepared.runOnce<R>(sql, params)));
      },
      async exec(sql: string): Promise<void> {
        await locked(() => prepared.simple(sql));
      },
    };
    try {
      const result = await fn(tx);
      closed = true;
      if ((await control('COMMIT')) === 'ROLLBACK')
        throw new Error('The transaction failed and was rolled back (a statement in it raised an error)');
      await pg.syncToFs();
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await control('ROLLBACK');
      }
      throw error;
    }
  });
}

/**
 * Embedded PostgreSQL (WASM) kept in `dataDir`, or in memory when `dataDir` is undefined.
 *
 * No statement timeout: PGlite accepts `SET statement_timeout` but never fires it (0.5.x, checked: a 10 s
 * statement under a 200 ms timeout ran to the end), because PostgreSQL's timeouts need signals, and WASM
 * PostgreSQL runs synchronously on the JavaScript thread, so not even a JS timer can run while a statement
 * does. Only ending the whole database (a worker thread terminated) would stop one. On PGlite the data API's
 * cost limits (data/filter/limits.ts) and per-address rate limits are therefore the guard; production sites
 * with public data should run on PostgreSQL, where `VITRINE_STATEMENT_TIMEOUT_MS` applies.
 */
export async function openPglite(dataDir?: string, options: { snapshot?: Blob } = {}): Promise<Database> {
  return pgliteDatabase(await startPglite(dataDir, options));
}

/**
 * The running cluster under `openPglite`: the tests keep emptied ones for their next server
 * (test-support/pglite-pool.ts).
 */
export async function startPglite(dataDir?: string, options: { snapshot?: Blob } = {}): Promise<PGlite> {
  if (!dataDir)
    return PGlite.create({
      parsers,
      extensions,
      ...embeddedSettings(),
      loadDataDir: options.snapshot ?? (await emptyClusterSnapshot()),
    });
  mkdirSync(dataDir, { recursive: true });
  // A directory without PostgreSQL's files is new: a first start, a restore, a test that starts from nothing.
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  return PGlite.create({
    dataDir,
    parsers,
    extensions,
    ...embeddedSettings(),
    ...(fresh ? { loadDataDir: await emptyClusterSnapshot() } : {}),
  });
}

/** The app's database over a running cluster; `close` ends the cluster unless told otherwise. */
export function pgliteDatabase(pg: PGlite, close: () => Promise<void> = () => pg.close()): Database {
  const prepared = preparedStatements(pg);
  // Outside a transaction PGlite writes through to the data directory after each statement; so do we.
  const root = wrap(
    pg,
    prepared,
    (fn) => pg._runExclusiveTransaction(() => pg._runExclusiveQuery(fn)),
    () => pg.syncToFs(),
  );
  const db: Database = {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => transaction(pg, prepared, fn),
    close,
  };
  clusters.set(db, pg);
  return db;
}

const clusters = new WeakMap<Database, PGlite>();

/**
 * The files of an open embedded database, for `openPglite(undefined, { snapshot })`: the tests migrate
 * one database and start each of their servers from a copy instead of replaying every migration.
 */
export async function snapshotPglite(db: Database): Promise<Blob> {
  const pg = clusters.get(db);
  if (!pg) throw new Error('snapshotPglite: not an embedded database opened by openPglite');
  return pg.dumpDataDir('none');
}
