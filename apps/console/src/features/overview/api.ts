import { useQuery } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/** The console's side of `/_admin/v1/overview`. */
export function useOverview(siteId: string) {
  return useQuery({
    queryKey: ['overview', siteId],
    queryFn: () => answer(client.GET('/_admin/v1/overview', { params: { query: { siteId } } })),
  });
}
