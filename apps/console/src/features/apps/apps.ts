import type { SiteSettingsForm } from '../../api/types.js';

/** A client of the site as the Apps page shows it: its addresses and whether the config file holds them. */
export interface App {
  clientId: string;
  redirectUris: string[];
  allowedOrigins: string[];
  /** Set in the config file: change it there. */
  locked: boolean;
  /** Added in the console (or by `vitrine clients`): it may go as a whole. */
  removable: boolean;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The `clients` list of the settings form, read as apps. */
export function appsOf(form: SiteSettingsForm): App[] {
  const section = form.sections.find((s) => s.name === 'clients');
  return (section?.entries ?? []).map((entry) => {
    const field = (name: string) => entry.fields.find((f) => f.name === name);
    return {
      clientId: entry.id,
      redirectUris: strings(field('redirectUris')?.value),
      allowedOrigins: strings(field('allowedOrigins')?.value),
      locked: Boolean(field('redirectUris')?.locked || field('allowedOrigins')?.locked),
      removable: entry.removable,
    };
  });
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

/** The origin of an address typed by the owner, or undefined when it is no http(s) address. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The settings change that lets an app sign in: its callback among the client's redirect URIs and the
 * callback's origin among its allowed origins (the same rule as `vitrine clients add`); a new client when
 * the id is new.
 */
export function addAppChanges(apps: App[], clientId: string, callback: string): Record<string, unknown> {
  const origin = originOf(callback);
  const current = apps.find((a) => a.clientId === clientId);
  const redirectUris = union(current?.redirectUris ?? [], [callback.trim()]);
  const allowedOrigins = union(current?.allowedOrigins ?? [], origin ? [origin] : []);
  if (!current) return { [`clients[${clientId}]`]: { clientId, redirectUris, allowedOrigins } };
  return {
    [`clients[${clientId}].redirectUris`]: redirectUris,
    [`clients[${clientId}].allowedOrigins`]: allowedOrigins,
  };
}

/** One address taken away from a client. */
export function removeAddressChanges(app: App, kind: 'redirectUris' | 'allowedOrigins', address: string) {
  return { [`clients[${app.clientId}].${kind}`]: app[kind].filter((a) => a !== address) };
}
