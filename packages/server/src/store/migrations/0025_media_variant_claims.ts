import type { Migration } from '../types.js';

export const mediaVariantClaims: Migration = {
  version: 25,
  name: 'media_variant_claims',
  sql: `
    -- Which instance is making a variant now (media/variants.ts): the first insert wins and encodes, the others
    -- wait for its media_variants row; a claim older than a minute is taken over (its instance died mid-encode).
    -- A row lives only while its variant is being made.
    create table media_variant_claims (
      -- Every table carries its site (a site's data is found, exported and deleted by site_id alone).
      site_id text not null,
      media_id text not null references media (id) on delete cascade,
      width integer not null,
      format text not null,
      claimed_at timestamptz not null default now(),
      primary key (media_id, width, format)
    );
  `,
};
