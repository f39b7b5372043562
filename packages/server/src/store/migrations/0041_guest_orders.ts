import type { Migration } from '../types.js';

export const guestOrders: Migration = {
  version: 41,
  name: 'guest_orders',
  sql: `
    -- Orders placed without an account (issue #29). The order item itself is an Orders data item with no
    -- owner; this row remembers the email key (members/email-key.ts) it was placed with, so the order
    -- joins the account of that address once its owner signs in with it verified (shop/guest-orders.ts).
    create table shop_guest_orders (
      site_id text not null,
      order_id text not null,
      email_key text not null,
      created_at timestamptz not null,
      linked_member_id text,
      linked_at timestamptz,
      primary key (site_id, order_id)
    );
    create index shop_guest_orders_unlinked on shop_guest_orders (site_id, email_key) where linked_member_id is null;
  `,
};
