import type { AppContext } from '../context.js';
import { backupKey } from './authenticate.js';
import { backupIntoFolder, listBackups, pruneBackups, type BackupSummary } from './folder.js';

const HOUR_MS = 3_600_000;
/** Longest single wait: a timer is re-armed at least this often (setTimeout caps near 24.8 days). */
const MAX_WAIT_MS = 6 * HOUR_MS;

/** When the next scheduled backup is due: `everyHours` after the newest backup, or now when there is none. */
export function nextBackupDue(dir: string, everyHours: number, now: number): number {
  const newest = listBackups(dir)[0];
  return newest ? Date.parse(newest.created) + everyHours * HOUR_MS : now;
}

/**
 * One scheduler step: takes a backup when one is due and prunes the folder to `keep`. The embedded
 * database only: a PostgreSQL server has its own tools for this (pg_dump, base backups), see the docs.
 */
export async function runDueBackup(ctx: AppContext, now: number): Promise<BackupSummary | undefined> {
  const settings = ctx.config.backups;
  if (!settings?.everyHours || ctx.db.kind !== 'pglite') return undefined;
  if (nextBackupDue(settings.dir, settings.everyHours, now) > now) return undefined;
  const made = await backupIntoFolder(ctx.db, settings.dir, backupKey(ctx.config));
  const removed = pruneBackups(settings.dir, settings.keep);
  ctx.log.info({ backup: made.name, rows: made.rows, bytes: made.bytes, removed }, 'scheduled backup written');
  return made;
}

/** Arms the schedule; returns its stop. A failed backup is logged and tried again at the next step. */
export function startBackupSchedule(ctx: AppContext): () => void {
  const settings = ctx.config.backups;
  if (!settings?.everyHours || ctx.db.kind !== 'pglite') return () => {};
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const wait = nextBackupDue(settings.dir, settings.everyHours!, ctx.now()) - ctx.now();
    timer = setTimeout(step, Math.min(Math.max(wait, 1000), MAX_WAIT_MS));
    timer.unref();
  };
  const step = () => {
    runDueBackup(ctx, ctx.now())
      .catch((error: unknown) => ctx.log.error({ err: error }, 'scheduled backup failed'))
      .finally(arm);
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
