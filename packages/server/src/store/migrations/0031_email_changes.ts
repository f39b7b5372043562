import type { Migration } from '../types.js';

export const emailChanges: Migration = {
  version: 31,
  name: 'email_changes',
  sql: `
    -- A signed-in member's change of sign-in address (issue #34, identity/email-change.ts): the new address
    -- holds only once the code mailed to it comes back. One live row per member; the code is stored hashed.
    create table email_changes (
      site_id text not null,
      member_id text not null,
      new_email text not null,
      code_salt bytea not null,
      code_hash bytea not null,
      attempts integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      primary key (site_id, member_id)
    );
  `,
};
