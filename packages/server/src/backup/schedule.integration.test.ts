import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config-files/index.js';
import { signedIn } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { listBackups } from './folder.js';
import { runDueBackup } from './schedule.js';

/** Scheduled backups of the embedded database and the "last backup" the console's Settings page shows. */
const HOUR = 3_600_000;
let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'vitrine-scheduled-'));

beforeAll(async () => {
  server = await startTestServer();
  // Set after the start, so the server's own timer is not armed: the test drives the steps itself.
  server.ctx.config.backups = { everyHours: 6, keep: 2, dir };
});
afterAll(() => server.close());

describe.skipIf(Boolean(process.env.VITRINE_TEST_DATABASE_URL))('scheduled backups', () => {
  it('backs up when due, not before, and keeps the newest `keep`', async () => {
    const latest = () =>
      fetch(`${server.url}/_admin/v1/backups/latest`, { headers: { authorization: `Bearer ${server.adminKey}` } });
    expect(await (await latest()).json()).toMatchObject({ latest: null, database: 'pglite' });

    const now = Date.now();
    const first = await runDueBackup(server.ctx, now);
    expect(first?.rows).toBeGreaterThan(0);
    expect(await runDueBackup(server.ctx, now + 5 * HOUR)).toBeUndefined();
    expect(await runDueBackup(server.ctx, now + 6 * HOUR + 1000)).toBeDefined();
    // The next is due six hours after the newest backup's own time (the database's clock).
    await new Promise((r) => setTimeout(r, 5));
    await runDueBackup(server.ctx, now + 13 * HOUR);
    const kept = listBackups(dir);
    expect(kept).toHaveLength(2);
    expect(kept.map((b) => b.name)).not.toContain(first!.name);

    const body = (await (await latest()).json()) as { latest: { name: string }; schedule: { everyHours: number } };
    expect(body.latest.name).toBe(kept[0]!.name);
    expect(body.schedule).toMatchObject({ everyHours: 6, keep: 2 });
    expect((await fetch(`${server.url}/_admin/v1/backups/latest`)).status).toBe(401);
    // A console owner (any role) sees the status; taking or downloading a backup (every site's data) needs the key.
    const support = await signedIn(server, 'backup-support@example.com', 'support');
    expect((await support.call('GET', '/_admin/v1/backups/latest')).body).toMatchObject({
      latest: { name: kept[0]!.name },
    });
    expect((await support.call('POST', '/_admin/v1/backups', {})).status).toBe(401);
    expect((await support.call('GET', `/_admin/v1/backups/${kept[0]!.name}`)).status).toBe(401);
    // Only names from the folder are served.
    const probe = await fetch(`${server.url}/_admin/v1/backups/..%2Fadmin-key`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(probe.status).toBe(404);
  });
});

describe('backup settings', () => {
  it('validates `backups` in the config file like the rest', () => {
    const file = join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({
        sites: [{ id: 'shop', clients: [{ clientId: 'web', redirectUris: ['https://a.test/cb'] }] }],
        backups: { everyHours: 0, keep: 'all' },
      }),
    );
    const load = () => loadConfig({ env: {}, configPath: file });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/backups\.everyHours/);
    expect(load).toThrow(/backups\.keep/);
  });
});
