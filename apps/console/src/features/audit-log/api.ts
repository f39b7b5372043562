import { useInfiniteQuery } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/** The console's side of `/_admin/v1/auth-events`: pages of events, newest first, each older than the last. */
export const AUDIT_PAGE = 50;

export function useAuditEvents(siteId: string, type: string) {
  return useInfiniteQuery({
    queryKey: ['auth-events', siteId, type],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam: before }) =>
      (
        await answer(
          client.GET('/_admin/v1/auth-events', {
            params: {
              query: {
                siteId,
                limit: AUDIT_PAGE,
                ...(type ? { type } : {}),
                ...(before ? { before } : {}),
              },
            },
          }),
        )
      ).events,
    getNextPageParam: (last) => (last.length === AUDIT_PAGE ? last.at(-1)?.createdAt : undefined),
  });
}
