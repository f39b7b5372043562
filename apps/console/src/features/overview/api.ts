import { useQuery } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';

/** The console's side of `/_admin/v1/overview`. */
export function useOverview(siteId: string) {
  return useQuery({
    queryKey: ['overview', siteId],
    queryFn: () => answer(client.GET('/_admin/v1/overview', { params: { query: { siteId } } })),
  });
}

/** `/_admin/v1/overview/setup-checklist`: each setup step read from the server's running state. */
export function useSetupChecklist(siteId: string) {
  return useQuery({
    queryKey: ['overview', siteId, 'setup-checklist'],
    queryFn: () => answer(client.GET('/_admin/v1/overview/setup-checklist', { params: { query: { siteId } } })),
  });
}
