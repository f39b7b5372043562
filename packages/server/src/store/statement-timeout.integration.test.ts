/**
 * F-4: a statement timeout on PostgreSQL. Scripts (`exec`: migrations, index builds) are exempt; a statement
 * that runs too long fails with an error `isStatementTimeout` recognises, which the HTTP layer answers with 503.
 * PGlite cannot cancel a running statement (see pglite.ts), so these tests need a PostgreSQL server.
 */
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../test-support/server.js';
import { openDatabase, statementTimeoutFromEnv } from './open.js';
import { isStatementTimeout } from './postgres.js';
import type { Database } from './types.js';

describe('statement timeout settings', () => {
  it('defaults to 10 s, reads VITRINE_STATEMENT_TIMEOUT_MS, and 0 turns it off', () => {
    expect(statementTimeoutFromEnv({})).toBe(10_000);
    expect(statementTimeoutFromEnv({ VITRINE_STATEMENT_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(statementTimeoutFromEnv({ VITRINE_STATEMENT_TIMEOUT_MS: '0' })).toBe(0);
    expect(() => statementTimeoutFromEnv({ VITRINE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /VITRINE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('recognises the driver error of a statement timeout and nothing else', () => {
    const timeout = Object.assign(new pg.DatabaseError('canceling statement due to statement timeout', 0, 'error'), {
      code: '57014',
    });
    const userCancel = Object.assign(new pg.DatabaseError('canceling statement due to user request', 0, 'error'), {
      code: '57014',
    });
    expect(isStatementTimeout(timeout)).toBe(true);
    expect(isStatementTimeout(userCancel)).toBe(false);
    expect(isStatementTimeout(new Error('canceling statement due to statement timeout'))).toBe(false);
  });
});

const url = process.env.TEST_DATABASE_URL ?? process.env.VITRINE_TEST_DATABASE_URL;
const targets = url ? [{ name: 'postgres', url }] : [];

describe.each(targets)('statement timeout on $name', ({ url }) => {
  let db: Database;
  afterAll(async () => db?.close());

  it('cancels a statement that runs too long, inside and outside transactions, but never a script', async () => {
    db = await openDatabase({ databaseUrl: url, statementTimeoutMs: 200 });
    const slow = await db.query('select pg_sleep(2)').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(slow)).toBe(true);
    const inTx = await db
      .transaction((tx) => tx.query('select pg_sleep(2)'))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isStatementTimeout(inTx)).toBe(true);
    await db.exec('select pg_sleep(0.4)');
    await db.transaction((tx) => tx.exec('select pg_sleep(0.4)'));
    // The exemption ends with the script: the same pooled connection times out again.
    for (let i = 0; i < 3; i++)
      expect(
        isStatementTimeout(
          await db.query('select pg_sleep(1)').then(
            () => undefined,
            (e: unknown) => e,
          ),
        ),
      ).toBe(true);
  }, 30_000);
});

const serverUrl = process.env.VITRINE_TEST_DATABASE_URL;
describe.each(serverUrl ? [{ name: 'postgres' }] : [])('a data query past the statement timeout on $name', () => {
  it('is answered 503 STATEMENT_TIMEOUT, not a 500', async () => {
    vi.stubEnv('VITRINE_STATEMENT_TIMEOUT_MS', '300');
    const server = await startTestServer().finally(() => vi.unstubAllEnvs());
    try {
      await server.ctx.db.exec(`insert into data_items (site_id, collection_id, id, data, created_at, updated_at)
        select '${server.siteId}', 'Products', 'bulk-' || g, jsonb_build_object('_id', 'bulk-' || g, 'title', 'title ' || g), now(), now()
        from generate_series(1, 30000) g`);
      // Within every cost limit, yet seconds of work over 30 000 items.
      const filter = { $or: Array.from({ length: 400 }, (_, i) => ({ title: { $contains: `nothing-${i}` } })) };
      const res = await fetch(`${server.url}/wix-data/v2/items/count`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataCollectionId: 'Products', filter }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'STATEMENT_TIMEOUT' } } });
    } finally {
      await server.close();
    }
  }, 60_000);
});
