import type { Migration } from '../types.js';

export const orderHistory: Migration = {
  version: 42,
  name: 'order_history',
  sql: `
    -- Each status change of an order (shop/order-status.ts), written by the transaction that makes it:
    -- the order page's history. Who acted is kept as text (an owner's email, a key's name), so the row
    -- stays readable after the owner or key is gone.
    create table shop_order_history (
      site_id text not null,
      order_id text not null,
      seq bigserial not null,
      from_status text,
      to_status text not null,
      actor text not null,
      carrier text,
      tracking_number text,
      note text,
      created_at timestamptz not null,
      primary key (site_id, order_id, seq)
    );
  `,
};
