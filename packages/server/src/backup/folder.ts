import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../store/types.js';
import type { BackupKey } from './authenticate.js';
import { exportSnapshot, type Progress } from './export.js';
import { fileSink, type Manifest } from './format.js';

/**
 * The backups folder of a server (scheduled backups, and the ones `vitrine backup` asks a running server
 * for): `vitrine-backup-<UTC time>.ndjson.gz`, each with its manifest beside it as `.manifest.json`, so the
 * console and `ls` see what a backup holds without opening it.
 */
export const BACKUP_NAME = /^vitrine-backup-\d{8}T\d{6}(?:\d{3})?Z\.ndjson\.gz$/;

export interface BackupSummary {
  name: string;
  created: string;
  bytes: number;
  schemaVersion: number;
  rows: number;
  tables: number;
}

export function backupFileName(at: Date): string {
  return `vitrine-backup-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.ndjson.gz`;
}

/** Writes a snapshot signed with `key` into `dir`; the file appears under its final name only once complete. */
export async function backupIntoFolder(
  db: Database,
  dir: string,
  key: BackupKey,
  progress?: Progress,
): Promise<BackupSummary> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = join(dir, `.partial-${process.pid}-${Date.now()}.ndjson.gz`);
  try {
    const sink = fileSink(partial, key);
    let manifest: Manifest;
    try {
      manifest = await exportSnapshot(db, sink, progress);
    } finally {
      await sink.close();
    }
    const name = backupFileName(new Date(manifest.created));
    renameSync(partial, join(dir, name));
    writeFileSync(join(dir, `${name}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return summarize(name, manifest, statSync(join(dir, name)).size);
  } finally {
    rmSync(partial, { force: true });
  }
}

function summarize(name: string, manifest: Manifest, bytes: number): BackupSummary {
  const counts = Object.values(manifest.tables);
  return {
    name,
    created: manifest.created,
    bytes,
    schemaVersion: manifest.schemaVersion,
    rows: counts.reduce((a, b) => a + b, 0),
    tables: counts.length,
  };
}

/** Complete backups in `dir`, newest first. */
export function listBackups(dir: string): BackupSummary[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .flatMap((name) => {
      try {
        const manifest = JSON.parse(readFileSync(join(dir, `${name}.manifest.json`), 'utf8')) as Manifest;
        return [summarize(name, manifest, statSync(join(dir, name)).size)];
      } catch {
        return []; // no readable manifest beside it: not one of ours, or half-deleted
      }
    });
}

/** Deletes all but the newest `keep` backups; returns the names removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const { name } of old) {
    rmSync(join(dir, name), { force: true });
    rmSync(join(dir, `${name}.manifest.json`), { force: true });
  }
  return old.map((b) => b.name);
}
