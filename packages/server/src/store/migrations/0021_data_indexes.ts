import type { Migration } from '../types.js';

export const dataIndexes: Migration = {
  version: 21,
  name: 'data_indexes',
  sql: `
    -- Explicit _createdDate/_updatedDate sorts order by (column, id) in one direction: an index scan either way.
    create index data_items_created_id on data_items (site_id, collection_id, created_at, id collate "C");
    drop index if exists data_items_updated;
    create index data_items_updated_id on data_items (site_id, collection_id, updated_at, id collate "C");
    -- Sort indexes built on demand for large collections (data/indexes.ts).
    create table data_sort_indexes (
      site_id text not null,
      collection_id text not null,
      field text not null,
      index_name text not null,
      created_at timestamptz not null default now(),
      primary key (site_id, collection_id, field)
    );
  `,
};
