/**
 * Migration 91's carts, orders and clean-up (0091_older_shop_items.ts has the catalog, the staging table
 * `legacy_products` and the helper functions these statements use).
 */

const DEFAULT_VARIANT = `'00000000-0000-0000-0000-000000000000'`;

/** Cart items (one line each, owned by a visitor or a member) become one module cart per owner. */
export const carts = () => `
  create temporary table legacy_cart_lines on commit drop as
  select i.site_id, i.id as item_id, i.seq, i.created_at, i.updated_at,
    coalesce(i.owner_id, vitrine_legacy_text(i.data -> '_owner')) as owner_id,
    coalesce(p.module_id, vitrine_legacy_text(i.data -> 'productId')) as product_id,
    case when jsonb_typeof(i.data -> 'quantity') = 'number' and (i.data ->> 'quantity')::numeric >= 1
      then least(floor((i.data ->> 'quantity')::numeric), 99)::integer end as quantity,
    null::text as cart_id
  from data_items i
  left join legacy_products p on p.site_id = i.site_id and p.item_id = i.data ->> 'productId'
  where i.collection_id = 'Cart';

  insert into commerce_carts (site_id, id, owner_kind, owner_id, created_at, updated_at)
  select l.site_id, md5('cart:' || l.site_id || ':' || l.owner_id)::uuid::text,
    case when exists (select 1 from members m where m.site_id = l.site_id and m.id::text = l.owner_id)
      then 'member' else 'visitor' end,
    l.owner_id, min(l.created_at), max(l.updated_at)
  from legacy_cart_lines l where l.owner_id is not null and l.product_id is not null and l.quantity is not null
  group by l.site_id, l.owner_id
  on conflict do nothing;

  update legacy_cart_lines l set cart_id = c.id from commerce_carts c
    where c.site_id = l.site_id and c.owner_id = l.owner_id
      and c.owner_kind = case when exists (select 1 from members m where m.site_id = l.site_id and m.id::text = l.owner_id)
        then 'member' else 'visitor' end;

  -- Two lines of one product add up (as adding to the module's cart does), within its 99 a line; the first line's
  -- id stays. A line the owner's cart already holds keeps the cart's.
  insert into commerce_cart_lines (site_id, cart_id, id, product_id, variant_id, quantity, created_at)
  select l.site_id, l.cart_id, (array_agg(l.item_id order by l.seq))[1], l.product_id, ${DEFAULT_VARIANT},
    least(sum(l.quantity), 99)::integer, min(l.created_at)
  from legacy_cart_lines l
  where l.cart_id is not null and l.product_id is not null and l.quantity is not null
    and not exists (select 1 from commerce_cart_lines e where e.site_id = l.site_id and e.cart_id = l.cart_id
      and e.product_id = l.product_id and e.variant_id = ${DEFAULT_VARIANT})
  group by l.site_id, l.cart_id, l.product_id
  on conflict do nothing;
`;

const cents = (value: string) => `vitrine_legacy_cents(${value})`;
const status = (value: string) => `case when ${value} in ('SHIPPED', 'DELIVERED') then 'FULFILLED'
  when ${value} in ('PAID', 'CANCELED', 'AWAITING_PAYMENT') then ${value} else 'AWAITING_PAYMENT' end`;

