/**
 * Issue #27, connection budget: when every connection of an instance's pool is held for longer than
 * `acquireTimeoutMs`, a request is answered 503 DATABASE_BUSY with Retry-After (load, not a bug), never a
 * 500, and the instance serves again by itself once the connections come back. Needs PostgreSQL
 * (VITRINE_TEST_DATABASE_URL); PGlite has no pool.
 */
import { describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../test-support/server.js';
import { poolSettings } from './pool-settings.js';

describe('pool settings', () => {
  it('takes the config file, then each VITRINE_DB_* variable over it, and refuses a bad value', () => {
    expect(poolSettings({}, {})).toEqual({ poolSize: 10, acquireTimeoutMs: 5000, preparedStatements: 'auto' });
    expect(poolSettings({ poolSize: 4, preparedStatements: 'named' }, { VITRINE_DB_POOL_SIZE: '6' })).toEqual({
      poolSize: 6,
      acquireTimeoutMs: 5000,
      preparedStatements: 'named',
    });
    expect(
      poolSettings({}, { VITRINE_DB_PREPARED_STATEMENTS: 'unnamed', VITRINE_DB_ACQUIRE_TIMEOUT_MS: '250' }),
    ).toEqual({ poolSize: 10, acquireTimeoutMs: 250, preparedStatements: 'unnamed' });
    expect(() => poolSettings({}, { VITRINE_DB_POOL_SIZE: '0' })).toThrow(/VITRINE_DB_POOL_SIZE/);
    expect(() => poolSettings({}, { VITRINE_DB_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      /VITRINE_DB_PREPARED_STATEMENTS must be one of auto, named, unnamed/,
    );
  });
});

const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;

describe.each(adminUrl ? [{ name: 'postgres' }] : [])('a pool run dry on $name', () => {
  it('answers 503 DATABASE_BUSY with Retry-After while every connection is held, then serves again', async () => {
    vi.stubEnv('VITRINE_DB_POOL_SIZE', '2');
    vi.stubEnv('VITRINE_DB_ACQUIRE_TIMEOUT_MS', '300');
    const server = await startTestServer().finally(() => vi.unstubAllEnvs());
    const query = () =>
      fetch(`${server.url}/wix-data/v2/items/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataCollectionId: 'Products' }),
      });
    const visitor = () =>
      fetch(`${server.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
      });
    const gql = () =>
      fetch(`${server.url}/graphql/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ products(limit: 5) { items { _id } } }' }),
      });
    try {
      expect((await query()).status).toBe(200);
      // Two long transactions take both connections (a slow report, a stuck batch).
      const held = [0, 1].map(() => server.ctx.db.transaction((tx) => tx.query('select pg_sleep(2.5)')));
      await new Promise((r) => setTimeout(r, 200));
      for (const res of [await query(), await visitor()]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('1');
        expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'DATABASE_BUSY' } } });
      }
      const viaGql = (await (await gql()).json()) as {
        errors?: { extensions: { code: string; httpStatus: number } }[];
      };
      expect(viaGql.errors?.[0]?.extensions).toMatchObject({ code: 'DATABASE_BUSY', httpStatus: 503 });
      await Promise.all(held);
      // Nothing to reset: the next requests find the connections back.
      expect((await query()).status).toBe(200);
      expect((await visitor()).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 30_000);
});
