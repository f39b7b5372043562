import type { Migration } from '../types.js';

export const ownerSites: Migration = {
  version: 76,
  name: 'owner_sites',
  sql: `
    -- Which sites each owner runs (issue #26, S-14): the admin API lets an owner act on these only. '*'
    -- is every site of the server (the operator's choice for server-wide owners).
    create table owner_sites (
      site_id text not null,
      owner_id uuid not null references owners (id) on delete cascade,
      primary key (owner_id, site_id)
    );
    -- Owners made before kept every site, as they had; the operator narrows them (docs/console.md).
    insert into owner_sites (site_id, owner_id) select '*', id from owners;
  `,
};
