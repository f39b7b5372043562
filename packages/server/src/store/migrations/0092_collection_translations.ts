import type { Migration } from '../types.js';

/**
 * The commerce module's collections get translations, as its products have (docs/commerce.md → The model): a name
 * and a description per language, `{"fr": {"name": "Cuisine", "description": "…"}}`, read by the Stores wire in the
 * shopper's language. The default language's values stay in `name` and `description`.
 *
 * Before the module, a shop's categories were `Categories` data items, translated (data_items.translations, migration
 * 80: `{"fr": {"name": …, "description": …}}`); migration 91 made a collection of each category an older product
 * named, with the item's id, and the demo shop seeded its collections under the same slugs. Those collections take
 * the item's translations: the collection of the item's id, or of its slug when the collection still has the item's
 * name (an owner who renamed it may mean something else). A collection that has translations already keeps them.
 */
export const collectionTranslations: Migration = {
  version: 92,
  name: 'collection_translations',
  sql: `
    alter table commerce_collections add column translations jsonb not null default '{}';

    with categories as (
      select i.site_id, i.id, i.seq,
        case when jsonb_typeof(i.data -> 'name') = 'string' then btrim(i.data ->> 'name') end as name,
        case when jsonb_typeof(i.data -> 'slug') = 'string' then btrim(i.data ->> 'slug') end as slug,
        (select jsonb_object_agg(t.key, t.value) from (
           select e.key, jsonb_strip_nulls(jsonb_build_object(
               'name', case when jsonb_typeof(e.value -> 'name') = 'string'
                 then nullif(btrim(e.value ->> 'name'), '') end,
               'description', case when jsonb_typeof(e.value -> 'description') = 'string'
                 then nullif(btrim(e.value ->> 'description'), '') end)) as value
           from jsonb_each(case when jsonb_typeof(i.translations) = 'object' then i.translations else '{}' end) e
           where jsonb_typeof(e.value) = 'object'
         ) t where t.value <> '{}') as translations
      from data_items i where i.collection_id = 'Categories'
    ),
    matched as (
      -- One item per collection: the item of its id first, then the oldest item of its slug and name.
      select distinct on (c.site_id, c.id) c.site_id, c.id, g.translations
      from commerce_collections c
      join categories g on g.site_id = c.site_id and g.translations is not null
        and (g.id = c.id or (g.slug = c.slug and g.name = c.name))
      where c.translations = '{}'
      order by c.site_id, c.id, (g.id = c.id) desc, g.seq
    )
    update commerce_collections c set translations = m.translations
    from matched m where m.site_id = c.site_id and m.id = c.id;
  `,
};
