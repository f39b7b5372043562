/**
 * Issue #27: the prepared-statement switch (`database.preparedStatements`, VITRINE_DB_PREPARED_STATEMENTS).
 * On a direct connection `auto` names hot statements and `unnamed` names none, as PostgreSQL's own list
 * of the session's prepared statements shows. With a PgBouncer that tracks protocol-level prepared
 * statements (≥ 1.21, `max_prepared_statements`), `named` works through it. Needs PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../test-support/database.js';
import { pgBouncerTracksPreparedStatements, startPgBouncer } from '../../test-support/pgbouncer.js';
import { openDatabase } from './open.js';
import type { Database } from './types.js';

const adminUrl = process.env.VITRINE_TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Runs one parameterised text a few times, then reads the session's prepared statements on the same connection. */
async function preparedNames(db: Database, sql = 'select $1::int + 1 as n'): Promise<string[]> {
  for (let i = 0; i < 10; i++) await db.query(sql, [i]);
  const { rows } = await db.transaction((tx) =>
    tx.query<{ name: string }>("select name from pg_prepared_statements where name like 'vitrine\\_%'"),
  );
  return rows.map((r) => r.name);
}

// Skipped (not absent) without PostgreSQL: a file with no suite at all fails `npm test` on PGlite.
describe.skipIf(!adminUrl)('prepared statements on a direct connection', () => {
  const adminUrl = process.env.VITRINE_TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
  const open: Database[] = [];
  afterAll(async () => {
    for (const db of open) await db.close();
  });

  it('auto names hot statements there, unnamed names none; the statement timeout is a start-up parameter', async () => {
    const auto = await openDatabase({ databaseUrl: adminUrl, pool: { poolSize: 1 }, statementTimeoutMs: 5000 });
    const unnamed = await openDatabase({
      databaseUrl: adminUrl,
      pool: { poolSize: 1, preparedStatements: 'unnamed' },
      statementTimeoutMs: 5000,
    });
    open.push(auto, unnamed);
    expect(auto.connection).toEqual({ path: 'direct', preparedStatements: 'named', statementTimeout: 'startup' });
    expect(unnamed.connection).toEqual({
      path: 'direct',
      preparedStatements: 'unnamed',
      statementTimeout: 'startup',
    });
    expect((await preparedNames(auto)).length).toBeGreaterThan(0);
    expect(await preparedNames(unnamed)).toEqual([]);
  });

  it('each pool has its own bound on named texts: a pool opened after another spent its bound still names', async () => {
    const busy = await openDatabase({ databaseUrl: adminUrl, pool: { poolSize: 1 } });
    open.push(busy);
    // 300 distinct texts, each run twice: more than the 256 names a pool gives out.
    for (let i = 0; i < 300; i++)
      for (let run = 0; run < 2; run++) await busy.query(`select $1::int + ${i} as n`, [run]);
    expect((await preparedNames(busy)).length).toBe(256);
    const later = await openDatabase({ databaseUrl: adminUrl, pool: { poolSize: 1 } });
    open.push(later);
    expect(await preparedNames(later, 'select $1::int * 2 as n')).toHaveLength(1);
  });
});

// Debian bookworm's PgBouncer is 1.18, which has no `max_prepared_statements`: this runs where a newer one is installed.
const tracking = adminUrl && pgBouncerTracksPreparedStatements() ? [{ adminUrl }] : [];
describe.each(tracking)('named prepared statements through PgBouncer ≥ 1.21', ({ adminUrl }) => {
  it('run on every server connection PgBouncer hands out', async () => {
    const bouncer = await startPgBouncer({ upstream: adminUrl, settings: { max_prepared_statements: 100 } });
    const database = await createPostgresTestDatabase(adminUrl);
    const db = await openDatabase({
      databaseUrl: bouncer.url(new URL(database.url).pathname.slice(1)),
      pool: { poolSize: 6, preparedStatements: 'named' },
    });
    try {
      expect(db.connection?.preparedStatements).toBe('named');
      const runs = await Promise.all(
        [...Array(60)].map((_, i) => db.query<{ n: number }>('select $1::int + 1 as n', [i])),
      );
      expect(runs.map((r) => r.rows[0]?.n)).toEqual([...Array(60)].map((_, i) => i + 1));
    } finally {
      await db.close();
      await bouncer.stop();
      await database.drop();
    }
  });
});
