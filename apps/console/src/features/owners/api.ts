import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { OwnerRole } from '../../api/types.js';

/** The console's side of `/_admin/v1/owners`: who runs the shop, inviting one, removing one. */
const ownersKey = ['owners'] as const;

export function useOwners() {
  return useQuery({
    queryKey: ownersKey,
    queryFn: async () => (await answer(client.GET('/_admin/v1/owners'))).owners,
  });
}

export function useInviteOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: OwnerRole }) => answer(client.POST('/_admin/v1/owners', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}

export function useRemoveOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (owner: { id: string; email: string }) =>
      answer(client.DELETE('/_admin/v1/owners/{id}', { params: { path: { id: owner.id } } })),
    // The table first, then the message: "Removed" never stands beside their row (as on the other pages).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownersKey }),
  });
}
