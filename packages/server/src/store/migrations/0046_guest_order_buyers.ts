import type { Migration } from '../types.js';

export const guestOrderBuyers: Migration = {
  version: 46,
  name: 'guest_order_buyers',
  sql: `
    -- Who placed a guest order besides its email (audit V5-4): the visitor and the client address, so checkout
    -- can cap the orders awaiting payment per visitor and per address too (shop/order-limits.ts).
    alter table shop_guest_orders add column visitor_id text;
    alter table shop_guest_orders add column client_ip text;
    create index shop_guest_orders_visitor on shop_guest_orders (site_id, visitor_id) where visitor_id is not null;
    create index shop_guest_orders_client_ip on shop_guest_orders (site_id, client_ip) where client_ip is not null;
    create index shop_guest_orders_email on shop_guest_orders (site_id, email_key);
  `,
};
