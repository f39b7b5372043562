import type { Migration } from '../types.js';

export const ownersSiteMarker: Migration = {
  version: 71,
  name: 'owners_site_marker',
  sql: `
    -- Every table carries site_id; owners, their setup links and sessions belong to the whole server,
    -- which the schema marks with '*' (as server_keys and rate_limits do).
    alter table owners add column site_id text not null default '*';
    alter table owner_setup_tokens add column site_id text not null default '*';
    alter table owner_sessions add column site_id text not null default '*';
  `,
};
