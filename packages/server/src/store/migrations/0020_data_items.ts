import type { Migration } from '../types.js';

export const dataItems: Migration = {
  version: 20,
  name: 'data_items',
  sql: `
    -- Items of every site's collections. data holds the whole item including the system fields
    -- (_id, _createdDate, _updatedDate, _owner); dates inside it are {"$date": canonical ISO}.
    -- created_at/updated_at/owner_id mirror system fields so the common sorts and the ownership checks use indexes.
    create table data_items (
      site_id text not null,
      collection_id text not null,
      id text not null,
      seq bigserial not null,
      data jsonb not null,
      owner_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, collection_id, id)
    );
    -- Default order (_createdDate ascending, insertion order for ties) and _createdDate sorts.
    create index data_items_created on data_items (site_id, collection_id, created_at, seq);
    create index data_items_updated on data_items (site_id, collection_id, updated_at);
    -- Author-only collections and the visitor → member hand-over.
    create index data_items_owner on data_items (site_id, owner_id, collection_id) where owner_id is not null;
    -- Equality filters are compiled with a containment test (data @> {...}) that this index serves.
    create index data_items_data on data_items using gin (data jsonb_path_ops);
    -- Reference resolution looks items up by id across a site's collections.
    create index data_items_by_id on data_items (site_id, id);

    -- Multi-reference links: referring item (collection, field, id) → referenced item id, in insertion order.
    create table data_references (
      site_id text not null,
      collection_id text not null,
      field text not null,
      referring_id text not null,
      referenced_id text not null,
      seq bigserial not null,
      primary key (site_id, collection_id, field, referring_id, referenced_id)
    );
    create index data_references_referenced on data_references (site_id, referenced_id);

    -- Which collections had their configured seed items inserted (seeding happens once).
    create table data_seeds (
      site_id text not null,
      collection_id text not null,
      seeded_at timestamptz not null default now(),
      item_count integer not null,
      primary key (site_id, collection_id)
    );
  `,
};
