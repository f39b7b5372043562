import type { Migration } from '../types.js';

/**
 * The commerce module's own tables (issue #50, docs/commerce.md). Only `packages/server/src/commerce/` reads or
 * writes them. Money is an integer in the currency's minor units (cents; yen as is); a row's currency is the
 * site's currency when it was written. Ids are text (UUIDs the module makes, or ids kept from migrated items).
 */
export const commerce: Migration = {
  version: 90,
  name: 'commerce',
  sql: `
    create table commerce_products (
      site_id text not null,
      id text not null,
      slug text not null,
      name text not null,
      -- HTML, as Wix's catalog v1 serves it; plain text is derived.
      description text not null default '',
      visible boolean not null default true,
      product_type text not null default 'physical' check (product_type in ('physical', 'digital')),
      -- [{name, optionType: 'drop_down' | 'color', choices: [{value, description}]}]: the axes of the variants.
      options jsonb not null default '[]',
      -- [{id, url, width, height, altText}]: the product's images, the first is its main one.
      media jsonb not null default '[]',
      ribbon text,
      brand text,
      -- Translated name and description per language: {"fr": {"name": …, "description": …}}.
      translations jsonb not null default '{}',
      position integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, slug)
    );

    -- Every product has at least one variant: a product without options has exactly one, the default
    -- (id 00000000-0000-0000-0000-000000000000, as Wix names it). Stock lives here, never below zero: a
    -- reservation is one conditional update (stock = stock - n where stock >= n), so two checkouts cannot sell
    -- the same unit.
    create table commerce_variants (
      site_id text not null,
      product_id text not null,
      id text not null,
      -- {"Size": "M", "Colour": "Blue"}: one choice per option of the product.
      choices jsonb not null default '{}',
      sku text,
      price bigint not null check (price >= 0),
      compare_at_price bigint check (compare_at_price >= 0),
      weight numeric,
      track_stock boolean not null default true,
      stock integer not null default 0 check (stock >= 0),
      visible boolean not null default true,
      media jsonb not null default '[]',
      position integer not null default 0,
      primary key (site_id, product_id, id),
      foreign key (site_id, product_id) references commerce_products (site_id, id) on delete cascade
    );

    create table commerce_collections (
      site_id text not null,
      id text not null,
      slug text not null,
      name text not null,
      description text not null default '',
      visible boolean not null default true,
      media jsonb not null default '[]',
      created_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, slug)
    );

    create table commerce_collection_products (
      site_id text not null,
      collection_id text not null,
      product_id text not null,
      position integer not null default 0,
      primary key (site_id, collection_id, product_id),
      foreign key (site_id, collection_id) references commerce_collections (site_id, id) on delete cascade,
      foreign key (site_id, product_id) references commerce_products (site_id, id) on delete cascade
    );
    create index commerce_collection_products_product on commerce_collection_products (site_id, product_id);

    -- One open cart per visitor or member (owner_kind 'visitor' | 'member').
    create table commerce_carts (
      site_id text not null,
      id text not null,
      owner_kind text not null check (owner_kind in ('visitor', 'member')),
      owner_id text not null,
      coupon_code text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, owner_kind, owner_id)
    );
    -- The sweep of carts left by visitors who never came back.
    create index commerce_carts_updated on commerce_carts (updated_at);

    create table commerce_cart_lines (
      site_id text not null,
      cart_id text not null,
      id text not null,
      product_id text not null,
      variant_id text not null,
      quantity integer not null check (quantity > 0),
      created_at timestamptz not null,
      primary key (site_id, cart_id, id),
      foreign key (site_id, cart_id) references commerce_carts (site_id, id) on delete cascade
    );

    -- A checkout is the cart's lines frozen with the buyer's details; placing it makes an order (order_id).
    create table commerce_checkouts (
      site_id text not null,
      id text not null,
      cart_id text,
      owner_kind text not null check (owner_kind in ('visitor', 'member')),
      owner_id text not null,
      -- [{id, productId, variantId, quantity}]
      lines jsonb not null,
      buyer_email text,
      shipping_address jsonb,
      shipping_method text,
      coupon_code text,
      channel_type text,
      order_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id)
    );
    create index commerce_checkouts_owner on commerce_checkouts (site_id, owner_kind, owner_id, created_at);

    -- Orders keep everything they were sold with (names, choices, prices, tax, discount): a later catalog
    -- change never rewrites one. status follows commerce/orders/state.ts; every change adds a history row.
    create table commerce_orders (
      site_id text not null,
      id text not null,
      number bigint not null,
      status text not null,
      payment_status text not null,
      member_id text,
      visitor_id text,
      buyer_email text,
      currency text not null,
      prices_include_tax boolean not null default false,
      -- [{id, productId, variantId, name, choices, sku, media, quantity, unitPrice, subtotal, discount, tax,
      --   taxRate, total}] in minor units.
      lines jsonb not null,
      subtotal bigint not null,
      shipping_total bigint not null default 0,
      discount_total bigint not null default 0,
      tax_total bigint not null default 0,
      total bigint not null,
      coupon_code text,
      shipping_address jsonb,
      shipping_method jsonb,
      checkout_id text,
      expires_at timestamptz,
      client_ip text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, number)
    );
    create index commerce_orders_member on commerce_orders (site_id, member_id, created_at desc) where member_id is not null;
    create index commerce_orders_expiry on commerce_orders (expires_at) where expires_at is not null;
    create index commerce_orders_created on commerce_orders (site_id, created_at desc);
    create unique index commerce_orders_checkout on commerce_orders (site_id, checkout_id) where checkout_id is not null;
    -- A guest's orders, found by their email when a member with that verified email signs in.
    create index commerce_orders_guest_email on commerce_orders (site_id, lower(buyer_email)) where member_id is null;

    create table commerce_order_history (
      site_id text not null,
      order_id text not null,
      seq bigserial,
      at timestamptz not null,
      from_status text,
      to_status text not null,
      -- 'shopper' | 'owner:<id>' | 'system' (expiry) | 'api-key:<id>'
      actor text not null,
      note text,
      primary key (site_id, order_id, seq),
      foreign key (site_id, order_id) references commerce_orders (site_id, id) on delete cascade
    );

    -- What an order took from stock; released once (released_at) on cancellation or expiry.
    create table commerce_reservations (
      site_id text not null,
      order_id text not null,
      product_id text not null,
      variant_id text not null,
      quantity integer not null check (quantity > 0),
      released_at timestamptz,
      primary key (site_id, order_id, product_id, variant_id),
      foreign key (site_id, order_id) references commerce_orders (site_id, id) on delete cascade
    );

    create table commerce_discounts (
      site_id text not null,
      id text not null,
      -- Stored upper-case; shoppers type it in any case.
      code text not null,
      kind text not null check (kind in ('percentage', 'amount')),
      -- percentage: whole percent 1–100; amount: minor units.
      value bigint not null check (value > 0),
      min_subtotal bigint not null default 0,
      starts_at timestamptz,
      ends_at timestamptz,
      usage_limit integer check (usage_limit > 0),
      used integer not null default 0,
      active boolean not null default true,
      created_at timestamptz not null,
      primary key (site_id, id),
      unique (site_id, code)
    );

    create table commerce_order_counters (
      site_id text primary key,
      last_number bigint not null
    );
  `,
};
