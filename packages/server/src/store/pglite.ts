import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult, Row } from './types.js';

// bigint counts arrive as JS numbers on both drivers, so callers never see a driver difference.
const parsers = { [types.INT8]: (value: string) => Number(value) };

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await q.query<T>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM) kept in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ? { dataDir, parsers } : { parsers });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
