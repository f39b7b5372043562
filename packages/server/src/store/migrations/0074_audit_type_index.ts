import type { Migration } from '../types.js';

export const auditTypeIndex: Migration = {
  version: 74,
  name: 'audit_type_index',
  sql: `
    -- The console's Overview counts sign-ins per day by event type; key-use events are far more
    -- numerous than sign-ins, so the count reads only the types it needs.
    create index auth_events_site_type_time on auth_events (site_id, type, created_at);
  `,
};
