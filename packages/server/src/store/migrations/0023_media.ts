import type { Migration } from '../types.js';

export const media: Migration = {
  version: 23,
  name: 'media',
  sql: `
    -- Uploaded images (media/). The bytes live here by default so every instance sharing the database serves
    -- the same files; with media.dir configured, bytes is null and the file is <dir>/<id>.<ext>.
    -- A row never changes its bytes: a replaced image is a new row, so its URL can be cached forever.
    create table media (
      id text primary key,
      site_id text not null,
      content_type text not null,
      -- The uploader's file name, cleaned (never used as a path): shown in the media library only.
      name text not null,
      size integer not null,
      width integer not null,
      height integer not null,
      sha256 text not null,
      bytes bytea,
      -- Alt text per language: {"en": "…", "fr": "…"}.
      alt jsonb not null default '{}'::jsonb,
      created_by text,
      created_at timestamptz not null default now()
    );
    create index media_site_created on media (site_id, created_at desc, id);
  `,
};
