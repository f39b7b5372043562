import type { Migration } from '../types.js';

/**
 * One version per site's catalog, so a whole list answer can be kept and reused until the catalog changes, on every
 * instance sharing the database (issue #54; commerce/wix/catalog-pages.ts, docs/commerce.md → How a list is read).
 *
 * Every write to the tables a catalog answer is made of (products, variants with their stock and prices,
 * collections with their translations, memberships) gives the site a new random version in the same transaction,
 * whoever writes it: the admin API, an order's reservation, a release, a restore's inserts. A trigger does it, so no
 * write path can forget it. The triggers are deferred constraint triggers: the version row is updated once per
 * transaction and site (a transaction-local setting remembers it), at commit, after every other lock the
 * transaction takes, so two orders reserving stock of the same site wait on it only for the moment of their commit,
 * and never deadlock over it. A random version rather than a counter: a restore loads an older snapshot of this
 * table, and its inserts then draw a fresh version, never one an instance kept answers under.
 */
export const commerceCatalogVersions: Migration = {
  version: 102,
  name: 'commerce_catalog_versions',
  sql: `
    create table commerce_catalog_versions (
      site_id text primary key,
      version uuid not null default gen_random_uuid()
    );

    create function commerce_catalog_bump() returns trigger language plpgsql as $$
    declare
      site text;
      bumped text := coalesce(current_setting('vitrine.catalog_bumped', true), '');
    begin
      if tg_op = 'DELETE' then site := old.site_id; else site := new.site_id; end if;
      if position(chr(31) || site || chr(31) in bumped) > 0 then return null; end if;
      insert into commerce_catalog_versions (site_id) values (site)
        on conflict (site_id) do update set version = excluded.version;
      perform set_config('vitrine.catalog_bumped', coalesce(nullif(bumped, ''), chr(31)) || site || chr(31), true);
      return null;
    end
    $$;

    create constraint trigger commerce_products_catalog_version after insert or update or delete
      on commerce_products deferrable initially deferred for each row execute function commerce_catalog_bump();
    create constraint trigger commerce_variants_catalog_version after insert or update or delete
      on commerce_variants deferrable initially deferred for each row execute function commerce_catalog_bump();
    create constraint trigger commerce_collections_catalog_version after insert or update or delete
      on commerce_collections deferrable initially deferred for each row execute function commerce_catalog_bump();
    create constraint trigger commerce_collection_products_catalog_version after insert or update or delete
      on commerce_collection_products deferrable initially deferred for each row
      execute function commerce_catalog_bump();

    -- A TRUNCATE names no site: every site's catalog moves.
    create function commerce_catalog_bump_all() returns trigger language plpgsql as $$
    begin
      update commerce_catalog_versions set version = gen_random_uuid();
      return null;
    end
    $$;
    create trigger commerce_products_catalog_truncate after truncate on commerce_products
      for each statement execute function commerce_catalog_bump_all();
    create trigger commerce_variants_catalog_truncate after truncate on commerce_variants
      for each statement execute function commerce_catalog_bump_all();
    create trigger commerce_collections_catalog_truncate after truncate on commerce_collections
      for each statement execute function commerce_catalog_bump_all();
    create trigger commerce_collection_products_catalog_truncate after truncate on commerce_collection_products
      for each statement execute function commerce_catalog_bump_all();

    insert into commerce_catalog_versions (site_id)
      select site_id from commerce_products union select site_id from commerce_collections;
  `,
};
