import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, loadConfig } from '../../test-support/boot.js';
import { createPostgresTestDatabase } from '../../test-support/database.js';
import { buildServerEntry, freePort, startServerProcess } from '../../test-support/server-process.js';
import { startTestSmtp, waitFor, type CapturedMail } from '../../test-support/smtp.js';

/**
 * SIGTERM under load, on a real process: writers keep registering members (each queues a verification
 * mail) and adding cart items while the signal lands. Every request the server acknowledged is kept, none
 * is answered 5xx, the process exits 0, and a second instance on the same database delivers the mail the
 * first left in its outbox — each exactly once. On PostgreSQL with VITRINE_TEST_DATABASE_URL; otherwise on
 * an embedded data directory, which the second instance opens once the first has exited.
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const WRITERS = 6;

describe('SIGTERM under load', () => {
  it(
    'loses no acknowledged request, answers no 5xx, exits 0; a second instance takes the outbox over',
    { timeout: 240_000 },
    async () => {
      const entry = await buildServerEntry();
      cleanups.push(entry.remove);
      const database = adminUrl ? await createPostgresTestDatabase(adminUrl) : undefined;
      if (database) cleanups.push(database.drop);
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-sigterm-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // The first instance's relay is slow, so deliveries are in flight (and waiting) when the signal comes.
      const relayA = await startTestSmtp({ delayMs: 150 });
      const relayB = await startTestSmtp();
      cleanups.push(relayA.close, relayB.close);
      const adminKey = randomBytes(24).toString('base64url');
      const env = {
        VITRINE_ADMIN_KEY: adminKey,
        DATABASE_URL: database?.url ?? '',
        VITRINE_DATA_DIR: dataDir,
        VITRINE_AUTH_RATE_LIMITS: '0',
        VITRINE_DATA_WRITE_RATE_LIMIT: '0',
        VITRINE_TOKEN_RATE_LIMIT: '0',
      };
      const a = await startServerProcess(entry.main, await freePort(), { ...env, SMTP_URL: relayA.url });
      cleanups.push(() => void a.child.kill('SIGKILL'));

      const statuses: number[] = [];
      const members: string[] = [];
      const items: string[] = [];
      let signalled = false;
      const post = async (path: string, token: string, body: unknown) => {
        const res = await fetch(`${a.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(body),
        });
        statuses.push(res.status);
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      const writer = async (w: number) => {
        const grant = await post('/oauth2/token', '', { clientId: 'demo-storefront', grantType: 'anonymous' });
        const token = `Bearer ${(grant.json as { access_token: string }).access_token}`;
        for (let i = 0; ; i++) {
          try {
            const email = `w${w}-${i}-${randomBytes(3).toString('hex')}@example.com`;
            const reg = await post('/_api/iam/authentication/v2/register', token, {
              loginId: { email },
              password: 'a long passphrase 1',
            });
            if (reg.status === 200) members.push(email);
            const item = await post('/wix-data/v2/items', token, {
              dataCollectionId: 'Cart',
              dataItem: { data: { sku: `w${w}-${i}`, qty: 1 } },
            });
            if (item.status === 200) items.push((item.json.dataItem as { id: string }).id);
          } catch {
            // Refused or reset before an answer: never acknowledged. After the signal, the server is gone.
            if (signalled) return;
          }
        }
      };
      const load = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await waitFor(() => members.length >= 30, 120_000);
      const started = Date.now();
      signalled = true;
      a.child.kill('SIGTERM');
      const code = await a.exited;
      const tookMs = Date.now() - started;
      await Promise.all(load);

      expect(code, a.output()).toBe(0);
      expect(tookMs).toBeLessThan(15_000); // VITRINE_SHUTDOWN_TIMEOUT_MS (10 s) bounds it
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      const leftOver = members.filter((email) => !relayA.received.some((m) => m.to.includes(email)));
      expect(leftOver.length, 'mail still waiting when the first instance stopped').toBeGreaterThan(0);

      const config = loadConfig({
        env: { ...env, DATABASE_URL: database?.url, SMTP_URL: relayB.url, PUBLIC_URL: 'http://127.0.0.1:1' },
        dataDir,
        port: 0,
      });
      const b = await createApp({ config, logLevel: 'silent', mailPollMs: 50 });
      try {
        const all = (): CapturedMail[] => [...relayA.received, ...relayB.received];
        // Promptly: a clean stop leaves no lease behind (a killed instance's leases hold its rows for 60 s).
        await waitFor(() => members.every((email) => all().some((m) => m.to.includes(email))), 30_000);
        for (const email of members) expect(all().filter((m) => m.to.includes(email))).toHaveLength(1);
        // Nothing queued is left behind either. A sign-up the signal cut off after its commit was never
        // acknowledged (so it is not in `members`), yet its mail is queued too: B sends it, perhaps a poll
        // after the last acknowledged one (CI once counted it here, still unsent).
        const unsent = async () =>
          (
            await b.ctx.db.query<{ n: number }>(
              'select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null',
            )
          ).rows[0]!.n;
        await waitFor(async () => (await unsent()) === 0, 30_000);
        expect(await unsent()).toBe(0);
        const kept = await b.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from members where email = any($1::text[])`,
          [members],
        );
        expect(kept.rows[0]!.n).toBe(members.length);
        const cart = await b.ctx.db.query<{ n: number }>(
          `select count(*)::int as n from data_items where collection_id = 'Cart' and id = any($1::text[])`,
          [items],
        );
        expect(cart.rows[0]!.n).toBe(items.length);
      } finally {
        await b.close();
      }
    },
  );
});
