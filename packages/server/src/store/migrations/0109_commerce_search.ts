import type { Migration } from '../types.js';

/**
 * Product search (issue #54, docs/commerce.md → Search). One row per product in `commerce_product_search`: a
 * weighted `tsvector` (name A, options' choices B, description C; the base text under the site's language's
 * text search configuration, each translation under its own language's; collection and stock as filter lexemes) and
 * what the facets count (cheapest visible price, in stock, collections). The site's vocabulary (names and choices,
 * `commerce_search_words`, pg_trgm) corrects typos. Triggers on the catalog's tables keep the row in step with every write path (saves, stock
 * reservations, collection memberships), so nothing can forget it. The base language of a site's products lives in
 * `commerce_search_sites` (commerce/search/languages.ts writes it from the config; 'simple' until it does).
 * Only `packages/server/src/commerce/` reads or writes these tables.
 */
export const commerceSearch: Migration = {
  version: 109,
  name: 'commerce_search',
  sql: `
    create extension if not exists pg_trgm;

    create table commerce_search_sites (
      site_id text primary key,
      -- BCP 47 tag of the language the products' own name and description are written in.
      language text not null
    );

    -- The text search configuration of a language: PostgreSQL's Snowball stemmers, 'simple' (no stemming) for
    -- any other language.
    create function commerce_search_config(language text) returns regconfig
      language sql immutable parallel safe as $$
      select (case lower(split_part(coalesce(language, ''), '-', 1))
        when 'en' then 'english' when 'fr' then 'french' when 'de' then 'german' when 'es' then 'spanish'
        when 'ar' then 'arabic' when 'it' then 'italian' when 'pt' then 'portuguese' when 'nl' then 'dutch'
        when 'sv' then 'swedish' when 'da' then 'danish' when 'nb' then 'norwegian' when 'no' then 'norwegian'
        when 'fi' then 'finnish' when 'ru' then 'russian' when 'tr' then 'turkish' when 'hu' then 'hungarian'
        when 'ro' then 'romanian' else 'simple' end)::regconfig
    $$;

    -- Plain text of a description (HTML, as catalog v1 serves it): tags and entities become spaces.
    create function commerce_search_plain(html text) returns text
      language sql immutable parallel safe as $$
      select regexp_replace(regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')
    $$;

    create aggregate commerce_tsvector_agg(tsvector) (sfunc = tsvector_concat, stype = tsvector, initcond = '');

    create table commerce_product_search (
      site_id text not null,
      product_id text not null,
      visible boolean not null,
      position integer not null,
      document tsvector not null,
      -- The cheapest visible variant's price in minor units; null without a visible variant.
      price bigint,
      in_stock boolean not null,
      collection_ids text[] not null,
      primary key (site_id, product_id),
      foreign key (site_id, product_id) references commerce_products (site_id, id) on delete cascade
    );
    create index commerce_product_search_document on commerce_product_search using gin (document);

    -- The words of the products' names and choices (translated ones too), each once per site: a search that finds
    -- nothing looks here for the words nearest its own (pg_trgm distance, GiST), then searches again with them.
    -- Words stay when their product goes (a correction to a word nothing says finds nothing, as before).
    create table commerce_search_words (
      site_id text not null,
      word text not null,
      primary key (site_id, word)
    );
    create index commerce_search_words_trgm on commerce_search_words using gist (word gist_trgm_ops);

    -- What a product's search row holds, computed from the catalog (one definition for the triggers and for a
    -- site's rebuild when its language changes).
    create view commerce_product_search_source as
    select p.site_id, p.id as product_id, p.visible, p.position,
      setweight(to_tsvector(b.config, p.name), 'A')
        || setweight(to_tsvector(b.config, coalesce(o.choices, '')), 'B')
        || setweight(to_tsvector(b.config, commerce_search_plain(p.description)), 'C')
        || coalesce(t.document, ''::tsvector)
        -- Filters as lexemes no searched word can be (a colon is never part of one): the GIN index intersects
        -- them with the words, so a filtered search reads only the rows that pass (commerce/search/query.ts).
        || array_to_tsvector(array(select 'c:' || x from unnest(coalesce(c.ids, '{}')) x)
             || case when coalesce(v.in_stock, false) then array['f:stock'] else '{}'::text[] end) as document,
      left(lower(p.name || ' ' || coalesce(t.names, '') || ' ' || coalesce(o.choices, '')), 1000) as words,
      v.price, coalesce(v.in_stock, false) as in_stock, coalesce(c.ids, '{}') as collection_ids
    from commerce_products p
    cross join lateral (
      select commerce_search_config((select s.language from commerce_search_sites s where s.site_id = p.site_id)) as config
    ) b
    left join lateral (
      select string_agg(ch->>'description', ' ') as choices
      from jsonb_array_elements(case when jsonb_typeof(p.options) = 'array' then p.options else '[]' end) opt,
        jsonb_array_elements(case when jsonb_typeof(opt->'choices') = 'array' then opt->'choices' else '[]' end) ch
    ) o on true
    left join lateral (
      select commerce_tsvector_agg(
          setweight(to_tsvector(commerce_search_config(e.key), coalesce(e.value->>'name', '')), 'A')
          || setweight(to_tsvector(commerce_search_config(e.key), commerce_search_plain(e.value->>'description')), 'C')
        ) as document,
        string_agg(e.value->>'name', ' ') as names
      from jsonb_each(case when jsonb_typeof(p.translations) = 'object' then p.translations else '{}' end) e
      where jsonb_typeof(e.value) = 'object'
    ) t on true
    left join lateral (
      select min(x.price) as price, bool_or(not x.track_stock or x.stock > 0) as in_stock
      from commerce_variants x where x.site_id = p.site_id and x.product_id = p.id and x.visible
    ) v on true
    left join lateral (
      select array_agg(cp.collection_id order by cp.collection_id) as ids
      from commerce_collection_products cp where cp.site_id = p.site_id and cp.product_id = p.id
    ) c on true;

    create function commerce_search_refresh(p_site text, p_ids text[]) returns void language plpgsql as $$
    begin
      insert into commerce_product_search
        (site_id, product_id, visible, position, document, price, in_stock, collection_ids)
      select s.site_id, s.product_id, s.visible, s.position, s.document, s.price, s.in_stock, s.collection_ids
      from commerce_product_search_source s where s.site_id = p_site and s.product_id = any(p_ids)
      on conflict (site_id, product_id) do update set visible = excluded.visible, position = excluded.position,
        document = excluded.document, price = excluded.price,
        in_stock = excluded.in_stock, collection_ids = excluded.collection_ids;
      insert into commerce_search_words (site_id, word)
      select distinct p_site, w from commerce_product_search_source s,
        regexp_split_to_table(s.words, '[[:space:][:punct:]]+') w
      where s.site_id = p_site and s.product_id = any(p_ids) and char_length(w) between 3 and 40
      on conflict do nothing;
    end
    $$;

    -- Any insert replaces the product's row: a restore (backup/load.ts) loads commerce_products, whose trigger
    -- writes the rows, then this table's own copy of the same rows.
    create function commerce_search_replace() returns trigger language plpgsql as $$
    begin
      delete from commerce_product_search where site_id = new.site_id and product_id = new.product_id;
      return new;
    end
    $$;
    create trigger commerce_product_search_replace before insert on commerce_product_search
      for each row execute function commerce_search_replace();
    create function commerce_search_word_once() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from commerce_search_words where site_id = new.site_id and word = new.word) then
        return null;
      end if;
      return new;
    end
    $$;
    create trigger commerce_search_words_once before insert on commerce_search_words
      for each row execute function commerce_search_word_once();

    create function commerce_search_product_changed() returns trigger language plpgsql as $$
    begin
      perform commerce_search_refresh(new.site_id, array[new.id]);
      return null;
    end
    $$;
    create trigger commerce_products_search after insert or update on commerce_products
      for each row execute function commerce_search_product_changed();

    -- Variants and collection memberships change in sets (a product's save, a collection's list): one refresh per
    -- statement and product, from the transition tables.
    create function commerce_search_rows_changed() returns trigger language plpgsql as $$
    declare r record;
    begin
      for r in select site_id, array_agg(distinct product_id) as ids from changed_rows group by site_id loop
        perform commerce_search_refresh(r.site_id, r.ids);
      end loop;
      return null;
    end
    $$;
    create trigger commerce_variants_search_insert after insert on commerce_variants
      referencing new table as changed_rows for each statement execute function commerce_search_rows_changed();
    create trigger commerce_variants_search_update after update on commerce_variants
      referencing new table as changed_rows for each statement execute function commerce_search_rows_changed();
    create trigger commerce_variants_search_delete after delete on commerce_variants
      referencing old table as changed_rows for each statement execute function commerce_search_rows_changed();
    create trigger commerce_collection_products_search_insert after insert on commerce_collection_products
      referencing new table as changed_rows for each statement execute function commerce_search_rows_changed();
    create trigger commerce_collection_products_search_delete after delete on commerce_collection_products
      referencing old table as changed_rows for each statement execute function commerce_search_rows_changed();

    select commerce_search_refresh(site_id, array_agg(id)) from commerce_products group by site_id;
  `,
};
