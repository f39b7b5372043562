/**
 * One statement per search (migration 109's `commerce_product_search`): the first `candidatesOf(input)` matches (input.ts)
 * of the site's visible products (the GIN index on the tsvector: the words, stemmed in the shopper's language and,
 * unstemmed, in any; with the collection and stock filters as lexemes), ranked, then the page, the total and the facet counts over those candidates.
 */
import type { Queryable } from '../../store/types.js';
import { candidatesOf, tsqueryText, type SearchInput } from './input.js';

export interface SearchRows {
  total: number;
  ids: { id: string; rank: number }[];
  collections: { id: string; count: number }[] | null;
  /** Count per bucket number of width_bucket(price, edges): 0 below the first edge. */
  prices: { bucket: number; count: number }[] | null;
  inStock: number | null;
}

const SQL = `with q as (select case when $13::text is null then w.tsq else w.tsq && $13::tsquery end as tsq
        from (select case when e::text = u::text then e else e || u end as tsq
              from (select to_tsquery($2::regconfig, $3) as e, to_tsquery('simple', $3) as u) x) w),
    hits as materialized (
      -- Normalised by the document's length (1): a short name that says the words ranks above a long description.
      select s.product_id, s.position, s.price, s.in_stock, s.collection_ids, ts_rank(s.document, q.tsq, 1) as rank
      from commerce_product_search s, q
      where s.site_id = $1 and s.visible and s.document @@ q.tsq
        and ($5::text is null or $5::text = any(s.collection_ids))
        and ($6::bigint is null or s.price >= $6::bigint)
        and ($7::bigint is null or s.price < $7::bigint)
        and ($8::boolean is null or s.in_stock = $8::boolean)
      limit $4
    )
    select
      (select count(*) from hits) as total,
      (select coalesce(json_agg(json_build_object('id', x.product_id, 'rank', x.rank)), '[]')
        from (select product_id, rank from hits order by rank desc, position, product_id limit $9 offset $10) x) as ids,
      case when $11::boolean then (select coalesce(json_agg(json_build_object('id', y.id, 'count', y.n)), '[]')
        from (select c as id, count(*) as n from hits, unnest(hits.collection_ids) c
              group by c order by n desc, c limit 50) y) end as collections,
      case when $11::boolean then (select coalesce(json_agg(json_build_object('bucket', z.b, 'count', z.n)), '[]')
        from (select width_bucket(price, $12::bigint[]) as b, count(*) as n from hits
              where price is not null group by 1) z) end as prices,
      case when $11::boolean then (select count(*) from hits where in_stock) end as in_stock`;

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * The collection as a lexeme of the document (migration 109), ANDed with the words' query, so the GIN index narrows by
 * it. Stock is left to the row filter (`in_stock`): most products are in stock, so its lexeme `f:stock` is a posting
 * list of nearly the whole catalog, and ANDing it cost more than it saved (at 1,000,000 products a filtered search's
 * matches took 14–27 ms with it and 11–14 ms without, alternating, bench/RESULTS.md). Collection ids are checked to be
 * letters, digits, `-` and `_` (input.ts), so the quoted lexeme cannot break out of its quotes.
 */
function filterLexemes(input: SearchInput): string | null {
  return input.collectionId ? `'c:${input.collectionId}'` : null;
}

export async function searchRows(
  db: Queryable,
  siteId: string,
  input: SearchInput,
  config: string,
  edges: readonly number[],
): Promise<SearchRows> {
  const { rows } = await db.query<{
    total: number | string;
    ids: unknown;
    collections: unknown;
    prices: unknown;
    in_stock: number | string | null;
  }>(SQL, [
    siteId,
    config,
    tsqueryText(input.terms, input.prefix),
    candidatesOf(input),
    input.collectionId ?? null,
    input.minPrice ?? null,
    input.maxPrice ?? null,
    input.inStock ?? null,
    input.limit,
    input.offset,
    input.facets,
    edges,
    filterLexemes(input),
  ]);
  const row = rows[0]!;
  return {
    total: Number(row.total),
    ids: parseJson<{ id: string; rank: number }[]>(row.ids),
    collections: row.collections == null ? null : parseJson(row.collections),
    prices: row.prices == null ? null : parseJson(row.prices),
    inStock: row.in_stock == null ? null : Number(row.in_stock),
  };
}
