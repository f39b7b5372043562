import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/**
 * The console's side of the item translations API (server: admin/translations-routes.ts) and of the
 * site's languages (the Settings API's `languages.tags`, the first being the default).
 */
export type { Translations } from '../../api/types.js';
export { useLanguages } from '../settings/api.js';

const translationsKey = (siteId: string, collectionId: string, itemId: string) =>
  ['collections', siteId, 'translations', collectionId, itemId] as const;
const path = (collectionId: string, itemId: string) => ({ collectionId, itemId });

export function useTranslations(siteId: string, collectionId: string, itemId: string) {
  return useQuery({
    queryKey: translationsKey(siteId, collectionId, itemId),
    queryFn: () =>
      answer(
        client.GET('/_admin/v1/collections/{collectionId}/items/{itemId}/translations', {
          params: { path: path(collectionId, itemId), query: { siteId } },
        }),
      ),
  });
}

/**
 * A language's values replaced (`null` lets a field fall back to the default language), or removed (`values`
 * absent). The answer is every translation of the item, kept as the query's data.
 */
export function useTranslationChange(siteId: string, collectionId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, values }: { language: string; values?: Record<string, string | null> }) => {
      const params = { path: { ...path(collectionId, itemId), language } };
      const url = '/_admin/v1/collections/{collectionId}/items/{itemId}/translations/{language}' as const;
      return answer(
        values
          ? client.PUT(url, { params, body: { siteId, values } })
          : client.DELETE(url, { params: { ...params, query: { siteId } } }),
      );
    },
    onSuccess: (answer) => queryClient.setQueryData(translationsKey(siteId, collectionId, itemId), answer),
  });
}
