import type { AdminAnswer } from '../../api/types.js';
import { Notice } from '../../components/Notice.js';
import { useBackupStatus } from './api.js';

/** GET /_admin/v1/backups/latest (server: backup/routes.ts). */
export type BackupStatus = AdminAnswer<'/_admin/v1/backups/latest', 'get'>;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Settings → Backups: when the newest backup in the server's backups folder was taken and what it holds,
 * and the schedule (config file `backups`, the embedded database only). Read-only: backups are taken by
 * the schedule or `npx vitrine backup` (docs/operating.md#backups). Every owner role may see it.
 */
export function LastBackupSection() {
  const { data: status, error: refusal } = useBackupStatus();
  const error = refusal?.message;
  return (
    <section aria-labelledby="backups-heading">
      <h2 id="backups-heading">Backups</h2>
      {error ? (
        <Notice error={error} />
      ) : !status ? (
        <p role="status">Loading the backup status…</p>
      ) : (
        <dl className="facts">
          <div className="fact">
            <dt>Last backup</dt>
            <dd>
              {status.latest
                ? `${when(status.latest.created)} — ${status.latest.rows.toLocaleString()} rows, ${size(status.latest.bytes)} (${status.latest.name})`
                : 'None yet'}
            </dd>
          </div>
          <div className="fact">
            <dt>Schedule</dt>
            <dd>
              {status.schedule
                ? `Every ${status.schedule.everyHours} h, the newest ${status.schedule.keep} kept; next due ${when(status.schedule.next)}`
                : status.database === 'postgres'
                  ? 'PostgreSQL: back up with npx vitrine backup or your database’s own tools'
                  : 'Not scheduled (config file: "backups": { "everyHours": 24 })'}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
