import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../test-support/boot.js';
import { APP } from '../../test-support/redirect-kit.js';
import {
  BACKUP_ADMIN_KEY,
  backupConfig,
  freePort,
  kidOf,
  sessionWorks,
  startBackupServer,
  stubBackupEnv,
} from '../../test-support/backup-kit.js';
import { readManifest } from './format.js';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';

/**
 * Backup under load and restore (issue #33): a server on an embedded database takes writes from 8 writers
 * while `vitrine backup` asks it for a snapshot; the backup restored into a new data directory holds every
 * write acknowledged before the snapshot was asked for, and a member session and the signing key from
 * before still work on the restored server.
 */
const WRITERS = 8;
// With VITRINE_TEST_DATABASE_URL the same runs on PostgreSQL: the backup reads a repeatable-read snapshot
// directly (no server in between) and is restored into a second, empty database.
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

describe('vitrine backup and restore', () => {
  it('backs up under 8 writers; the restore has every acknowledged write, the session and the signing key', async () => {
    const port = await freePort();
    stubBackupEnv(port);
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-backup-a-'));
    const restoredDir = mkdtempSync(join(tmpdir(), 'vitrine-backup-b-'));
    const file = join(mkdtempSync(join(tmpdir(), 'vitrine-backup-f-')), 'shop.ndjson.gz');
    const [db1, db2] = adminUrl
      ? await Promise.all([createEmptyPostgresDatabase(adminUrl), createEmptyPostgresDatabase(adminUrl)])
      : [];
    const on = (db: typeof db1) => {
      if (db) vi.stubEnv('DATABASE_URL', db.url);
      return db ? { databaseUrl: db.url } : {};
    };
    try {
      const first = await startBackupServer(backupConfig(port, { dataDir, ...on(db1) }));
      const member = await first.account.member();
      const kid = kidOf(member.accessToken);

      const acked: { id: string; at: number }[] = [];
      let stop = false;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const id = `w${w}-${n}`;
          const res = await fetch(`${first.server.localUrl}/wix-data/v2/items`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: BACKUP_ADMIN_KEY,
              'x-vitrine-site-id': 'demo',
            },
            body: JSON.stringify({ dataCollectionId: 'Products', dataItem: { data: { title: id, price: n } } }),
          });
          if (res.status !== 200) throw new Error(`write ${id}: ${res.status} ${await res.text()}`);
          acked.push({ id, at: performance.now() });
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      while (acked.length < 40) await new Promise((r) => setTimeout(r, 20));
      const askedAt = performance.now();
      const io = capture();
      let code: number;
      try {
        code = await main(['backup', '--out', file, '--data-dir', dataDir]);
      } finally {
        io.restore();
      }
      expect(code).toBe(0);
      if (!db1) expect(io.out()).toMatch(/Backup written to .*shop\.ndjson\.gz \(taken by the running server\)/);
      else expect(io.out()).toMatch(/Backup written to .*shop\.ndjson\.gz in[\s\S]*pg_dump --format=custom/);
      // Writes go on after the snapshot; then the writers stop.
      const afterBackup = acked.length;
      while (acked.length < afterBackup + 16) await new Promise((r) => setTimeout(r, 20));
      stop = true;
      await Promise.all(writers);
      await first.server.close();

      const before = acked.filter((a) => a.at < askedAt).map((a) => a.id);
      expect(before.length).toBeGreaterThanOrEqual(40);
      const manifest = await readManifest(file);
      expect(manifest.schemaVersion).toBeGreaterThan(0);
      expect(manifest.keyEncryptionKeyIds).toHaveLength(1);
      expect(JSON.stringify(manifest)).not.toContain(process.env.VITRINE_KEY_ENCRYPTION_KEY);

      on(db2);
      const restoreIo = capture();
      try {
        expect(await main(['restore', file, '--data-dir', restoredDir])).toBe(0);
        expect(restoreIo.out()).toContain('row counts and checksums match the backup');
        // A second restore into the same (now full) directory is refused without --force, then allowed with it.
        expect(await main(['restore', file, '--data-dir', restoredDir])).toBe(2);
        expect(restoreIo.err()).toContain('is not empty');
        expect(await main(['restore', file, '--data-dir', restoredDir, '--force'])).toBe(0);
      } finally {
        restoreIo.restore();
      }

      const second = await startBackupServer(backupConfig(port, { dataDir: restoredDir, ...on(db2) }));
      try {
        const { rows } = await second.server.vitrine.ctx.db.query<{ id: string }>(
          `select data->>'title' as id from data_items where collection_id = 'Products' and data->>'title' like 'w%'`,
        );
        const restored = new Set(rows.map((r) => r.id));
        expect(before.filter((id) => !restored.has(id))).toEqual([]);
        // The snapshot is the moment it was taken: the manifest's count is what was restored, and no more.
        expect(rows.length).toBeLessThan(acked.length);
        const session = await sessionWorks(second.server.localUrl, member, APP.clientId);
        expect(session).toEqual({ me: 200, refresh: 200, renewedKid: kid });
      } finally {
        await second.server.close();
      }
    } finally {
      await Promise.all([db1?.drop(), db2?.drop()]);
    }
  }, 600_000);

  it('refuses a wrong key-encryption key, a newer schema, a cut-off or changed file and a missing one, with a reason', async () => {
    const port = await freePort();
    stubBackupEnv(port);
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-backup-c-'));
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-g-'));
    const file = join(dir, 'good.ndjson.gz');
    const io = capture();
    try {
      // No server runs: the command opens the data directory itself (and a first start makes the keys).
      const started = await startBackupServer(backupConfig(port, { dataDir }));
      await started.server.close();
      expect(await main(['backup', '--out', file, '--data-dir', dataDir])).toBe(0);
      expect(io.out()).toContain(`Backup written to ${file} in`);

      vi.stubEnv('VITRINE_KEY_ENCRYPTION_KEY', randomBytes(32).toString('base64'));
      expect(await main(['restore', file, '--data-dir', join(dir, 'x')])).toBe(2);
      expect(io.err()).toMatch(/sealed with key-encryption key \S+, but VITRINE_KEY_ENCRYPTION_KEY here is \S+/);
      stubBackupEnv(port);

      const manifest = await readManifest(file);
      const newer = join(dir, 'newer.ndjson.gz');
      const lines = [
        {
          t: 'manifest',
          manifest: { ...manifest, migrations: [...manifest.migrations, 99_999], schemaVersion: 99_999 },
        },
      ];
      writeFileSync(newer, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n') + '\n'));
      expect(await main(['restore', newer, '--data-dir', join(dir, 'y')])).toBe(2);
      expect(io.err()).toContain('this backup has a newer schema (version 99999; migrations 99999 are unknown');

      const cut = join(dir, 'cut.ndjson.gz');
      const table = Object.entries(manifest.tables).find(([, n]) => n > 0)!;
      writeFileSync(
        cut,
        gzipSync(
          `${JSON.stringify({ t: 'manifest', manifest })}\n${JSON.stringify({ t: 'table', name: table[0], rows: table[1] })}\n`,
        ),
      );
      expect(await main(['restore', cut, '--data-dir', join(dir, 'z')])).toBe(2);
      expect(io.err()).toMatch(/ends before its \d+ rows|is cut off/);

      // A row changed in the file: its MAC no longer matches (V5-6); with --unverified its count still
      // matches, its checksum does not; nothing is kept.
      const tampered = join(dir, 'tampered.ndjson.gz');
      const text = gunzipSync(readFileSync(file)).toString().replace('"name": "core"', '"name": "corE"');
      writeFileSync(tampered, gzipSync(text));
      expect(await main(['restore', tampered, '--data-dir', join(dir, 'v')])).toBe(2);
      expect(io.err()).toContain('has been changed since it was made (its authentication code does not match)');
      expect(await main(['restore', tampered, '--data-dir', join(dir, 'v'), '--unverified'])).toBe(2);
      expect(io.err()).toMatch(/the copy differs from the snapshot, nothing was kept:\s+schema_migrations: checksum/);

      expect(await main(['restore', join(dir, 'none.gz'), '--data-dir', join(dir, 'w')])).toBe(2);
      expect(io.err()).toContain('no such file');
      expect(io.err()).not.toMatch(/\n\s+at /); // never a stack trace
    } finally {
      io.restore();
    }
  }, 600_000);
});
