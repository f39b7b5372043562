import type { Migration } from '../types.js';

export const emailKeys: Migration = {
  version: 16,
  name: 'email_keys',
  sql: `
    -- Audit S-8: email keys are NFKC + lower case + NFKC (members/email-key.ts), no longer lower case alone.
    -- Unicode normalisation is not SQL's (and lower() follows the database's collation), so the server
    -- re-keys at start (members/email-rekey.ts) the rows still at version 1. A plain printable-ASCII address
    -- has the same key under both rules, so only the others wait for it.
    alter table members add column email_key_version smallint not null default 1;
    alter table members alter column email_key_version set default 2;
    update members set email_key_version = 2 where email ~ '^[ -~]*$';
    create index members_email_key_pending on members (site_id) where email_key_version < 2;

    -- Two rows whose new keys are equal are never merged: the row that would move keeps its old key and is
    -- listed here for the operator (docs/members.md "Email addresses").
    create table email_key_collisions (
      kind text not null,
      site_id text not null,
      id text not null,
      email text not null,
      normalized_key text not null,
      conflicting_id text not null,
      detected_at timestamptz not null,
      primary key (kind, site_id, id)
    );
  `,
};
