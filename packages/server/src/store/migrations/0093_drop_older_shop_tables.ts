import type { Migration } from '../types.js';

/**
 * The older shop's own tables go (issue #50): only the deleted `shop/` folder used them, and migration 91 moved what
 * they said of each moved order into the commerce module (history rows, the stock an order took, a guest order's
 * buyer; the order counter into commerce_order_counters) and removed those rows; the counter of a site whose
 * older orders were all deleted is carried over here. Rows left over name orders that had
 * no `Orders` item any more (deleted through the data API): they are kept as they were in commerce_migrated_items
 * (collection_id the table's name, module_id null), so nothing is lost. The indexes of migration 43 served the older
 * shop's `Orders` items, which are gone from data_items. Backups read the tables from the database's catalog
 * (backup/catalog.ts): once dropped, a snapshot no longer has them, and restoring an older snapshot runs 91 to 93
 * after its rows are loaded.
 */
export const dropOlderShopTables: Migration = {
  version: 93,
  name: 'drop_older_shop_tables',
  sql: `
    insert into commerce_migrated_items (site_id, collection_id, item_id, module_id, owner_id, data, created_at,
      updated_at)
    select h.site_id, 'shop_order_history', h.order_id || '#' || h.seq, null, null, to_jsonb(h), h.created_at,
      h.created_at
    from shop_order_history h
    on conflict do nothing;
    insert into commerce_migrated_items (site_id, collection_id, item_id, module_id, owner_id, data, created_at,
      updated_at)
    select s.site_id, 'shop_order_stock', s.order_id || '#' || s.product_id, null, null, to_jsonb(s), now(), now()
    from shop_order_stock s
    on conflict do nothing;
    insert into commerce_migrated_items (site_id, collection_id, item_id, module_id, owner_id, data, created_at,
      updated_at)
    select g.site_id, 'shop_guest_orders', g.order_id, null, g.linked_member_id, to_jsonb(g), g.created_at,
      coalesce(g.linked_at, g.created_at)
    from shop_guest_orders g
    on conflict do nothing;

    -- Numbers the older shop gave to orders that are gone are never given again (91 carried the counter of the
    -- orders it moved; a site whose older orders were all deleted still has its counter here).
    insert into commerce_order_counters (site_id, last_number)
    select site_id, last_number from shop_order_counters
    on conflict (site_id) do update
      set last_number = greatest(commerce_order_counters.last_number, excluded.last_number);

    drop table shop_order_history;
    drop table shop_order_stock;
    drop table shop_guest_orders;
    drop table shop_order_counters;
    drop index if exists data_items_order_number;
    drop index if exists data_items_order_status;
  `,
};
