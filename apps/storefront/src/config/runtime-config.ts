/**
 * Run-time configuration, served by the Vitrine server at `/_vitrine/config.json`, so one build works
 * on any host: the API address and client id are never baked into the bundle.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  clientId: string;
  siteId: string;
  siteName: string;
  /** Development: the verification and reset screens link to the dev mailbox. */
  devMailbox: boolean;
  /** Checkout's caps on one cart (the site's `shop` settings): the cart never goes past them. */
  cartLimits: CartLimits;
}

export interface CartLimits {
  /** Units of one product per order. */
  maxUnitsPerProduct: number;
  /** Units per order, all products together. */
  maxUnitsPerOrder: number;
  /** Different products per order. */
  maxLinesPerOrder: number;
}

/** The server's own defaults (docs/storefront.md), for a server that does not send its caps yet. */
export const DEFAULT_CART_LIMITS: CartLimits = { maxUnitsPerProduct: 10, maxUnitsPerOrder: 50, maxLinesPerOrder: 30 };

/** Each cap as sent when it is a whole number of at least 1 (the server's schema says so), else its default. */
function cartLimitsFrom(raw: unknown): CartLimits {
  const limits = { ...DEFAULT_CART_LIMITS };
  for (const [key, value] of Object.entries(raw ?? {}))
    if (key in limits && Number.isInteger(value) && (value as number) >= 1)
      limits[key as keyof CartLimits] = value as number;
  return limits;
}

export const CONFIG_PATH = '/_vitrine/config.json';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The API address to use from this page. A loopback API seen from a loopback page (the server's own
 * storefront reached as localhost or 127.0.0.1, or the Vite dev server, which proxies the API paths)
 * is reached through the page's own origin: same-origin calls need no CORS and satisfy `connect-src 'self'`.
 */
export function resolveApiBaseUrl(configured: string | undefined, page: Location | URL = globalThis.location): string {
  if (!configured) return page.origin;
  let api: URL;
  try {
    api = new URL(configured, page.origin);
  } catch {
    return page.origin;
  }
  if (LOOPBACK.has(api.hostname) && LOOPBACK.has(page.hostname)) return page.origin;
  return api.origin + api.pathname.replace(/\/+$/, '');
}

export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(CONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The shop configuration could not be loaded (HTTP ${response.status}).`);
  return runtimeConfigFrom((await response.json()) as Partial<RuntimeConfig>);
}

/** The config as served (also inside a server-rendered page), with the API address resolved for this page. */
export function runtimeConfigFrom(raw: Partial<RuntimeConfig>): RuntimeConfig {
  if (!raw.clientId) throw new Error('The shop configuration names no client id.');
  return {
    apiBaseUrl: resolveApiBaseUrl(raw.apiBaseUrl),
    clientId: raw.clientId,
    siteId: raw.siteId ?? '',
    siteName: raw.siteName || 'Vitrine',
    devMailbox: raw.devMailbox === true,
    cartLimits: cartLimitsFrom(raw.cartLimits),
  };
}
