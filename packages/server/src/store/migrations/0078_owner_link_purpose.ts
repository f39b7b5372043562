import type { Migration } from '../types.js';

export const ownerLinkPurpose: Migration = {
  version: 78,
  name: 'owner_link_purpose',
  sql: `
    -- One table for both one-time owner links (issue #31): 'setup' (24 h, a first password) and 'reset'
    -- (30 min, "Forgot password" by mail). A spent link is kept with its time of use, so opening it again
    -- says "used" (and for whom) rather than "invalid"; unused links are deleted when the password changes.
    alter table owner_setup_tokens add column purpose text not null default 'setup';
    alter table owner_setup_tokens add column used_at timestamptz;
  `,
};