/** Orders keep their id, number, status and history, lines as sold, totals, buyer, address and delivery. */
export const orders = () => `
  create temporary table legacy_orders on commit drop as
  select o.site_id, o.id as item_id, o.seq, o.data, o.created_at, o.updated_at,
    ${status("o.data ->> 'status'")} as status,
    case when (o.data ->> 'number') ~ '^V-[0-9]{6,15}$' and substring(o.data ->> 'number' from 3)::bigint > 100000
      then substring(o.data ->> 'number' from 3)::bigint - 100000 end as wanted_number,
    null::bigint as number,
    coalesce(vitrine_legacy_text(o.data -> 'memberId'), o.owner_id) as member_id,
    coalesce(vitrine_legacy_text(o.data -> 'guestEmail'), vitrine_legacy_text(o.data -> 'email'),
      (select m.email from members m where m.site_id = o.site_id
        and m.id::text = coalesce(vitrine_legacy_text(o.data -> 'memberId'), o.owner_id))) as buyer_email,
    g.visitor_id, g.client_ip
  from data_items o left join shop_guest_orders g on g.site_id = o.site_id and g.order_id = o.id
  where o.collection_id = 'Orders';

  -- Old numbers stay unless the module already gave one away (a demo that took orders on the module's first
  -- release): those orders get the next numbers after every number either shop used.
  update legacy_orders l set number = l.wanted_number
  from (select site_id, item_id, row_number() over (partition by site_id, wanted_number order by seq) as n
        from legacy_orders where wanted_number is not null) r
  where r.site_id = l.site_id and r.item_id = l.item_id and r.n = 1
    and not exists (select 1 from commerce_orders c where c.site_id = l.site_id and c.number = l.wanted_number);
  update legacy_orders l set number = r.top + r.n
  from (select o.site_id, o.item_id, row_number() over (partition by o.site_id order by o.seq) as n,
          greatest((select max(number) from commerce_orders c where c.site_id = o.site_id),
            (select max(wanted_number) from legacy_orders w where w.site_id = o.site_id),
            (select last_number from shop_order_counters s where s.site_id = o.site_id), 0) as top
        from legacy_orders o where o.number is null) r
  where r.site_id = l.site_id and r.item_id = l.item_id;

  insert into commerce_orders (site_id, id, number, status, payment_status, member_id, visitor_id, buyer_email,
    currency, lines, subtotal, shipping_total, total, shipping_address, shipping_method, expires_at, client_ip,
    created_at, updated_at)
  select o.site_id, o.item_id, o.number, o.status,
    case when o.data ->> 'status' in ('PAID', 'SHIPPED', 'DELIVERED') or o.data ? 'paidDate' then 'PAID'
      else 'NOT_PAID' end,
    o.member_id, o.visitor_id, o.buyer_email,
    coalesce(upper(vitrine_legacy_text(o.data -> 'currency')), 'USD'), x.lines,
    coalesce(${cents("o.data -> 'subtotal'")}, x.subtotal), x.shipping,
    coalesce(${cents("o.data -> 'total'")}, coalesce(${cents("o.data -> 'subtotal'")}, x.subtotal) + x.shipping),
    nullif(jsonb_strip_nulls(jsonb_build_object(
      'name', vitrine_legacy_text(o.data #> '{shippingAddress,name}'),
      'addressLine', vitrine_legacy_text(o.data #> '{shippingAddress,addressLine}'),
      'addressLine2', vitrine_legacy_text(o.data #> '{shippingAddress,addressLine2}'),
      'city', vitrine_legacy_text(o.data #> '{shippingAddress,city}'),
      'subdivision', vitrine_legacy_text(o.data #> '{shippingAddress,subdivision}'),
      'postalCode', vitrine_legacy_text(o.data #> '{shippingAddress,postalCode}'),
      'country', upper(vitrine_legacy_text(o.data #> '{shippingAddress,country}')),
      'phone', vitrine_legacy_text(o.data #> '{shippingAddress,phone}'))), '{}'),
    case when jsonb_typeof(o.data -> 'shippingMethod') = 'object' then jsonb_build_object(
      'methodId', coalesce(vitrine_legacy_text(o.data #> '{shippingMethod,methodId}'), ''),
      'name', coalesce(vitrine_legacy_text(o.data #> '{shippingMethod,name}'), ''),
      'country', coalesce(vitrine_legacy_text(o.data #> '{shippingMethod,country}'), ''),
      'amount', x.shipping) end,
    -- The module's default unpaid time (48 hours, sites[].shop.unpaidOrderHours): a migration reads no config.
    case when o.status = 'AWAITING_PAYMENT' then o.created_at + interval '48 hours' end,
    o.client_ip, o.created_at, o.updated_at
  from legacy_orders o
  cross join lateral (
    select coalesce(jsonb_agg(jsonb_build_object(
        'id', md5(o.site_id || ':' || o.item_id || ':' || v.n)::uuid::text,
        'productId', coalesce(p.module_id, vitrine_legacy_text(v.line -> 'productId'), ''),
        'variantId', ${DEFAULT_VARIANT},
        'name', coalesce(vitrine_legacy_text(v.line -> 'title'), vitrine_legacy_text(v.line -> 'name'),
          vitrine_legacy_text(v.line -> 'productId'), ''),
        'slug', coalesce(vitrine_legacy_text(v.line -> 'slug'), ''), 'choices', '{}'::jsonb, 'options', '[]'::jsonb,
        'sku', null, 'weight', null,
        'media', case when vitrine_legacy_text(v.line -> 'image') is not null then jsonb_build_object(
          'id', md5(vitrine_legacy_text(v.line -> 'image')), 'url', vitrine_legacy_text(v.line -> 'image'),
          'width', 0, 'height', 0, 'altText', coalesce(vitrine_legacy_text(v.line -> 'title'), '')) end,
        'physical', true, 'quantity', v.quantity, 'unitPrice', v.unit, 'subtotal', v.subtotal, 'discount', 0,
        'tax', 0, 'taxRate', 0, 'total', v.subtotal) order by v.n), '[]'::jsonb) as lines,
      coalesce(sum(v.subtotal), 0)::bigint as subtotal,
      coalesce(${cents("o.data -> 'shippingTotal'")}, ${cents("o.data #> '{shippingMethod,amount}'")}, 0) as shipping
    from (select e.n, e.line, q.quantity, coalesce(${cents("e.line -> 'unitPrice'")}, 0) as unit,
            coalesce(${cents("e.line -> 'lineTotal'")}, coalesce(${cents("e.line -> 'unitPrice'")}, 0) * q.quantity)
              as subtotal
          from jsonb_array_elements(case when jsonb_typeof(o.data -> 'lines') = 'array' then o.data -> 'lines'
            else '[]' end) with ordinality as e(line, n)
          cross join lateral (select case when jsonb_typeof(e.line -> 'quantity') = 'number'
            then least(greatest(floor((e.line ->> 'quantity')::numeric), 0), 1000000)::integer else 0 end as quantity) q
          where jsonb_typeof(e.line) = 'object') v
    left join legacy_products p on p.site_id = o.site_id and p.item_id = v.line ->> 'productId'
  ) x
  on conflict do nothing;

  -- History: the placing, every change the older shop recorded, and the change to the status the order has
  -- when no row says so (orders from before migration 42 kept no history).
  insert into commerce_order_history (site_id, order_id, at, from_status, to_status, actor, note)
  select o.site_id, o.item_id, o.created_at, null, 'AWAITING_PAYMENT', 'shopper', null
  from legacy_orders o order by o.site_id, o.seq;
  insert into commerce_order_history (site_id, order_id, at, from_status, to_status, actor, note)
  select h.site_id, h.order_id, h.created_at,
    case when h.from_status is null then null else ${status('h.from_status')} end, ${status('h.to_status')},
    case when h.actor = 'admin key' then 'admin-key' else h.actor end,
    nullif(concat_ws('; ',
      case h.to_status when 'SHIPPED' then 'Shipped' when 'DELIVERED' then 'Delivered' end,
      case when h.carrier is not null then 'carrier: ' || h.carrier end,
      case when h.tracking_number is not null then 'tracking number: ' || h.tracking_number end, h.note), '')
  from shop_order_history h join legacy_orders o on o.site_id = h.site_id and o.item_id = h.order_id
  order by h.site_id, h.order_id, h.seq;
  insert into commerce_order_history (site_id, order_id, at, from_status, to_status, actor, note)
  select o.site_id, o.item_id, o.updated_at, last.to_status, o.status, 'system',
    'Status recorded before order history was kept'
  from legacy_orders o
  cross join lateral (select h.to_status from commerce_order_history h where h.site_id = o.site_id
    and h.order_id = o.item_id order by h.seq desc limit 1) last
  where last.to_status <> o.status and exists (select 1 from commerce_orders c where c.site_id = o.site_id
    and c.id = o.item_id);

  -- What each order took from stock, as the older shop recorded it (migration 45): cancelling gives it back once.
  -- Units taken from an older product that became a product the module already had came from a stock that is
  -- gone, so they are not reserved.
  insert into commerce_reservations (site_id, order_id, product_id, variant_id, quantity, released_at)
  select s.site_id, s.order_id, s.product_id, ${DEFAULT_VARIANT}, s.quantity,
    coalesce(s.returned_at, case when o.status = 'CANCELED' then o.updated_at end)
  from shop_order_stock s
  join legacy_orders o on o.site_id = s.site_id and o.item_id = s.order_id
  join legacy_products p on p.site_id = s.site_id and p.item_id = s.product_id and p.module_id = p.item_id
  join commerce_orders c on c.site_id = s.site_id and c.id = s.order_id
  on conflict do nothing;

  insert into commerce_order_counters (site_id, last_number)
  select site_id, max(number) from legacy_orders group by site_id
  on conflict (site_id) do update
    set last_number = greatest(commerce_order_counters.last_number, excluded.last_number);
`;

