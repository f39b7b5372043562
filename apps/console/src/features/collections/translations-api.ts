import { api } from '../../api/client.js';
import type { SiteSettings, TranslationsAnswer } from '../../api/types.js';

/**
 * The console's side of the item translations API (server: admin/translations-routes.ts) and of the
 * site's languages (the Settings API's `languages.tags`, the first being the default).
 */
export type { Translations } from '../../api/types.js';

const base = (collectionId: string, itemId: string) =>
  `/_admin/v1/collections/${encodeURIComponent(collectionId)}/items/${encodeURIComponent(itemId)}/translations`;

export const translationsApi = {
  languages: async (siteId: string) =>
    (await api<Pick<SiteSettings, 'languages'>>('GET', `/_admin/v1/settings?siteId=${encodeURIComponent(siteId)}`))
      .languages.tags,
  read: (siteId: string, collectionId: string, itemId: string) =>
    api<TranslationsAnswer>('GET', `${base(collectionId, itemId)}?siteId=${encodeURIComponent(siteId)}`),
  /** Replaces that language's values; `null` lets a field fall back to the default language. */
  save: (
    siteId: string,
    collectionId: string,
    itemId: string,
    language: string,
    values: Record<string, string | null>,
  ) =>
    api<TranslationsAnswer>('PUT', `${base(collectionId, itemId)}/${encodeURIComponent(language)}`, { siteId, values }),
  remove: (siteId: string, collectionId: string, itemId: string, language: string) =>
    api<TranslationsAnswer>(
      'DELETE',
      `${base(collectionId, itemId)}/${encodeURIComponent(language)}?siteId=${encodeURIComponent(siteId)}`,
    ),
};
