import type { Migration } from '../types.js';

export const ownerEmailChange: Migration = {
  version: 108,
  name: 'owner_email_change',
  sql: `
    -- An owner changes their email (issue #53): a one-time link (purpose 'email', 24 h) mailed to the new
    -- address, which takes effect only when opened. The address it confirms is kept with the link.
    alter table owner_setup_tokens add column new_email text;
  `,
};
