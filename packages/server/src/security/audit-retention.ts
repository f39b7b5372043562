import type { Database } from '../store/types.js';

/**
 * The audit log (auth_events) is kept 180 days. This prune is the only code that removes its rows and
 * nothing changes one: triggers (migrations 73 and 75) refuse every UPDATE and TRUNCATE, and every
 * DELETE outside a transaction marked with `vitrine.audit_prune`, which only this function sets. Runs from
 * the identity housekeeping sweep (every instance, idempotent) on the app's clock, so tests can move time.
 */
export const AUDIT_RETENTION_DAYS = 180;

export async function pruneAuditLog(db: Pick<Database, 'transaction'>, now: number): Promise<number> {
  const cutoff = new Date(now - AUDIT_RETENTION_DAYS * 24 * 3600 * 1000);
  return db.transaction(async (tx) => {
    await tx.query("select set_config('vitrine.audit_prune', 'on', true)");
    const { rowCount } = await tx.query('delete from auth_events where created_at < $1', [cutoff]);
    return rowCount;
  });
}
