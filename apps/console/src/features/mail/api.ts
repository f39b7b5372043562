import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { MailState, OutboxMessage } from '../../api/types.js';

/** The console's side of `/_admin/v1/mail`: the outbox, newest first, and a failed message sent again. */
const mailKeys = { all: (siteId: string) => ['mail', siteId] as const };

export function useOutbox(siteId: string, state: MailState | '') {
  return useQuery({
    queryKey: [...mailKeys.all(siteId), state],
    queryFn: () =>
      answer(
        client.GET('/_admin/v1/mail', {
          params: { query: { siteId, limit: 100, ...(state ? { state } : {}) } },
        }),
      ),
  });
}

export function useRetryMail(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutboxMessage) =>
      answer(
        client.POST('/_admin/v1/mail/{id}/retry', {
          params: { path: { id: message.id } },
          body: { siteId },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all(siteId) }),
  });
}
