import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { Delivery } from './types.js';

/** The console's side of `/_admin/v1/webhooks` (server: webhooks/admin-routes.ts). */
const webhooksKeys = {
  list: (siteId: string) => ['webhooks', siteId] as const,
  one: (siteId: string, id: string) => ['webhooks', siteId, id] as const,
};
const site = (siteId: string) => ({ query: { siteId } });

export function useWebhooks(siteId: string) {
  return useQuery({
    queryKey: webhooksKeys.list(siteId),
    queryFn: async () => (await answer(client.GET('/_admin/v1/webhooks', { params: site(siteId) }))).webhooks,
  });
}

export interface NewEndpoint {
  url: string;
  events: string[];
  description?: string;
}

export function useCreateWebhook(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: NewEndpoint) =>
      answer(client.POST('/_admin/v1/webhooks', { body: { siteId, ...endpoint } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.list(siteId) }),
  });
}

export function useWebhook(siteId: string, id: string) {
  return useQuery({
    queryKey: [...webhooksKeys.one(siteId, id), 'endpoint'],
    queryFn: async () =>
      (await answer(client.GET('/_admin/v1/webhooks/{id}', { params: { path: { id }, ...site(siteId) } }))).webhook,
  });
}

export function useDeliveries(siteId: string, id: string) {
  return useQuery({
    queryKey: [...webhooksKeys.one(siteId, id), 'deliveries'],
    queryFn: async () =>
      (
        await answer(
          client.GET('/_admin/v1/webhooks/{id}/deliveries', {
            params: { path: { id }, query: { siteId, limit: 50 } },
          }),
        )
      ).deliveries,
  });
}

/** One change to an endpoint, each answered by the endpoint and its deliveries read again. */
export type WebhookChange =
  | { kind: 'edit'; url: string; events: string[]; description: string }
  | { kind: 'enable'; enabled: boolean }
  | { kind: 'test' }
  | { kind: 'rotate-secret' }
  | { kind: 'replay'; delivery: Delivery };

export function useWebhookChange(siteId: string, id: string) {
  const queryClient = useQueryClient();
  const path = { path: { id } };
  return useMutation({
    /** The new secret, when the change made one (shown once). */
    mutationFn: async (change: WebhookChange): Promise<string | undefined> => {
      const body = { siteId };
      if (change.kind === 'rotate-secret')
        return (await answer(client.POST('/_admin/v1/webhooks/{id}/rotate-secret', { params: path, body }))).secret;
      if (change.kind === 'test') await answer(client.POST('/_admin/v1/webhooks/{id}/test', { params: path, body }));
      else if (change.kind === 'replay')
        await answer(
          client.POST('/_admin/v1/webhooks/{id}/deliveries/{deliveryId}/replay', {
            params: { path: { id, deliveryId: change.delivery.id } },
            body,
          }),
        );
      else {
        const { kind: _, ...fields } = change;
        await answer(client.PATCH('/_admin/v1/webhooks/{id}', { params: path, body: { siteId, ...fields } }));
      }
      return undefined;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.one(siteId, id) }),
  });
}

export function useDeleteWebhook(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(client.DELETE('/_admin/v1/webhooks/{id}', { params: { path: { id }, ...site(siteId) } })),
    onSuccess: () => queryClient.removeQueries({ queryKey: webhooksKeys.one(siteId, id) }),
  });
}
