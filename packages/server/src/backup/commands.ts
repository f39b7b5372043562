import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { runningServer } from '../store/running-server.js';
import type { ServerConfig } from '../config/types.js';
import { openDatabase } from '../store/open.js';
import { backupKey } from './authenticate.js';
import { EntryChannel } from './channel.js';
import { exportSnapshot, type Progress } from './export.js';
import { backupFileName } from './folder.js';
import { authenticateBackup, fileSink, readBackup, readManifest, type Manifest } from './format.js';
import { loadSnapshot } from './load.js';
import { checkKeyEncryptionKey, checkSchema, migrateForward, prepareTarget, RestoreRefusedError } from './target.js';

/**
 * `vitrine backup`, `vitrine restore` and `vitrine move` (docs/operating.md#backups). The embedded database
 * admits one process: with a server running on the data directory, a backup is taken by that server
 * (admin API, the admin key) and downloaded; restore and move need it stopped.
 */

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** 'server': taken by the server running on the data directory. */
  via: 'server' | 'direct';
}

export async function backupCommand(
  config: ServerConfig,
  out: string | undefined,
  progress: Progress,
): Promise<BackupResult> {
  const file = out ?? backupFileName(new Date());
  if (!config.databaseUrl) {
    const running = runningServer(config.dataDir);
    if (running) return { ...(await backupViaServer(running.url, config.adminKey, file, progress)), via: 'server' };
    if (!existsSync(join(config.dataDir, 'PG_VERSION')))
      throw new RestoreRefusedError(`there is no embedded database in ${config.dataDir} to back up`);
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0 });
  try {
    progress(
      `Backing up ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`} …`,
    );
    const sink = fileSink(file, backupKey(config));
    let manifest: Manifest;
    try {
      manifest = await exportSnapshot(db, sink, progress);
    } finally {
      await sink.close();
    }
    return { file, manifest, via: 'direct' };
  } finally {
    await db.close();
  }
}

async function backupViaServer(url: string, adminKey: string, file: string, progress: Progress) {
  progress(`A server runs on this data directory (${url}): it takes the backup …`);
  const headers = { authorization: `Bearer ${adminKey}` };
  const made = await serverCall(url, `${url}/_admin/v1/backups`, { method: 'POST', headers });
  const { backup } = (await made.json()) as { backup: { name: string } };
  const download = await serverCall(url, `${url}/_admin/v1/backups/${encodeURIComponent(backup.name)}`, { headers });
  progress(`Downloading ${backup.name} …`);
  await pipeline(
    Readable.fromWeb(download.body! as Parameters<typeof Readable.fromWeb>[0]),
    createWriteStream(file, { mode: 0o600 }),
  );
  return { file, manifest: await readManifest(file) };
}

async function serverCall(url: string, target: string, init: RequestInit): Promise<Response> {
  const response = await fetch(target, init).catch((error: unknown) => {
    throw new Error(`the server running on this data directory (${url}) did not answer: ${(error as Error).message}`);
  });
  if (response.status === 401)
    throw new RestoreRefusedError(
      `the server running on this data directory (${url}) refused the admin key: use the same --config / VITRINE_ADMIN_KEY as the server`,
    );
  if (!response.ok) throw new Error(`the server running on this data directory (${url}) answered ${response.status}`);
  return response;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  /** Migrations applied after the load (a backup made by an older Vitrine). */
  upgraded: string[];
  /** Run-time indexes built again (run-time-indexes.ts). */
  indexes: number;
}

/**
 * Restores a backup file. Unless `unverified`, the whole file is authenticated with this server's backup key
 * before the database is touched (and again while it loads, so a file changed in between is rolled back).
 * `unverified` skips only that: the load is data only either way (load.ts).
 */
export async function restoreCommand(
  config: ServerConfig,
  file: string,
  options: { force: boolean; unverified?: boolean },
  progress: Progress,
): Promise<RestoreResult> {
  const manifest = await readManifest(file);
  checkSchema(manifest);
  checkKeyEncryptionKey(manifest, config.keyEncryptionKey);
  const key = options.unverified ? undefined : backupKey(config);
  if (key) {
    progress(`Checking ${file}'s authentication code …`);
    await authenticateBackup(file, key);
  } else
    progress(`Not checking where ${file} came from (--unverified): its rows are loaded as data, nothing in it runs.`);
  if (!config.databaseUrl && runningServer(config.dataDir))
    throw new RestoreRefusedError(
      `a server is running on ${config.dataDir}: stop it first (the embedded database admits one process)`,
    );
  const where = config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, statementTimeoutMs: 0 });
  try {
    await prepareTarget(db, manifest, { force: options.force, where });
    progress(`Restoring ${describe(manifest)} into ${where} …`);
    const entries = readBackup(file, key);
    await entries.next(); // the manifest, read above
    const { rows, indexes } = await loadSnapshot(db, manifest, entries, progress);
    return { manifest, rows, indexes, upgraded: await migrateForward(db) };
  } finally {
    await db.close();
  }
}

export interface MoveResult {
  manifest: Manifest;
  rows: number;
  databaseUrl: string;
}

/** Copies the embedded database into an empty PostgreSQL database, straight from one to the other. */
export async function moveCommand(config: ServerConfig, to: string, progress: Progress): Promise<MoveResult> {
  if (!/^postgres(ql)?:\/\//.test(to))
    throw new RestoreRefusedError(`--to must be a postgres:// connection string (got "${to.split('@').pop()}")`);
  if (runningServer(config.dataDir))
    throw new RestoreRefusedError(`a server is running on ${config.dataDir}: stop it first, then move`);
  if (!existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new RestoreRefusedError(`there is no embedded database in ${config.dataDir} to move`);
  const source = await openDatabase({ dataDir: config.dataDir });
  let target;
  try {
    target = await openDatabase({ databaseUrl: to, statementTimeoutMs: 0 });
  } catch (error) {
    await source.close();
    throw new Error(`cannot connect to the target database: ${(error as Error).message}`);
  }
  try {
    const channel = new EntryChannel();
    progress(`Copying the embedded database in ${config.dataDir} to PostgreSQL …`);
    const exported = exportSnapshot(source, channel, progress).then(
      () => channel.close(),
      (error: unknown) => channel.fail(error),
    );
    try {
      const first = await channel.next();
      if (first.done || first.value.t !== 'manifest') throw new Error('the snapshot did not start with its manifest');
      const manifest = first.value.manifest;
      await prepareTarget(target, manifest, { force: false, forceAllowed: false, where: 'the target database' });
      const { rows } = await loadSnapshot(target, manifest, channel, progress);
      await migrateForward(target);
      return { manifest, rows, databaseUrl: to };
    } catch (error) {
      channel.fail(error);
      throw error;
    } finally {
      await exported;
    }
  } finally {
    await target.close();
    await source.close();
  }
}

export function describe(manifest: Manifest): string {
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  return `${rows.toLocaleString('en')} rows in ${Object.keys(manifest.tables).length} tables (schema ${manifest.schemaVersion}, taken ${manifest.created})`;
}
