import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { ApiKeyRow } from '../../api/types.js';

/** The console's side of `/_admin/v1/api-keys`: the site's keys, a new one (shown once), revoking one. */
const apiKeysKey = (siteId: string) => ['api-keys', siteId] as const;

export function useApiKeys(siteId: string) {
  return useQuery({
    queryKey: apiKeysKey(siteId),
    queryFn: async () => (await answer(client.GET('/_admin/v1/api-keys', { params: { query: { siteId } } }))).apiKeys,
  });
}

export function useCreateApiKey(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => answer(client.POST('/_admin/v1/api-keys', { body: { siteId, name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(siteId) }),
  });
}

export function useRevokeApiKey(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ApiKeyRow) =>
      answer(
        client.POST('/_admin/v1/api-keys/{id}/revoke', {
          params: { path: { id: key.id! } },
          body: { siteId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(siteId) }),
  });
}
