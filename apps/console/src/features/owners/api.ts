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

/** An owner's own address: asked for with the password (and a code), in force once the mailed link is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: { newEmail: string; password: string; code?: string }) =>
      answer(client.POST('/_admin/v1/console/email-change', { body })),
  });
}

/** A mailed email change link: the account and the address it confirms, before anything is pressed. */
export function useEmailLink(token: string | null) {
  return useQuery({
    queryKey: ['email-link', token],
    queryFn: () => answer(client.GET('/_admin/v1/console/email-change', { params: { query: { token: token! } } })),
    enabled: !!token,
    retry: false,
  });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) => answer(client.POST('/_admin/v1/console/email-change/confirm', { body: { token } })),
  });
}
