import type { Migration } from '../types.js';

export const orderStock: Migration = {
  version: 45,
  name: 'order_stock',
  sql: `
    -- What each order took from stock at checkout (audit V5-5): cancelling gives back exactly these units, once
    -- (returned_at), whatever the order item says (shop/order-stock.ts).
    create table shop_order_stock (
      site_id text not null,
      order_id text not null,
      product_id text not null,
      quantity integer not null check (quantity > 0),
      returned_at timestamptz,
      primary key (site_id, order_id, product_id)
    );
    -- Orders placed before, not yet cancelled: what their lines took of products that keep a stock.
    insert into shop_order_stock (site_id, order_id, product_id, quantity)
    select o.site_id, o.id, l.value ->> 'productId', sum((l.value ->> 'quantity')::integer)
    from data_items o
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(o.data -> 'lines') = 'array' then o.data -> 'lines' else '[]'::jsonb end
    ) as l(value)
    join data_items p on p.site_id = o.site_id and p.collection_id = 'Products' and p.id = l.value ->> 'productId'
      and jsonb_typeof(p.data -> 'stock') = 'number'
    where o.collection_id = 'Orders' and coalesce(o.data ->> 'status', '') <> 'CANCELED'
      and jsonb_typeof(l.value) = 'object' and (l.value ->> 'quantity') ~ '^[1-9][0-9]{0,5}$'
    group by o.site_id, o.id, l.value ->> 'productId';
  `,
};
