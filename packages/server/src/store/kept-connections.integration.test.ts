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
      // Five statements held on an advisory lock until all five have their connection (however slow the
      // machine is to open them), then let go.
      const key = randomBytes(4).readInt32BE();
      await admin.query('select pg_advisory_lock($1)', [key]);
      const held = Array.from({ length: 5 }, () =>
        db.query('select pg_advisory_lock_shared($1), pg_advisory_unlock_shared($1)', [key]),
      );
      for (let i = 0; (await open()) < 5; i++) {
        if (i > 400) throw new Error('the pool did not open five connections');
        await sleep(25);
      }
      await admin.query('select pg_advisory_unlock($1)', [key]);
      await Promise.all(held);
      expect(await open()).toBe(5);
      // The idle ones close (100 ms each; a busy machine's timers run late), then three more idle timeouts pass.
      for (let i = 0; (await open()) > KEPT_CONNECTIONS && i < 200; i++) await sleep(25);
      await sleep(300);
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
