/** Token storage adapters: in memory, in `localStorage` (shared across tabs), in a cookie (SSR). */
import type { TokenStorage, Tokens } from './types.js';

const parse = (json: string | null | undefined): Tokens | null => {
  try {
    const t = json ? (JSON.parse(json) as Tokens) : null;
    // Anything not shaped like tokens (tampering, an older format) reads as "no tokens".
    return typeof t?.accessToken?.value == 'string' && typeof t.refreshToken?.value == 'string' ? t : null;
  } catch {
    return null;
  }
};

export function memoryStorage(initial?: Tokens | null): TokenStorage {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (t) => void (tokens = t),
  };
}

export interface LocalStorageOptions {
  key?: string;
  /** Defaults to `globalThis.localStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** Receives `storage` events from other tabs; defaults to `globalThis`. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/**
 * Tokens in `localStorage`. `subscribe` relays the `storage` event, so a login, refresh or
 * logout in one tab reaches the others without them spending a refresh of their own.
 */
export function localStorageTokens(options: LocalStorageOptions = {}): TokenStorage {
  const { key = 'vitrine.tokens', storage = globalThis.localStorage, events = globalThis } = options;
  return {
    get: () => parse(storage.getItem(key)),
    set: (t) => storage.setItem(key, JSON.stringify(t)),
    subscribe(listener) {
      const onStorage = (e: Event) => {
        const k = (e as StorageEvent).key;
        if (k == key || k == null) listener();
      };
      events.addEventListener('storage', onStorage);
      return () => events.removeEventListener('storage', onStorage);
    },
  };
}

export interface CookieOptions {
  name?: string;
  /** Cookie attributes; the refresh token outlives the access token, hence 30 days by default. */
  attributes?: string;
}

export interface CookieStorage extends TokenStorage {
  /** The `Set-Cookie` value storing the current tokens (expiring the cookie once they are cleared). */
  toSetCookie(): string;
}

/**
 * For server rendering: reads tokens from the request's `Cookie` header, and after a renewal or
 * login produces the `Set-Cookie` header for the response. One instance per request.
 */
export function cookieTokens(cookieHeader: string | null | undefined, options: CookieOptions = {}): CookieStorage {
  const { name = 'vitrine_tokens', attributes = 'Path=/; Max-Age=2592000; SameSite=Lax; Secure' } = options;
  const pair = (cookieHeader ?? '').split(/; */).find((c) => c.startsWith(name + '='));
  let tokens: Tokens | null = null;
  try {
    tokens = parse(pair && decodeURIComponent(pair.slice(name.length + 1)));
  } catch {
    // Malformed percent-encoding: treat as absent.
  }
  return {
    get: () => tokens,
    set: (t) => void (tokens = t),
    toSetCookie: () =>
      // Cleared tokens delete the cookie: a later Max-Age attribute overrides an earlier one.
      tokens?.refreshToken.value
        ? `${name}=${encodeURIComponent(JSON.stringify(tokens))}; ${attributes}`
        : `${name}=; ${attributes}; Max-Age=0`,
  };
}
