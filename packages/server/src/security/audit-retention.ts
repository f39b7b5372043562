import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../store/types.js';

/**
 * The audit log (auth_events) is kept 180 days. This prune is the only code that removes its rows and
 * nothing changes one: triggers (migrations 73, 75 and 77) refuse every UPDATE and TRUNCATE, and every
 * DELETE except the prune's. Where the database allowed migration 77 to set it up, the prune switches to
 * a role of its own (`SET LOCAL ROLE`, inside its transaction only) that alone may delete entries; the
 * application's role may not. Elsewhere (the role could not be made) the trigger accepts the marker
 * `vitrine.audit_prune` that only this function sets. Runs from the identity housekeeping sweep (every
 * instance, idempotent) on the app's clock, so tests can move time.
 */
export const AUDIT_RETENTION_DAYS = 180;

export async function pruneAuditLog(db: Pick<Database, 'transaction'>, now: number): Promise<number> {
  const cutoff = new Date(now - AUDIT_RETENTION_DAYS * 24 * 3600 * 1000);
  return db.transaction(async (tx) => {
    const guard = await auditGuard(tx);
    if (guard.mode === 'role') await tx.query("select set_config('role', $1, true)", [guard.pruner]);
    else await tx.query("select set_config('vitrine.audit_prune', 'on', true)");
    const { rowCount } = await tx.query('delete from auth_events where created_at < $1', [cutoff]);
    return rowCount;
  });
}

export interface AuditGuard {
  /** `role`: only the prune role may delete entries; `marker`: the prune's setting is what lets it. */
  mode: 'role' | 'marker';
  pruner: string;
  appRole: string;
}

/** Which guard holds on this database, and whether the connecting role may take the prune role. */
export async function auditGuard(q: Queryable): Promise<AuditGuard> {
  // CASE keeps the order: pg_has_role and has_table_privilege fail on a role that does not exist.
  const { rows } = await q.query<{ pruner: string; app_role: string; usable: boolean }>(
    `select vitrine_audit_pruner() as pruner, current_user as app_role,
       case when exists (select 1 from pg_roles where rolname = vitrine_audit_pruner())
         then has_table_privilege(vitrine_audit_pruner(), 'auth_events', 'DELETE')
           and pg_has_role(vitrine_audit_pruner(), 'MEMBER')
         else false end as usable`,
  );
  const row = rows[0]!;
  return { mode: row.usable ? 'role' : 'marker', pruner: row.pruner, appRole: row.app_role };
}

/** At start: a warning, with the statements that fix it, when the prune role is missing on PostgreSQL. */
export async function reportAuditGuard(db: Database, log: FastifyBaseLogger): Promise<AuditGuard> {
  const guard = await auditGuard(db);
  // PGlite has one (super)user: the role is made there, and could not add more than the trigger does.
  if (guard.mode === 'marker' && db.kind === 'postgres') {
    const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
    log.warn(
      {
        pruner: guard.pruner,
        fix: [
          `CREATE ROLE ${q(guard.pruner)} NOLOGIN;`,
          `GRANT SELECT, DELETE ON auth_events TO ${q(guard.pruner)};`,
          `CREATE ROLE ${q(`${guard.pruner}_via`)} NOLOGIN NOINHERIT;`,
          `GRANT ${q(guard.pruner)} TO ${q(`${guard.pruner}_via`)};`,
          `GRANT ${q(`${guard.pruner}_via`)} TO ${q(guard.appRole)};`,
          `REVOKE UPDATE, DELETE, TRUNCATE ON auth_events FROM ${q(guard.appRole)};`,
        ].join(' '),
      },
      'audit log: the database user could not create the prune role, so the application role can still delete audit entries by setting the prune marker; a role administrator can run the statements in "fix" (docs/operating.md, "Audit log")',
    );
  }
  return guard;
}
