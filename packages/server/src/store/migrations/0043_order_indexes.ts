import type { Migration } from '../types.js';

export const orderIndexes: Migration = {
  version: 43,
  name: 'order_indexes',
  sql: `
    -- The console's Orders page and sales overview (shop/admin-orders.ts, shop/sales-overview.ts). Orders are
    -- data items of the shop's "Orders" collection; partial indexes keep every other collection out of them.
    -- Search by order number (V-100042, or its digits: a prefix).
    create index data_items_order_number on data_items (site_id, upper(data ->> 'number') text_pattern_ops)
      where collection_id = 'Orders';
    -- Filter by status, newest first; "awaiting action" counts.
    create index data_items_order_status on data_items (site_id, (data ->> 'status'), created_at desc)
      where collection_id = 'Orders';
  `,
};
