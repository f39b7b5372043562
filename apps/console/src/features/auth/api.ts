import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { answer, client, setCsrfToken } from '../../api/client.js';
import type { Session } from '../../api/types.js';

/** The console's side of `/_admin/v1/console/…`: who is signed in, signing in and out, one-time links. */
export const sessionKey = ['session'] as const;

/**
 * Who is signed in: the session, or `null` when nobody is. Asked of the session probe, which answers 200 either
 * way (review t5: the 401 of `…/console/session` was logged by the browser as a failed resource on every
 * signed-out visit); every other call keeps its 401. Its CSRF value is handed to the client for every change
 * that follows. Off on the one-time links' pages, which need no session.
 */
export function useSession(enabled = true) {
  return useQuery({
    queryKey: sessionKey,
    enabled,
    queryFn: async (): Promise<Session | null> => {
      const { session } = await answer(client.GET('/_admin/v1/console/session-status'));
      setCsrfToken(session?.csrfToken);
      return session;
    },
  });
}

/** Forgets the session and everything read under it (another owner may sign in next in this tab). */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setCsrfToken(undefined);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    queryClient.setQueryData(sessionKey, null);
  }, [queryClient]);
}

export function useSignOut() {
  const forget = useForgetSession();
  return useMutation({
    // Signed out here whatever the server says (it may have ended the session already).
    mutationFn: () => answer(client.POST('/_admin/v1/console/sign-out')).catch(() => undefined),
    onSettled: forget,
  });
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: { email: string; password: string; code?: string }) =>
      answer(client.POST('/_admin/v1/console/sign-in', { body })),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (email: string) => answer(client.POST('/_admin/v1/console/password-reset', { body: { email } })),
  });
}

/** A one-time link (setup or password reset): whose it is, before anything is typed. */
export function useOwnerLink(token: string | null) {
  return useQuery({
    queryKey: ['owner-link', token],
    queryFn: () => answer(client.GET('/_admin/v1/console/setup', { params: { query: { token: token! } } })),
    enabled: !!token,
  });
}

export function useSetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; email?: string }) =>
      answer(client.POST('/_admin/v1/console/setup', { body })),
  });
}
