import type { Migration } from '../types.js';

export const sessionIdle: Migration = {
  version: 51,
  name: 'session_idle',
  sql: `
    -- Idle timeout (audit F-12): when a member session was last used (refresh, code exchange, the hosted
    -- sign-in cookie). Written at most once an hour per session, never by the access-token check.
    -- Sessions that exist already count as used now, so an upgrade signs nobody out.
    alter table sessions add column last_used_at timestamptz not null default now();
  `,
};
