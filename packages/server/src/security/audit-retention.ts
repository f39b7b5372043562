import type { Queryable } from '../store/types.js';

/**
 * The audit log (auth_events) is kept 180 days. This prune is the only code that removes its rows, and
 * nothing changes one: migration 73's trigger refuses every UPDATE. Runs from the identity
 * housekeeping sweep (every instance, idempotent) on the app's clock, so tests can move time.
 */
export const AUDIT_RETENTION_DAYS = 180;

export async function pruneAuditLog(db: Queryable, now: number): Promise<number> {
  const cutoff = new Date(now - AUDIT_RETENTION_DAYS * 24 * 3600 * 1000);
  const { rowCount } = await db.query('delete from auth_events where created_at < $1', [cutoff]);
  return rowCount;
}
