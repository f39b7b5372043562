// A catalog of N products for the search bench (bench/search-scale.mjs), written set-based: names "Rustic Linen
// Mug" from 30 adjectives × 20 materials × 40 nouns, an HTML description of a dozen words from a 160-word
// vocabulary, a colour option on a third of them, one variant each (price 0–999.99, stock 0–19: 5 % out of stock),
// one of 20 collections each. The catalog's triggers are off while it loads (session_replication_role = replica,
// which needs a superuser: the bench's own PostgreSQL); the search rows are then built in one statement from the
// module's view, as a site's re-index does.
const ADJECTIVES = `rustic modern vintage classic soft bold bright cozy elegant minimal handmade organic sturdy light
  heavy tiny large warm cool smooth woven glazed polished matte striped dotted floral golden silver wild`;
const MATERIALS = `linen cotton wool ceramic stoneware oak walnut bamboo leather glass copper brass steel marble clay silk
  denim hemp jute porcelain`;
const NOUNS = `mug bowl plate vase lamp chair table blanket pillow rug basket candle towel apron bag wallet belt scarf hat
  shirt jacket sweater sock shoe boot teapot kettle jar bottle tray clock mirror frame shelf stool bench cup spoon
  knife board`;
const WORDS = `perfect gift home kitchen daily use crafted durable natural finish design made with care for your living
  room garden office travel weekend morning coffee tea dinner family friends season summer winter autumn spring
  texture colour shape hand wash easy clean sustainable sourced local artisan studio collection limited edition best
  seller new arrival quality comfort style simple timeless piece everyday favourite`;
const COLOURS = 'Sage Navy Rust Ivory Charcoal Mustard Teal Blush';

const list = (words) => `string_to_array('${words.trim().split(/\s+/).join(' ')}', ' ')`;

export const BENCH_COLLECTIONS = 20;

/** $1 site id, $2 how many products. Ids and slugs start with `bench-`. */
export const SEED_PRODUCTS_SQL = `
with v as (
  select ${list(ADJECTIVES)} as adj, ${list(MATERIALS)} as mat, ${list(NOUNS)} as noun, ${list(WORDS)} as word,
    ${list(COLOURS)} as colour
), g as (
  select i, (i * 2654435761) % 4294967296 as h from generate_series(1, $2::int) i
)
insert into commerce_products (site_id, id, slug, name, description, visible, options, translations, position,
  created_at, updated_at)
select $1, 'bench-' || i, 'bench-' || i,
  initcap(v.adj[1 + h % 30]) || ' ' || initcap(v.mat[1 + (h / 30) % 20]) || ' ' || initcap(v.noun[1 + (h / 600) % 40]),
  '<p>A ' || v.adj[1 + (h / 7) % 30] || ' ' || v.noun[1 + (h / 600) % 40] || ' in ' || v.mat[1 + (h / 11) % 20] || '. '
    || (select string_agg(v.word[1 + ((h / (13 + k)) + k * 37) % cardinality(v.word)], ' ') from generate_series(1, 12) k) || '.</p>',
  true,
  case when i % 3 = 0 then jsonb_build_array(jsonb_build_object('name', 'Colour', 'optionType', 'drop_down',
    'choices', (select jsonb_agg(jsonb_build_object('value', lower(c), 'description', c))
      from unnest(v.colour[1 + h % 8 : 1 + h % 8 + 2]) c))) else '[]'::jsonb end,
  '{}'::jsonb, i, now(), now()
from g, v`;

export const SEED_VARIANTS_SQL = `
insert into commerce_variants (site_id, product_id, id, choices, price, stock, track_stock, visible, position)
select $1, 'bench-' || i, '00000000-0000-0000-0000-000000000000', '{}'::jsonb,
  ((i * 2246822519) % 100000), case when i % 20 = 0 then 0 else (i % 19) + 1 end, true, true, 0
from generate_series(1, $2::int) i`;

export const SEED_COLLECTIONS_SQL = `
insert into commerce_collections (site_id, id, slug, name, created_at)
select $1, 'bench-c' || c, 'bench-c' || c, 'Bench collection ' || c, now() from generate_series(0, ${BENCH_COLLECTIONS - 1}) c
on conflict do nothing`;

export const SEED_MEMBERSHIPS_SQL = `
insert into commerce_collection_products (site_id, collection_id, product_id, position)
select $1, 'bench-c' || (i % ${BENCH_COLLECTIONS}), 'bench-' || i, 0 from generate_series(1, $2::int) i`;

export const BUILD_SEARCH_ROWS_SQL = `
insert into commerce_product_search (site_id, product_id, visible, position, document, price, in_stock,
  collection_ids)
select site_id, product_id, visible, position, document, price, in_stock, collection_ids
from commerce_product_search_source where site_id = $1 and product_id like 'bench-%'`;

/** The site's vocabulary, as commerce_search_refresh writes it per product (migration 109). */
export const BUILD_SEARCH_WORDS_SQL = `
insert into commerce_search_words (site_id, word)
select distinct $1, w from commerce_products p,
  regexp_split_to_table(lower(p.name || ' ' || coalesce((select string_agg(ch->>'description', ' ')
    from jsonb_array_elements(p.options) o, jsonb_array_elements(o->'choices') ch), '')), '[[:space:][:punct:]]+') w
where p.site_id = $1 and p.id like 'bench-%' and char_length(w) between 3 and 40
on conflict do nothing`;
