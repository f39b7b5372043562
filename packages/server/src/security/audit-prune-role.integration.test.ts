/**
 * S-18 (issue #26): the audit log's prune deletes under a role of its own; the application cannot delete
 * an entry by setting the prune's marker. On PostgreSQL the application connects as an ordinary
 * (non-superuser) role, as in production; when that role may not create roles, the migration keeps the
 * marker guard and the server says so at start instead of failing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../test-support/database.js';
import { migrate } from '../store/migrate.js';
import { openPostgres } from '../store/postgres.js';
import type { Database } from '../store/types.js';
import { auditGuard, pruneAuditLog, reportAuditGuard } from './audit-retention.js';

const DAY = 24 * 3600 * 1000;
const now = Date.parse('2026-11-01T00:00:00Z');

async function addEvents(db: Database): Promise<void> {
  for (const at of [now - 200 * DAY, now - DAY]) {
    await db.query(
      `insert into auth_events (site_id, id, type, outcome, detail, created_at) values ('s', $1, 'login', 'success', '{}', $2)`,
      [randomUUID(), new Date(at)],
    );
  }
}
const count = async (db: Database) =>
  (await db.query<{ n: number }>('select count(*)::int as n from auth_events')).rows[0]!.n;

/** The audit's reproduction: the prune's marker set by any transaction, then a DELETE. */
const markerDelete = (db: Database) =>
  db.transaction(async (tx) => {
    await tx.query("select set_config('vitrine.audit_prune', 'on', true)");
    return tx.query('delete from auth_events');
  });

describe('audit prune role on PGlite', () => {
  it('lets only the prune delete: the marker alone no longer does', async () => {
    const db = await openMigratedPglite();
    try {
      await addEvents(db);
      await expect(markerDelete(db)).rejects.toThrow(/append-only/);
      expect((await auditGuard(db)).mode).toBe('role');
      expect(await count(db)).toBe(2);
      expect(await pruneAuditLog(db, now)).toBe(1);
      expect(await count(db)).toBe(1);
      // SET LOCAL: the role ends with the prune's transaction.
      expect((await db.query<{ u: string }>('select current_user as u')).rows[0]!.u).toBe('postgres');
    } finally {
      await db.close();
    }
  });
});

const adminUrl = process.env.VITRINE_TEST_DATABASE_URL;

describe.runIf(adminUrl)('audit prune role on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A database owned by a new login role (not a superuser); the app connects as that role. */
  async function appDatabase(roleOptions: string): Promise<{ db: Database; role: string }> {
    const role = `vitrine_app_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create role ${role} login ${roleOptions}`);
    await admin.query(`create database ${role} owner ${role}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.username = role;
    url.pathname = `/${role}`;
    const db = await openPostgres(url.toString());
    cleanups.push(async () => {
      const pruner = await auditGuard(db).then(
        (g) => g.pruner,
        () => undefined,
      );
      await db.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${role} with (force)`);
      if (pruner) await client.query(`drop role if exists "${pruner}_via", "${pruner}"`);
      await client.query(`drop role if exists ${role}`);
      await client.end();
    });
    return { db, role };
  }

  it('the application role cannot delete or change an entry, and the prune still works', async () => {
    const { db, role } = await appDatabase('createrole');
    await migrate(db);
    await migrate(db); // idempotent
    await addEvents(db);
    await expect(markerDelete(db)).rejects.toThrow(/permission denied/);
    const guard = await auditGuard(db);
    expect(guard).toMatchObject({ mode: 'role', appRole: role });
    expect(guard.pruner).toMatch(/^vitrine_audit_prune_[0-9a-f]{12}$/);
    await expect(db.query('delete from auth_events')).rejects.toThrow(/permission denied/);
    await expect(db.query("update auth_events set outcome = 'failure'")).rejects.toThrow(/permission denied/);
    await expect(db.query('truncate auth_events')).rejects.toThrow(/permission denied/);
    // The other bypass of the audit: replication mode, which skips triggers, is a superuser's setting.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        return tx.query('delete from auth_events');
      }),
    ).rejects.toThrow(/permission denied/);
    expect(await count(db)).toBe(2);

    expect(await pruneAuditLog(db, now)).toBe(1);
    expect(await count(db)).toBe(1);
    // SET LOCAL ROLE ends with the prune's transaction: the pooled connection is the app's again.
    const users = await Promise.all(
      Array.from({ length: 4 }, () => db.query<{ u: string }>('select current_user as u')),
    );
    expect(users.map((r) => r.rows[0]!.u)).toEqual([role, role, role, role]);
  });

  it('without the right to create roles: migrates, warns with the fix, and the prune keeps working', async () => {
    const { db, role } = await appDatabase('nocreaterole');
    await migrate(db);
    await addEvents(db);
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    const guard = await reportAuditGuard(db, log);
    expect(guard.mode).toBe('marker');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { msg: string; fix: string };
    expect(entry.msg).toMatch(/could not create the prune role/);
    expect(entry.fix).toContain(`CREATE ROLE "${guard.pruner}" NOLOGIN;`);
    expect(entry.fix).toContain(`GRANT "${guard.pruner}_via" TO "${role}";`);
    // The earlier guard still holds: a plain DELETE is refused by the trigger.
    await expect(db.query('delete from auth_events')).rejects.toThrow(/append-only/);
    expect(await pruneAuditLog(db, now)).toBe(1);
    expect(await count(db)).toBe(1);
  });
});
