import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { SiteSettingsForm } from '../../api/types.js';
import { appsOf, type App } from './apps.js';

/**
 * The console's side of the Apps page: a site's clients as the settings service holds them
 * (`/_admin/v1/site-settings`, server: settings/), and changes of their redirect URIs and allowed origins,
 * which the server checks as the config file is, audits and applies on every instance.
 */
const formKey = (siteId: string) => ['site-settings', siteId] as const;

export function useApps(siteId: string) {
  return useQuery({
    queryKey: formKey(siteId),
    queryFn: () => answer(client.GET('/_admin/v1/site-settings', { params: { query: { siteId } } })),
    select: (form: SiteSettingsForm) => ({ apps: appsOf(form), canChange: form.canChange }),
  });
}

/** New lists for one client (or a new client), sent as one change; the answer's settings become the page's. */
export function useChangeApp(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { changes: Record<string, unknown>; said: string }) =>
      answer(client.PATCH('/_admin/v1/site-settings', { body: { siteId, changes: change.changes } })),
    onSuccess: (changed) => {
      queryClient.setQueryData(formKey(siteId), changed.settings);
      return queryClient.invalidateQueries({ queryKey: ['site-config', siteId] });
    },
  });
}

export type { App };
