/**
 * Writing and reading an item's translations (the `translations` column, data/translations.ts). Translations are
 * not part of the item's data: writing them changes neither `_updatedDate` nor what a read without a language
 * returns, and removing the item removes them with it.
 */
import type { CollectionConfig } from '../config/types.js';
import type { Queryable } from '../store/types.js';
import { dataErrors } from './errors.js';
import { isPlainObject, type Json, type JsonObject } from './json.js';

/** Every language's translated values of one item (`{}` when none); a missing item is WDE0073. */
export async function readTranslations(
  db: Queryable,
  siteId: string,
  collection: CollectionConfig,
  id: string,
): Promise<JsonObject> {
  const result = await db.query<{ translations: Json }>(
    'select translations from data_items where site_id = $1 and collection_id = $2 and id = $3',
    [siteId, collection.id, id],
  );
  const row = result.rows[0];
  if (!row) throw dataErrors.notFound(collection.id, id);
  return isPlainObject(row.translations) ? row.translations : {};
}

/**
 * Replaces one language's translated values of an item (`values` already checked); an empty object removes the
 * language. Answers the item's translations afterwards; a missing item is WDE0073.
 */
export async function writeTranslation(
  db: Queryable,
  siteId: string,
  collection: CollectionConfig,
  id: string,
  language: string,
  values: JsonObject,
): Promise<JsonObject> {
  const result = await db.query<{ translations: Json }>(
    `update data_items set translations = nullif(
       case when $5::jsonb = '{}'::jsonb then coalesce(translations, '{}'::jsonb) - $4::text
            else coalesce(translations, '{}'::jsonb) || jsonb_build_object($4::text, $5::jsonb) end,
       '{}'::jsonb)
     where site_id = $1 and collection_id = $2 and id = $3
     returning translations`,
    [siteId, collection.id, id, language, JSON.stringify(values)],
  );
  const row = result.rows[0];
  if (!row) throw dataErrors.notFound(collection.id, id);
  return isPlainObject(row.translations) ? row.translations : {};
}

/** Sets all translations of a freshly inserted item (seeds). */
export async function setTranslations(
  db: Queryable,
  siteId: string,
  collectionId: string,
  id: string,
  translations: JsonObject,
): Promise<void> {
  await db.query(
    'update data_items set translations = $4::jsonb where site_id = $1 and collection_id = $2 and id = $3',
    [siteId, collectionId, id, JSON.stringify(translations)],
  );
}
