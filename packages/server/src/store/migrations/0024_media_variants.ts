import type { Migration } from '../types.js';

export const mediaVariants: Migration = {
  version: 24,
  name: 'media_variants',
  sql: `
    -- Resized / re-encoded copies of a media row (media/variants.ts), made on first request and shared by every
    -- instance. Width 0 = the original size in another format.
    create table media_variants (
      -- Every table carries its site (a site's data is found, exported and deleted by site_id alone).
      site_id text not null,
      media_id text not null references media (id) on delete cascade,
      width integer not null,
      format text not null,
      bytes bytea not null,
      created_at timestamptz not null default now(),
      primary key (media_id, width, format)
    );
  `,
};
