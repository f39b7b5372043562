import type { Migration } from '../types.js';

export const mediaMetadataStripped: Migration = {
  version: 26,
  name: 'media_metadata_stripped',
  sql: `
    -- Which stored originals carry no metadata (audit V5-9). Uploads are cleaned since this change and stored
    -- marked; rows stored before stay null until the media sweep (media/backfill.ts) re-encodes them, replaces
    -- their bytes and marks them in one transaction. A file that cannot be decoded is marked too, with the reason,
    -- so it is not retried at every start.
    alter table media add column metadata_stripped_at timestamptz;
    alter table media add column metadata_strip_failed text;
    -- The instance cleaning a row now (a conditional update claims it); a claim older than ten minutes is taken
    -- over (its instance stopped mid-file).
    alter table media add column metadata_claimed_at timestamptz;
    create index media_metadata_unstripped on media (created_at, id) where metadata_stripped_at is null;
  `,
};
