import type { ClientConfig, CollectionConfig, SiteConfig } from '../config/types.js';

/** C0 controls, DEL, C1 controls, or leading or trailing whitespace. */
function hasUnsafeCharacters(url: string): boolean {
  if (url.trim() !== url) return true;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

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
    return this.normalizeRedirect(client, url) !== undefined;
  }

  /**
   * The form of an allowed redirect target that may go into `Location`: parsed by the WHATWG URL
   * parser and re-serialised (`href`, always printable ASCII: IRIs are percent-encoded, `\` reads as
   * `/` the way browsers read it). Controls (CR/LF, NUL, tab, DEL, C1) and surrounding spaces, which
   * the parser would silently drop or a header would refuse, mean the value is refused: undefined.
   */
  normalizeRedirect(client: ClientConfig, url: unknown): string | undefined {
    if (typeof url !== 'string' || url.length > 2048 || hasUnsafeCharacters(url)) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (client.redirectUris.includes(url)) return parsed.href;
    if (parsed.username || parsed.password) return undefined;
    return client.allowedOrigins.includes(parsed.origin) ? parsed.href : undefined;
  }

  /** Exact string match only (RFC 9700 §4.1.3): no prefix, no normalisation, no trailing-slash leniency. */
  isRegisteredRedirectUri(client: ClientConfig, uri: unknown): uri is string {
    return typeof uri === 'string' && client.redirectUris.includes(uri);
  }
}
