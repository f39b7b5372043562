import type { Migration } from '../types.js';

export const security: Migration = {
  version: 50,
  name: 'security',
  sql: `
    -- The authentication event log (ASVS 16.3): who did what, on which site and client, from where.
    -- Never holds a secret: no passwords, tokens, codes or keys, only their outcome.
    create table auth_events (
      site_id text not null,
      id uuid not null primary key,
      type text not null,
      outcome text not null,
      member_id text,
      email text,
      client_id text,
      ip text,
      detail jsonb not null default '{}'::jsonb,
      created_at timestamptz not null
    );
    create index auth_events_site_time on auth_events (site_id, created_at desc);
    create index auth_events_member on auth_events (site_id, member_id, created_at desc);
  `,
};