/** Every moved item is kept as it was, then leaves the data collections, with what only the older shop read. */
export const cleanup = () => `
  insert into commerce_migrated_items (site_id, collection_id, item_id, module_id, owner_id, data, translations,
    created_at, updated_at)
  select i.site_id, i.collection_id, i.id,
    case i.collection_id when 'Products' then (select p.module_id from legacy_products p
        where p.site_id = i.site_id and p.item_id = i.id)
      when 'Orders' then (select c.id from commerce_orders c where c.site_id = i.site_id and c.id = i.id)
      -- A cart line added to another line of the same product names that line.
      else (select c.id from legacy_cart_lines l join commerce_cart_lines c on c.site_id = l.site_id
          and c.cart_id = l.cart_id and c.product_id = l.product_id
        where l.site_id = i.site_id and l.item_id = i.id and l.quantity is not null limit 1) end,
    i.owner_id, i.data, i.translations, i.created_at, i.updated_at
  from data_items i where i.collection_id in ('Products', 'Cart', 'Orders')
  on conflict do nothing;

  delete from data_references where collection_id in ('Products', 'Cart', 'Orders');
  delete from data_items where collection_id in ('Products', 'Cart', 'Orders');
  delete from shop_order_history h using commerce_migrated_items m
    where m.site_id = h.site_id and m.collection_id = 'Orders' and m.item_id = h.order_id;
  delete from shop_order_stock s using commerce_migrated_items m
    where m.site_id = s.site_id and m.collection_id = 'Orders' and m.item_id = s.order_id;
  delete from shop_guest_orders g using commerce_migrated_items m
    where m.site_id = g.site_id and m.collection_id = 'Orders' and m.item_id = g.order_id;

  drop function vitrine_legacy_cents(jsonb);
  drop function vitrine_legacy_text(jsonb);
  drop function vitrine_legacy_html(text);
`;
