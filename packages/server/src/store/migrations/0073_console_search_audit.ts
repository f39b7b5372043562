import type { Migration } from '../types.js';

/**
 * Owner console at scale and the audit log's guarantees.
 * - Members search (members/search.ts) matches a substring of one expression: email, first, last
 *   name and nickname. A trigram GIN index (pg_trgm, shipped by PostgreSQL's contrib and by PGlite as an
 *   extension module) serves `like '%…%'` on it, so a search stays an index scan at 100 000 members.
 * - auth_events is append-only for the application: a trigger refuses every UPDATE. Rows leave only
 *   through the 180-day retention prune (security/audit-retention.ts), which deletes.
 */
export const consoleSearchAudit: Migration = {
  version: 73,
  name: 'console_search_audit',
  sql: `
    create extension if not exists pg_trgm;
    -- The same text as SEARCH_TEXT in members/search.ts (its test EXPLAINs the search to keep them in step).
    create index members_search_trgm on members using gin ((
      lower(email_key || ' ' || coalesce(profile->>'firstName', '') || ' ' || coalesce(profile->>'lastName', '') || ' ' || coalesce(profile->>'nickname', ''))
    ) gin_trgm_ops);

    create function auth_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'auth_events is append-only: audit entries are never changed';
    end
    $$;
    create trigger auth_events_no_update before update on auth_events
      for each row execute function auth_events_append_only();
  `,
};
