import type { Migration } from '../types.js';

/**
 * The audit log's prune runs under a role of its own (issue #26, S-18). Before this, any transaction of the
 * application could set `vitrine.audit_prune` and delete entries. Now, where PostgreSQL allows it:
 *
 * - a NOLOGIN role, named once per database (`vitrine_audit_pruner()` returns it), holds SELECT and DELETE
 *   on auth_events and nothing else; the application's role is made a member (through a NOINHERIT role, so
 *   it does not hold the DELETE itself) so the prune can `SET LOCAL ROLE` to it inside its transaction (no
 *   session state: fine behind a transaction pooler);
 * - the application's role loses UPDATE, DELETE and TRUNCATE on auth_events;
 * - the delete trigger lets a row go only when the current role is that role, whatever the setting says.
 *
 * Where the connecting user may not create or grant roles (a managed database, PGlite's single user is
 * always allowed), the block below is rolled back as a whole and the earlier guard stays: the trigger
 * accepts the prune's marker setting. The server logs that at start (security/audit-retention.ts) with the
 * statements a role administrator can run; the trigger switches over as soon as the role holds DELETE.
 * Idempotent: every step checks first or is a GRANT/REVOKE, which may repeat.
 */
export const auditPruneRole: Migration = {
  version: 77,
  name: 'audit_prune_role',
  sql: `
    do $do$
    declare
      -- Roles belong to the whole PostgreSQL cluster: a name of its own per database keeps one database's
      -- pruner from deleting another's entries. A copy made from this database keeps the same name.
      pruner text := 'vitrine_audit_prune_' || substr(md5(random()::text || clock_timestamp()::text), 1, 12);
    begin
      execute format(
        'create or replace function vitrine_audit_pruner() returns text language sql immutable as %L',
        format('select %L::text', pruner));
    end
    $do$;

    create or replace function auth_events_prune_only() returns trigger language plpgsql as $$
    declare
      pruner text := vitrine_audit_pruner();
    begin
      if exists (select 1 from pg_roles where rolname = pruner) then
        if has_table_privilege(pruner, 'auth_events', 'DELETE') then
          if current_user = pruner then
            return old;
          end if;
          raise exception 'auth_events is append-only: entries leave only through the retention prune (role %)', pruner;
        end if;
      end if;
      if coalesce(current_setting('vitrine.audit_prune', true), '') = 'on' then
        return old;
      end if;
      raise exception 'auth_events is append-only: entries leave only through the retention prune';
    end
    $$;

    do $do$
    declare
      pruner text := vitrine_audit_pruner();
    begin
      if not exists (select 1 from pg_roles where rolname = pruner) then
        execute format('create role %I nologin', pruner);
      end if;
      if not has_schema_privilege(pruner, current_schema(), 'USAGE') then
        execute format('grant usage on schema %I to %I', current_schema(), pruner);
      end if;
      execute format('grant select, delete on auth_events to %I', pruner);
      -- A GRANT by a user without the grant option only warns: check that it took.
      if not has_table_privilege(pruner, 'auth_events', 'DELETE') then
        raise insufficient_privilege using message = 'no DELETE on auth_events could be granted';
      end if;
      -- Through a NOINHERIT role between them: the application may SET ROLE to the pruner, but does not hold
      -- its DELETE all the time (a direct membership would pass it on; PostgreSQL 15 has no INHERIT FALSE).
      if not exists (select 1 from pg_roles where rolname = pruner || '_via') then
        execute format('create role %I nologin noinherit', pruner || '_via');
      end if;
      execute format('grant %I to %I', pruner, pruner || '_via');
      execute format('grant %I to %I', pruner || '_via', current_user);
      execute format('revoke update, delete, truncate on auth_events from %I', current_user);
    exception when insufficient_privilege or duplicate_object or unique_violation then
      -- Rolled back to here: no half-made role. The server says so at start (security/audit-retention.ts).
      raise notice 'vitrine: the audit prune role % could not be set up (%); the prune marker guards auth_events instead',
        pruner, sqlerrm;
    end
    $do$;
  `,
};
