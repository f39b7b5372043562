/**
 * `@vitrine/sdk/wix`: points the unmodified `@wix/sdk` and `@wix/data` at a Vitrine server.
 *
 *   import { routeWixApis } from '@vitrine/sdk/wix';
 *   routeWixApis('https://shop.example.com');   // before createClient: Wix's API hosts now mean this server
 *   const wix = createClient({ modules: { items }, auth: OAuthStrategy({ clientId: 'demo-storefront' }) });
 *
 * Those clients cannot be configured to another server: the token URL is a constant and their sign-in
 * calls ignore `host` and `createClient({ fetch })`, but every call goes through the global `fetch` of
 * the moment (docs/wire-format.md §12). So the global `fetch` is wrapped: a request for `www.wixapis.com`
 * or `edge.wixapis.com` goes to the base URL with its path and query, method, headers and body untouched;
 * every other request passes through. Web platform APIs only: browsers, Node ≥ 18, workers.
 */

/** The hosts `@wix/sdk` and `@wix/data` send their calls to. */
export const WIX_API_HOSTS: readonly string[] = ['www.wixapis.com', 'edge.wixapis.com'];

/** One re-addressed request, as `onRequest` sees it. */
export interface RoutedRequest {
  /** The Wix host it was addressed to. */
  host: string;
  method: string;
  /** The path it was addressed to on that host. */
  path: string;
  /** Where it was sent instead. */
  url: string;
}

export interface WixRoutingOptions {
  /** Where requests are finally sent (default: the global `fetch` when the routing is made). */
  fetch?: typeof fetch;
  /** Told of every request that was re-addressed: logging, or tests that check which host a call meant. */
  onRequest?: (request: RoutedRequest) => void;
}

/** A `fetch` that sends requests for Wix's API hosts to `baseUrl` and everything else to the usual place. */
export function createWixFetch(baseUrl: string | URL, options: WixRoutingOptions = {}): typeof fetch {
  const base = parseBase(baseUrl);
  const send = options.fetch ?? globalThis.fetch.bind(globalThis);
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = absolute(request ? request.url : String(input));
    if (!url || !WIX_API_HOSTS.includes(url.hostname)) return send(input, init);
    const target = new URL(base.pathname + url.pathname.slice(1) + url.search, base.origin);
    options.onRequest?.({
      host: url.hostname,
      method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      url: target.href,
    });
    return send(request ? new Request(target, request) : target, init);
  };
}

/**
 * Replaces the global `fetch` with `createWixFetch(baseUrl)` — call it before the first `@wix/*` request.
 * `restore()` puts back the `fetch` it replaced.
 */
export function routeWixApis(baseUrl: string | URL, options: WixRoutingOptions = {}): { restore(): void } {
  const previous = globalThis.fetch;
  globalThis.fetch = createWixFetch(baseUrl, { ...options, fetch: options.fetch ?? previous.bind(globalThis) });
  return { restore: () => void (globalThis.fetch = previous) };
}

function parseBase(baseUrl: string | URL): URL {
  const base = absolute(String(baseUrl));
  if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:'))
    throw new TypeError(`routeWixApis: the base URL must be an absolute http(s) URL (got ${String(baseUrl)})`);
  // A base with a path (a server behind a proxy prefix) keeps it: `https://example.com/shop` + `/oauth2/token`.
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return base;
}

/** Relative URLs (a page's own requests) are never Wix's: they pass through untouched. */
function absolute(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
