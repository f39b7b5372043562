import type { ClientConfig, CollectionConfig, SiteConfig } from '../config/types.js';

export interface ClientEntry {
  site: SiteConfig;
  client: ClientConfig;
}

/** Read-only lookups over the configured sites, built once at start. */
export class SiteRegistry {
  private readonly byId = new Map<string, SiteConfig>();
  private readonly byClientId = new Map<string, ClientEntry>();
  /** Every origin any client allows: CORS preflights carry no credentials to narrow it down. */
  readonly allOrigins = new Set<string>();

  constructor(readonly sites: readonly SiteConfig[]) {
    this.reindex();
  }

  /** Rebuilds the lookups after the site objects changed in place (test servers learn their port late). */
  reindex(): void {
    this.byId.clear();
    this.byClientId.clear();
    this.allOrigins.clear();
    for (const site of this.sites) {
      this.byId.set(site.id, site);
      for (const client of site.clients) {
        this.byClientId.set(client.clientId, { site, client });
        client.allowedOrigins.forEach((o) => this.allOrigins.add(o));
      }
    }
  }

  get(siteId: string): SiteConfig | undefined {
    return this.byId.get(siteId);
  }

  findClient(clientId: unknown): ClientEntry | undefined {
    return typeof clientId === 'string' ? this.byClientId.get(clientId) : undefined;
  }

  collection(siteId: string, collectionId: string): CollectionConfig | undefined {
    return this.byId.get(siteId)?.collections.find((c) => c.id === collectionId);
  }

  /**
   * Where a flow may send the browser back to: exactly a registered redirect URI, or any URL whose
   * origin is one of the client's allowed origins. Anything else is an open redirect and refused.
   */
  isAllowedRedirect(client: ClientConfig, url: unknown): url is string {
    if (typeof url !== 'string' || url.length > 2048) return false;
    if (client.redirectUris.includes(url)) return true;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.username || parsed.password) return false;
    return client.allowedOrigins.includes(parsed.origin);
  }

  /** Exact string match only (RFC 9700 §4.1.3): no prefix, no normalisation, no trailing-slash leniency. */
  isRegisteredRedirectUri(client: ClientConfig, uri: unknown): uri is string {
    return typeof uri === 'string' && client.redirectUris.includes(uri);
  }
}
