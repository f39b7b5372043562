import type { Migration } from '../types.js';
import { carts, cleanup, orders } from './0091_older_shop_orders.js';

/**
 * Older shops' `Products`, `Cart` and `Orders` data items move into the commerce module's tables (issue #50,
 * docs/commerce.md → Moving an older shop), and leave `data_items`: one source of truth.
 *
 * Money: the older shop priced in US dollars only (its checkout wrote `currency: 'USD'`), so its decimal amounts
 * become cents, rounded half away from zero like money.ts's toMinor (USD has 2 digits there); an order keeps the
 * currency it names. Like every migration this reads no config: a site whose config names another currency
 * reads the same minor units in it (the same figures for a 2-digit currency).
 *
 * Ids are kept (the module's ids are text): products, orders and cart lines answer under their old ids, so links
 * keep working. An older product whose slug the module already has (a demo site started on the module's first
 * release, which seeded the demo catalog beside the older one) is that product: its carts and orders point to
 * the module's product, and its own copy is kept in `commerce_migrated_items`, which records every moved item
 * as it was (data, translations, owner, dates) and the module id it became.
 */
const PRICE = (value: string) => `vitrine_legacy_cents(${value})`;

const helpers = `
  create or replace function vitrine_legacy_cents(v jsonb) returns bigint language sql immutable as $f$
    select case when jsonb_typeof(v) = 'number' and (v #>> '{}')::numeric between 0 and 10000000000000
      then round((v #>> '{}')::numeric * 100)::bigint end
  $f$;
  create or replace function vitrine_legacy_text(v jsonb) returns text language sql immutable as $f$
    select case when jsonb_typeof(v) = 'string' then nullif(btrim(v #>> '{}'), '') end
  $f$;
  -- Descriptions were plain text (a few HTML); the module keeps HTML, as Wix's catalog v1 serves it.
  create or replace function vitrine_legacy_html(t text) returns text language sql immutable as $f$
    select case when t is null or btrim(t) = '' then '' when btrim(t) like '<%' then t
      else '<p>' || replace(replace(replace(replace(replace(t, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
        '''', '&#39;') || '</p>' end
  $f$;
`;

const products = `
  create table if not exists commerce_migrated_items (
    site_id text not null,
    collection_id text not null,
    item_id text not null,
    -- What the item became: the product, order or cart line id in the module.
    module_id text,
    owner_id text,
    data jsonb not null,
    translations jsonb,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    migrated_at timestamptz not null default now(),
    primary key (site_id, collection_id, item_id)
  );

  create temporary table legacy_products on commit drop as
  select p.site_id, p.id as item_id, p.seq, p.data, p.translations, p.created_at, p.updated_at,
    coalesce(vitrine_legacy_text(p.data -> 'title'), vitrine_legacy_text(p.data -> 'name'), p.id) as name,
    coalesce(vitrine_legacy_text(p.data -> 'slug'), p.id) as wanted_slug,
    ${PRICE("p.data -> 'price'")} as price,
    null::text as module_id, null::text as slug
  from data_items p where p.collection_id = 'Products';

  update legacy_products l set module_id = c.id from commerce_products c
    where c.site_id = l.site_id and (c.id = l.item_id or c.slug = l.wanted_slug);
  create temporary table legacy_merged on commit drop as
    select site_id, item_id from legacy_products where module_id is not null;
  -- Two older items with one slug (the data API never made slugs unique): the older keeps it.
  update legacy_products l set module_id = l.item_id,
    slug = case when r.n = 1 then l.wanted_slug else l.wanted_slug || '-' || l.item_id end
  from (select site_id, item_id, row_number() over (partition by site_id, wanted_slug order by seq) as n
        from legacy_products where module_id is null) r
  where r.site_id = l.site_id and r.item_id = l.item_id;

  insert into commerce_products (site_id, id, slug, name, description, visible, options, media, ribbon, brand,
    translations, position, created_at, updated_at)
  select l.site_id, l.module_id, l.slug, l.name, vitrine_legacy_html(vitrine_legacy_text(l.data -> 'description')),
    -- The older checkout refused a product without a price: it stays out of sale, hidden.
    l.price is not null and coalesce(case when jsonb_typeof(l.data -> 'visible') = 'boolean'
      then (l.data ->> 'visible')::boolean end, case when jsonb_typeof(l.data -> 'hidden') = 'boolean'
      then not (l.data ->> 'hidden')::boolean end, true),
    '[]',
    (select coalesce(jsonb_agg(jsonb_build_object('id', l.item_id || case when m.n = 1 then '' else '-' || m.n end,
        'url', m.url, 'width', coalesce(f.width, 0), 'height', coalesce(f.height, 0),
        'altText', coalesce(m.alt, (select a.value from jsonb_each_text(f.alt) a order by a.key limit 1), l.name))
        order by m.n), '[]')
     from (select row_number() over (order by i.k) as n, i.url, i.alt from (
             select vitrine_legacy_text(l.data -> 'image') as url,
               coalesce(vitrine_legacy_text(l.data -> 'imageAlt'), vitrine_legacy_text(l.data -> 'alt')) as alt, 0 as k
             union all
             select coalesce(vitrine_legacy_text(g.value), vitrine_legacy_text(g.value -> 'url'),
                 vitrine_legacy_text(g.value -> 'src')),
               coalesce(vitrine_legacy_text(g.value -> 'alt'), vitrine_legacy_text(g.value -> 'altText')), g.k
             from jsonb_array_elements(case when jsonb_typeof(l.data -> 'images') = 'array'
               then l.data -> 'images' else '[]' end) with ordinality as g(value, k)
           ) i where i.url is not null) m
     left join media f on f.site_id = l.site_id and m.url ~ '^/_media/[^/.?]+[.]'
       and f.id = substring(m.url from '^/_media/([^/.?]+)[.]')),
    vitrine_legacy_text(l.data -> 'ribbon'), vitrine_legacy_text(l.data -> 'brand'),
    coalesce((select jsonb_object_agg(t.key, jsonb_strip_nulls(jsonb_build_object(
        'name', vitrine_legacy_text(coalesce(t.value -> 'title', t.value -> 'name')),
        'description', nullif(vitrine_legacy_html(vitrine_legacy_text(t.value -> 'description')), ''))))
      from jsonb_each(case when jsonb_typeof(l.translations) = 'object' then l.translations else '{}' end) t
      where jsonb_typeof(t.value) = 'object'), '{}'),
    (row_number() over (partition by l.site_id order by l.seq))::integer - 1, l.created_at, l.updated_at
  from legacy_products l where l.slug is not null
  on conflict do nothing;

  -- Without options a product has one variant, Wix's default id. An older stock that is not a number was unlimited.
  insert into commerce_variants (site_id, product_id, id, choices, sku, price, compare_at_price, weight, track_stock,
    stock, visible, media, position)
  select l.site_id, l.module_id, '00000000-0000-0000-0000-000000000000', '{}', vitrine_legacy_text(l.data -> 'sku'),
    coalesce(l.price, 0), ${PRICE("l.data -> 'compareAtPrice'")},
    case when jsonb_typeof(l.data -> 'weight') = 'number' and (l.data ->> 'weight')::numeric >= 0
      then (l.data ->> 'weight')::numeric end,
    coalesce(jsonb_typeof(l.data -> 'stock') = 'number', false),
    case when jsonb_typeof(l.data -> 'stock') = 'number'
      then least(greatest(floor((l.data ->> 'stock')::numeric), 0), 2147483647)::integer else 0 end,
    true, '[]', 0
  from legacy_products l join commerce_products c on c.site_id = l.site_id and c.id = l.module_id
  where l.slug is not null
  on conflict do nothing;
`;

