/**
 * `backups` in the config file: scheduled backups of the embedded database (docs/operating.md#backups).
 * Off unless `everyHours` is set; `keep` newest backups are kept in `dir` (default: `<data dir>/backups`,
 * a relative `dir` is taken from the data directory). The folder is also where `vitrine backup` asks a
 * running server to write.
 */
import { isAbsolute, join } from 'node:path';
import { take } from './validate.js';

export interface BackupSettings {
  /** Hours between scheduled backups; undefined = no schedule. */
  everyHours?: number | undefined;
  keep: number;
  dir: string;
}

export const DEFAULT_KEEP = 7;

export function buildBackupSettings(file: unknown, dataDir: string): BackupSettings {
  const section = take.object(file);
  const everyHours = section.everyHours === undefined ? undefined : take.integer(section.everyHours, 24);
  const keep = section.keep === undefined ? DEFAULT_KEEP : take.integer(section.keep, DEFAULT_KEEP);
  const dir = take.string(section.dir, undefined);
  return { everyHours, keep, dir: dir ? (isAbsolute(dir) ? dir : join(dataDir, dir)) : join(dataDir, 'backups') };
}
