import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../test-support/boot.js';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { APP } from '../../test-support/redirect-kit.js';
import {
  backupConfig,
  freePort,
  kidOf,
  sessionWorks,
  startBackupServer,
  stubBackupEnv,
} from '../../test-support/backup-kit.js';
import { openDatabase } from '../store/open.js';
import { sequenceValues } from './catalog.js';

/**
 * `vitrine move` (issue #33): a server on the embedded database issues a member's tokens; it stops; the
 * store moves to a new PostgreSQL database; a server started on that database accepts the same access and
 * refresh tokens and signs with the same key. Needs VITRINE_TEST_DATABASE_URL (a role that may create
 * databases, e.g. postgres://postgres@127.0.0.1:5432/postgres).
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;

function capture() {
  let out = '';
  let err = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  const c = vi.spyOn(console, 'error').mockImplementation((...args) => void (err += args.join(' ') + '\n'));
  return { out: () => out, err: () => err, restore: () => (w.mockRestore(), e.mockRestore(), c.mockRestore()) };
}

afterEach(() => vi.unstubAllEnvs());

describe.skipIf(!adminUrl)('vitrine move --to postgres://…', () => {
  it('moves an embedded store to an empty PostgreSQL database; tokens issued before keep working', async () => {
    const port = await freePort();
    stubBackupEnv(port);
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-move-'));
    const target = await createEmptyPostgresDatabase(adminUrl!);
    const io = capture();
    try {
      const embedded = await startBackupServer(backupConfig(port, { dataDir }));
      const member = await embedded.account.member();
      await embedded.server.close();

      expect(await main(['move', '--to', target.url, '--data-dir', dataDir])).toBe(0);
      expect(io.out()).toContain('row counts and checksums match');
      expect(io.out()).toContain(`DATABASE_URL=${target.url} npx vitrine serve`);
      // The target now has tables: a second move into it is refused.
      expect(await main(['move', '--to', target.url, '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('the target database is not empty');
      io.restore();
      // Sequences carry on from where the embedded database was (no key is handed out twice).
      const [source, copy] = [await openDatabase({ dataDir }), await openDatabase({ databaseUrl: target.url })];
      try {
        const expected = await sequenceValues(source);
        expect(expected.some((s) => s.lastValue !== null)).toBe(true);
        expect(await sequenceValues(copy)).toEqual(expected);
      } finally {
        await Promise.all([source.close(), copy.close()]);
      }

      const moved = await startBackupServer(backupConfig(port, { dataDir, databaseUrl: target.url }));
      try {
        expect(moved.server.vitrine.ctx.db.kind).toBe('postgres');
        expect(await sessionWorks(moved.server.localUrl, member, APP.clientId)).toEqual({
          me: 200,
          refresh: 200,
          renewedKid: kidOf(member.accessToken),
        });
      } finally {
        await moved.server.close();
      }
    } finally {
      io.restore();
      await target.drop();
    }
  }, 600_000);
});
