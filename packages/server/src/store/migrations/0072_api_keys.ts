import type { Migration } from '../types.js';

export const apiKeys: Migration = {
  version: 72,
  name: 'api_keys',
  sql: `
    -- Site API keys created in the console, beside the config file's keys. Only the SHA-256 of the key
    -- is kept; a revoked key stays listed (revoked_at) so the audit log's key names keep their meaning.
    create table api_keys (
      site_id text not null,
      id uuid not null,
      name text not null,
      key_hash bytea not null unique,
      created_by uuid,
      created_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz,
      primary key (site_id, id)
    );
    -- At most one live key of a name per site: the name is what the audit log records.
    create unique index api_keys_live_name on api_keys (site_id, name) where revoked_at is null;
  `,
};
