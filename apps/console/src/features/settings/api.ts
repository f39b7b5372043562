import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '../../api/client.js';
import type { ConfigFile } from '../../api/types.js';

/**
 * The console's side of the Settings page: `/_admin/v1/site-settings` (the editable form, export, import,
 * provider test; server: settings/), `/_admin/v1/settings` (the site as the server runs it), the last backup
 * and the owner's own two-factor.
 */
const settingsKeys = {
  form: (siteId: string) => ['site-settings', siteId] as const,
  config: (siteId: string) => ['site-config', siteId] as const,
};

const readConfig = (siteId: string) => answer(client.GET('/_admin/v1/settings', { params: { query: { siteId } } }));

/** The site's configuration as the server runs it (read-only). */
export function useSiteConfig(siteId: string) {
  return useQuery({ queryKey: settingsKeys.config(siteId), queryFn: () => readConfig(siteId) });
}

/** The site's language tags, the default first (`languages.tags` of the configuration). */
export function useLanguages(siteId: string) {
  return useQuery({
    queryKey: settingsKeys.config(siteId),
    queryFn: () => readConfig(siteId),
    select: (config) => config.languages.tags,
  });
}

/** The Settings form: sections of the site, each key with its schema, value and lock. */
export function useSiteSettings(siteId: string) {
  return useQuery({
    queryKey: settingsKeys.form(siteId),
    queryFn: () => answer(client.GET('/_admin/v1/site-settings', { params: { query: { siteId } } })),
  });
}

/** Changed keys sent (`null` removes a list entry); the answer, the new settings, becomes the form's data. */
export function useChangeSettings(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, unknown>) =>
      answer(client.PATCH('/_admin/v1/site-settings', { body: { siteId, changes } })),
    onSuccess: (changed) => {
      queryClient.setQueryData(settingsKeys.form(siteId), changed.settings);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.config(siteId) });
    },
  });
}

/** The settings as a config file (secrets left out); asked for on a click. */
export function useExportSettings(siteId: string) {
  return useMutation({
    mutationFn: () => answer(client.GET('/_admin/v1/site-settings/export', { params: { query: { siteId } } })),
  });
}

/** A config file compared with the settings (`apply: false`, a dry run) or applied. */
export function useImportSettings(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ config, apply }: { config: ConfigFile; apply: boolean }) =>
      answer(client.POST('/_admin/v1/site-settings/import', { body: { siteId, config, apply } })),
    onSuccess: (_, { apply }) =>
      apply &&
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.form(siteId) }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.config(siteId) }),
      ]),
  });
}

/** "Test connection": the server runs OpenID Connect discovery against the provider's issuer. */
export function useTestProvider(siteId: string, providerId: string) {
  return useMutation({
    mutationFn: () =>
      answer(client.POST('/_admin/v1/site-settings/test-provider', { body: { siteId, provider: { id: providerId } } })),
  });
}

export function useBackupStatus() {
  return useQuery({ queryKey: ['backups', 'latest'], queryFn: () => answer(client.GET('/_admin/v1/backups/latest')) });
}

export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => answer(client.POST('/_admin/v1/console/two-factor/start')) });
}

export function useConfirmTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => answer(client.POST('/_admin/v1/console/two-factor/confirm', { body: { code } })),
  });
}

/** "Send a test mail": one mail to the signed-in owner through the site's mail server; the answer is a sentence. */
export function useTestMail(siteId: string) {
  return useMutation({
    mutationFn: () => answer(client.POST('/_admin/v1/site-settings/test-mail', { body: { siteId } })),
  });
}
