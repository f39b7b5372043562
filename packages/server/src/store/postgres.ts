import pg from 'pg';
import { secondSighting } from './hot-statements.js';
import type { Database, Queryable, QueryResult, Row } from './types.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

const STATEMENT_TIMEOUT = '57014';

/** Whether `error` is PostgreSQL cancelling a statement that ran past `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  return (
    error instanceof pg.DatabaseError && error.code === STATEMENT_TIMEOUT && /statement timeout/.test(error.message)
  );
}

/**
 * Statement texts sent as named prepared statements: pg parses and plans each once per connection
 * and then only binds and executes (the token endpoint's lookups are a few static texts run
 * thousands of times a second). Bounded, so generated texts cannot grow every connection's backend
 * memory: a text is named from its second run, and after MAX_NAMED texts, new ones run unnamed as before. A plan PostgreSQL can no
 * longer use (a migration changed a table's row type) fails with SQLSTATE 0A000; the text is then
 * run unnamed from then on.
 */
const MAX_NAMED = 256;
const names = new Map<string, string>();
const isHot = secondSighting();

function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED && isHot(sql)) {
    name = `vitrine_${names.size + 1}`;
    names.set(sql, name);
  }
  return name || undefined;
}

async function run<T = Row>(
  client: pg.Pool | pg.PoolClient,
  sql: string,
  params: readonly unknown[],
): Promise<QueryResult<T>> {
  // Without parameters pg uses the simple protocol, which allows several statements in one text.
  const name = params.length > 0 ? statementName(sql) : undefined;
  let result;
  try {
    result = await client.query(
      name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] },
    );
  } catch (error) {
    if (!name || (error as { code?: string }).code !== '0A000') throw error;
    names.set(sql, '');
    if (!(client instanceof pg.Pool)) throw error; // the transaction is aborted; its caller retries or fails
    result = await client.query({ text: sql, values: params as unknown[] });
  }
  return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
}

/** Inside a transaction: scripts (migrations) run without the statement timeout until the transaction ends. */
function wrapTransaction(client: pg.PoolClient): Queryable {
  return {
    query: (sql, params = []) => run(client, sql, params),
    async exec(sql: string): Promise<void> {
      await client.query('set local statement_timeout = 0');
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  max?: number;
  /**
   * Longest a statement may run, in ms (0: no limit); PostgreSQL cancels it after that (SQLSTATE 57014).
   * Scripts run through `exec` (migrations, sort-index builds) are exempt: they may rightly take long.
   */
  statementTimeoutMs?: number;
}

/** A pool on a PostgreSQL server; `url` is a `postgres://` connection string. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const timeout = options.statementTimeoutMs ?? 0;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(timeout > 0 ? { statement_timeout: timeout } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: (sql, params = []) => run(pool, sql, params),
    async exec(sql: string): Promise<void> {
      // One connection, unlimited for the script, back to the pool's setting afterwards.
      const client = await pool.connect();
      try {
        await client.query('set statement_timeout = 0');
        await client.query(sql);
      } finally {
        await client.query('reset statement_timeout').then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrapTransaction(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
