/**
 * A PostgreSQL pool keeps KEPT_CONNECTIONS open through a lull (store/postgres.ts): a shop's first request after
 * a quiet minute does not pay a new backend's start. The rest of its connections still close when idle. Needs
 * PostgreSQL (VITRINE_TEST_DATABASE_URL or TEST_DATABASE_URL); PGlite has no pool.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KEPT_CONNECTIONS, openPostgres } from './postgres.js';

const adminUrl = process.env.VITRINE_TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

// Skipped (not absent) without PostgreSQL: a file with no suite at all fails `npm test` on PGlite.
describe.skipIf(!adminUrl)('connections a PostgreSQL pool keeps', () => {
  it('keeps two open through a lull and closes the others', async () => {
    const name = `vitrine_kept_${randomBytes(4).toString('hex')}`;
    const url = new URL(adminUrl!);
    url.searchParams.set('application_name', name);
    const db = await openPostgres(url.href, { max: 5, idleTimeoutMs: 100 });
    const admin = await openPostgres(adminUrl!, { max: 1 });
    const open = async () =>
      (
        await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where application_name = $1',
          [name],
        )
      ).rows[0]!.n;
    try {
      await Promise.all(Array.from({ length: 5 }, () => db.query('select pg_sleep(0.05)')));
      expect(await open()).toBe(5);
      await sleep(800); // eight idle timeouts
      expect(KEPT_CONNECTIONS).toBe(2);
      expect(await open()).toBe(KEPT_CONNECTIONS);
      expect((await db.query<{ n: number }>('select 1 as n')).rows[0]!.n).toBe(1);
      expect(await open()).toBe(KEPT_CONNECTIONS);
    } finally {
      await db.close();
      await admin.close();
    }
  });
});
