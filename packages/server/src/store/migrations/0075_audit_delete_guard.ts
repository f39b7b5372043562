import type { Migration } from '../types.js';

export const auditDeleteGuard: Migration = {
  version: 75,
  name: 'audit_delete_guard',
  sql: `
    -- Only the 180-day retention prune removes audit entries (security/audit-retention.ts): it marks its
    -- own transaction with vitrine.audit_prune; any other DELETE or a TRUNCATE of auth_events fails.
    -- Together with migration 73's UPDATE trigger this keeps a code slip from rewriting history.
    create function auth_events_prune_only() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('vitrine.audit_prune', true), '') <> 'on' then
        raise exception 'auth_events is append-only: entries leave only through the retention prune';
      end if;
      return old;
    end
    $$;
    create trigger auth_events_prune_only before delete on auth_events
      for each row execute function auth_events_prune_only();
    create trigger auth_events_no_truncate before truncate on auth_events
      for each statement execute function auth_events_append_only();
  `,
};
