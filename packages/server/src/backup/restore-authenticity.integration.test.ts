import { createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../test-support/boot.js';
import { createEmptyPostgresDatabase } from '../../test-support/database.js';
import { backupConfig, freePort, startBackupServer, stubBackupEnv } from '../../test-support/backup-kit.js';
import { sortIndexName, sortIndexSql, textIndexSql } from '../data/index.js';
import { openDatabase } from '../store/open.js';
import type { Database } from '../store/types.js';

/**
 * Restore is data only (audit V5-6): a backup whose manifest carries SQL (`create index …; create table …`,
 * on PostgreSQL the place of `COPY … TO PROGRAM`) is refused when it was changed, and with --unverified
 * is loaded without running it; a clean backup restores with its run-time indexes built again by the server.
 * With VITRINE_TEST_DATABASE_URL the source and targets are PostgreSQL databases.
 */
const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;
const PWNED = 'pwned_by_backup';
const EVIL_INDEX = {
  name: 'zz_restore_probe',
  definition: `create index zz_restore_probe on public.members (id); create table ${PWNED} as select current_user as who`,
};
// A data_sort_indexes row whose key is SQL: the server never writes it into DDL (not a field name).
const EVIL_ROW_FIELD = `price'::text)); create table pwned_by_row as select 1; --`;

function capture() {
  let out = '';
  let err = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  const c = vi.spyOn(console, 'error').mockImplementation((...args) => void (err += args.join(' ') + '\n'));
  return { out: () => out, err: () => err, restore: () => (w.mockRestore(), e.mockRestore(), c.mockRestore()) };
}

/** The backup file as lines, and back (an attacker with write access to where backups are kept). */
const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString().split('\n').slice(0, -1);
const write = (file: string, lines: string[]) => writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
const withEvilIndex = (line: string) => {
  const head = JSON.parse(line) as { manifest: { indexes: unknown[] } };
  head.manifest.indexes.push(EVIL_INDEX);
  return JSON.stringify(head);
};

const RUN_TIME = `select indexname, indexdef from pg_indexes where schemaname = 'public' and indexname ~ '^data_sort_[0-9a-f]{24}$' order by 1`;

describe('vitrine restore runs nothing from the file (V5-6)', () => {
  let dir: string;
  let file: string;
  let port: number;
  let before: { indexname: string; indexdef: string }[];
  let members: number;
  let backupOut: string;
  const dbs: { url: string; drop(): Promise<void> }[] = [];
  /** A restore target: a new data directory, or a new PostgreSQL database. */
  const target = async () => {
    if (!adminUrl) return { dataDir: mkdtempSync(join(tmpdir(), 'vitrine-restore-t-')) };
    const db = await createEmptyPostgresDatabase(adminUrl);
    dbs.push(db);
    return { dataDir: mkdtempSync(join(tmpdir(), 'vitrine-restore-t-')), databaseUrl: db.url };
  };
  const restore = async (where: { dataDir: string; databaseUrl?: string }, path: string, ...flags: string[]) => {
    vi.stubEnv('DATABASE_URL', where.databaseUrl ?? '');
    const io = capture();
    try {
      const code = await main(['restore', path, '--data-dir', where.dataDir, ...flags]);
      return { code, out: io.out(), err: io.err() };
    } finally {
      io.restore();
    }
  };
  /** Runs `fn` on the target, or answers undefined when the restore never even created the database. */
  const onTarget = async <T>(where: { dataDir: string; databaseUrl?: string }, fn: (db: Database) => Promise<T>) => {
    if (!where.databaseUrl && !existsSync(join(where.dataDir, 'PG_VERSION'))) return undefined;
    const db = await openDatabase(where.databaseUrl ? { databaseUrl: where.databaseUrl } : { dataDir: where.dataDir });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  const hasTable = (db: Database, name: string) =>
    db.query<{ t: string | null }>('select to_regclass($1)::text as t', [`public.${name}`]).then((r) => !!r.rows[0]!.t);

  beforeAll(async () => {
    port = await freePort();
    stubBackupEnv(port);
    dir = mkdtempSync(join(tmpdir(), 'vitrine-restore-'));
    file = join(dir, 'shop.ndjson.gz');
    const source = await target();
    const started = await startBackupServer(backupConfig(port, source));
    try {
      await started.account.member();
      // The run-time indexes the server would build for large collections (data/indexes.ts, text-indexes.ts).
      const db = started.server.vitrine.ctx.db;
      const built: [string, string | undefined][] = [
        ['price', sortIndexSql(db, ['price'])],
        ['title@fr', sortIndexSql(db, ['title'], 'fr')],
        ['title#prefix', textIndexSql(db, ['title'], 'prefix')],
      ];
      for (const [field, sql] of built) {
        await db.exec(sql!);
        await db.query(
          `insert into data_sort_indexes (site_id, collection_id, field, index_name) values ('*', '*', $1, $2)`,
          [field, sortIndexName(field)],
        );
      }
      await db.query(
        `insert into data_sort_indexes (site_id, collection_id, field, index_name) values ('*', '*', $1, 'x')`,
        [EVIL_ROW_FIELD],
      );
      before = (await db.query<{ indexname: string; indexdef: string }>(RUN_TIME)).rows;
      members = Number((await db.query<{ n: string }>('select count(*) as n from members')).rows[0]!.n);
    } finally {
      await started.server.close();
    }
    vi.stubEnv('DATABASE_URL', source.databaseUrl ?? '');
    const io = capture();
    try {
      expect(await main(['backup', '--out', file, '--data-dir', source.dataDir])).toBe(0);
      backupOut = io.out();
    } finally {
      io.restore();
    }
  }, 600_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await Promise.all(dbs.map((db) => db.drop()));
  });

  it('refuses a backup whose manifest was given an index definition with a second statement; nothing runs', async () => {
    expect(before.map((i) => i.indexname)).toHaveLength(3);
    const lines = linesOf(file);
    const tampered = join(dir, 'tampered.ndjson.gz');
    write(tampered, [withEvilIndex(lines[0]!), ...lines.slice(1)]);
    const where = await target();
    const { code, err } = await restore(where, tampered);
    expect((await onTarget(where, (db) => hasTable(db, PWNED))) ?? false).toBe(false);
    expect(code).toBe(2);
    expect(err).toContain('has been changed since it was made (its authentication code does not match)');
    expect(err).toContain('--unverified');
    expect(err).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('refuses the same file with a MAC recomputed without the key, and a foreign or unsigned one', async () => {
    const lines = linesOf(file);
    const body = [withEvilIndex(lines[0]!), ...lines.slice(1, -1)];
    // The attacker's best guess: an HMAC under a key of their own, the manifest's key id left as it was.
    const mac = createHmac('sha256', 'attacker-key');
    for (const line of body) mac.update(line).update('\n');
    const forged = join(dir, 'forged.ndjson.gz');
    write(forged, [...body, JSON.stringify({ t: 'mac', mac: mac.digest('base64url') })]);
    const where = await target();
    const refused = await restore(where, forged);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('its authentication code does not match');

    const head = JSON.parse(lines[0]!) as { manifest: { authentication?: { keyId: string } } };
    head.manifest.authentication!.keyId = 'someOtherKey';
    const foreign = join(dir, 'foreign.ndjson.gz');
    write(foreign, [JSON.stringify(head), ...lines.slice(1)]);
    const other = await restore(where, foreign);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(
      /was signed by another server \(backup key someOtherKey; this one's is \S+, derived from/,
    );

    // A backup from before backups were signed: no authentication in its manifest, no MAC line.
    delete head.manifest.authentication;
    const old = join(dir, 'old.ndjson.gz');
    write(old, [JSON.stringify(head), ...lines.slice(1, -1)]);
    const unsigned = await restore(where, old);
    expect(unsigned.code).toBe(2);
    expect(unsigned.err).toContain('is not authenticated (it was made before Vitrine signed its backups');
    expect(unsigned.err).toContain('restore it with --unverified only if you trust where the file came from');
    expect((await onTarget(where, (db) => hasTable(db, PWNED))) ?? false).toBe(false);
  }, 120_000);

  it('with --unverified loads the data and still never runs the definition', async () => {
    const lines = linesOf(file);
    const tampered = join(dir, 'unverified.ndjson.gz');
    write(tampered, [withEvilIndex(lines[0]!), ...lines.slice(1)]);
    const where = await target();
    const { code, out, err } = await restore(where, tampered, '--unverified');
    expect(code).toBe(0);
    expect(out).toContain('row counts and checksums match the backup');
    expect(err).toContain('--unverified');
    const found = await onTarget(where, async (db) => ({
      pwned: await hasTable(db, PWNED),
      probe: (await db.query(`select 1 from pg_indexes where indexname = 'zz_restore_probe'`)).rows.length,
      members: Number((await db.query<{ n: string }>('select count(*) as n from members')).rows[0]!.n),
    }));
    expect(found).toEqual({ pwned: false, probe: 0, members });
  }, 120_000);

  it('restores a clean backup with the same run-time indexes, built by the server; a SQL key is not built', async () => {
    expect(backupOut).toMatch(/Signed with backup key \S+ \(derived from VITRINE_KEY_ENCRYPTION_KEY\)/);
    const where = await target();
    const { code, err } = await restore(where, file);
    expect(code).toBe(0);
    expect(err).toContain('Building 4 run-time indexes');
    expect(err).toContain('not a key this Vitrine builds');
    const found = await onTarget(where, async (db) => ({
      indexes: (await db.query<{ indexname: string; indexdef: string }>(RUN_TIME)).rows,
      pwned: await hasTable(db, 'pwned_by_row'),
      // The SQL key's row is gone (never taken for built); the others stay.
      rows: (await db.query<{ field: string }>(`select field from data_sort_indexes`)).rows.map((r) => r.field).sort(),
    }));
    expect(found).toEqual({ indexes: before, pwned: false, rows: ['price', 'title#prefix', 'title@fr'] });
  }, 120_000);
});
