import type { Migration } from '../types.js';

export const itemTranslations: Migration = {
  version: 80,
  name: 'item_translations',
  sql: `
    -- Values of a collection's translatable fields in the site's other languages, keyed by language:
    -- {"fr": {"title": "…"}}. Null for items without any (data/translations.ts). The default language's
    -- values stay in data, so reads without a language never look at this column.
    alter table data_items add column translations jsonb;
  `,
};
