// The bench's item shape (title, category of 20, price, stock), inserted set-based: $1 the site, $2 how many.
// bigint: g * 7919 overflows int past 271,000 items; lpad to 7 digits keeps titles unique up to 9,999,999.
export const SEED_ITEMS_SQL = `insert into data_items (site_id, collection_id, id, data, owner_id, created_at, updated_at)
  select $1, 'Items', x.id,
         jsonb_build_object('_id', x.id, '_createdDate', jsonb_build_object('$date', x.iso), '_updatedDate', jsonb_build_object('$date', x.iso),
                            'title', 'Item ' || lpad(x.g::text, 7, '0'), 'category', 'c' || (x.g % 20),
                            'price', round(((x.g * 7919) % 100000) / 100.0, 2), 'stock', (x.g * 37) % 500),
         null, x.ts, x.ts
  from (select g, md5('bench-item-' || g)::uuid::text as id, t as ts, to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso
        from generate_series(1::bigint, $2::bigint) g, lateral (select timestamptz '2026-01-01 00:00:00+00' + g * interval '1 second' as t) d) x`;