const collections = `
  -- Each category an older product named becomes a collection: its Categories item's name and slug when there is
  -- one (the item stays in Categories with its translations), the module's collection of that slug when it has one.
  create temporary table legacy_categories on commit drop as
  select distinct on (l.site_id, vitrine_legacy_text(l.data -> 'category')) l.site_id,
    vitrine_legacy_text(l.data -> 'category') as category,
    coalesce(vitrine_legacy_text(c.data -> 'name'), vitrine_legacy_text(l.data -> 'category')) as name,
    coalesce(vitrine_legacy_text(c.data -> 'description'), '') as description,
    coalesce(vitrine_legacy_text(c.data -> 'slug'), nullif(btrim(regexp_replace(lower(l.data ->> 'category'),
      '[^a-z0-9]+', '-', 'g'), '-'), ''), md5(l.data ->> 'category')) as slug,
    null::text as module_id
  from legacy_products l
  left join data_items c on c.site_id = l.site_id and c.collection_id = 'Categories' and c.id = l.data ->> 'category'
  where l.slug is not null and vitrine_legacy_text(l.data -> 'category') is not null
  order by l.site_id, vitrine_legacy_text(l.data -> 'category');
  update legacy_categories g set module_id = c.id from commerce_collections c
    where c.site_id = g.site_id and (c.slug = g.slug or c.id = g.category);
  insert into commerce_collections (site_id, id, slug, name, description, created_at)
  select site_id, category, slug, name, description, now() from legacy_categories where module_id is null
  on conflict do nothing;
  update legacy_categories set module_id = category where module_id is null;
  insert into commerce_collection_products (site_id, collection_id, product_id, position)
  select l.site_id, g.module_id, l.module_id, 0 from legacy_products l
  join legacy_categories g on g.site_id = l.site_id and g.category = vitrine_legacy_text(l.data -> 'category')
  join commerce_collections c on c.site_id = g.site_id and c.id = g.module_id
  join commerce_products p on p.site_id = l.site_id and p.id = l.module_id
  where l.slug is not null
  on conflict do nothing;

  -- Every Wix store has "All Products" (commerce/catalog/ids.ts): a moved shop without it gets it, with every product
  -- of the site; one that has it gets the moved products added.
  create temporary table legacy_all_products on commit drop as
  select distinct l.site_id, not exists (select 1 from commerce_collections c where c.site_id = l.site_id
      and c.slug = 'all-products') as created
  from legacy_products l where l.slug is not null;
  insert into commerce_collections (site_id, id, slug, name, description, created_at)
  select site_id, '00000000-000000-000000-000000000001', 'all-products', 'All Products', '', now()
  from legacy_all_products where created
  on conflict do nothing;
  insert into commerce_collection_products (site_id, collection_id, product_id, position)
  select p.site_id, c.id, p.id, 0 from commerce_products p
  join legacy_all_products a on a.site_id = p.site_id
  join commerce_collections c on c.site_id = p.site_id and c.slug = 'all-products'
  where a.created or exists (select 1 from legacy_products l where l.site_id = p.site_id and l.slug is not null
    and l.module_id = p.id)
  on conflict do nothing;
`;

export const olderShopItems: Migration = {
  version: 91,
  name: 'older_shop_items',
  sql: `${helpers}${products}${collections}${carts()}${orders()}${cleanup()}`,
};
