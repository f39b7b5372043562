/** `createClient`: binds modules (e.g. data `items`) to one auth strategy and base URL. */
import { createHttp } from './http/request.js';
import type { HttpContext, ModuleDefinition } from './module.js';

/** What `createClient` needs from an auth strategy (`OAuthStrategy` provides it). */
export interface AuthProvider {
  getAuthHeaders(): Promise<{ headers: Record<string, string> }>;
  readonly baseUrl?: string;
  /** Present on `OAuthStrategy`: the language of its mails and hosted pages follows the client's. */
  setLanguage?(language: string | undefined): void;
  /** Present on `OAuthStrategy`: forgets an access token the server refused (401), see `createHttp`. */
  expireAccessToken?(refused: string): void;
}

type BoundModules<T> = { [K in keyof T]: T[K] extends ModuleDefinition<infer M> ? M : never };

export interface ClientOptions<A extends AuthProvider, T extends Record<string, ModuleDefinition<unknown>>> {
  auth: A;
  modules?: T;
  /** Headers added to every module call. */
  headers?: Record<string, string>;
  /** Overrides the auth strategy's base URL for module calls. */
  baseUrl?: string;
  /**
   * The shopper's language (BCP 47, e.g. `fr`): sent with data reads and queries, and handed to the
   * auth strategy for recovery and activation mails, new members' profiles and hosted pages (`lang`).
   */
  language?: string;
}

export function createClient<
  A extends AuthProvider,
  T extends Record<string, ModuleDefinition<unknown>> = Record<never, never>,
>(options: ClientOptions<A, T>) {
  const { auth, modules = {} as T, headers } = options;
  const http: HttpContext = createHttp({
    baseUrl: options.baseUrl ?? auth.baseUrl ?? 'https://www.wixapis.com',
    headers,
    getAuthHeaders: () => auth.getAuthHeaders(),
    onUnauthorized: auth.expireAccessToken && ((refused) => auth.expireAccessToken!(refused)),
  });
  const setLanguage = (language: string | undefined) => {
    http.language = language;
    auth.setLanguage?.(language);
  };
  if (options.language) setLanguage(options.language);
  async function fetchWithAuth(input: RequestInfo | URL, init?: RequestInit, retried = false): Promise<Response> {
    const h = new Headers(init?.headers ?? (input as Request).headers);
    for (const [k, v] of Object.entries((await auth.getAuthHeaders()).headers)) h.set(k, v);
    const res = await fetch(input, { ...init, headers: h });
    // A refused token (401): forget it and try once more, renewed or as the visitor the shopper became.
    const sent = h.get('authorization');
    if (res.status != 401 || retried || !sent || !auth.expireAccessToken) return res;
    auth.expireAccessToken(sent);
    return fetchWithAuth(input, init, true);
  }
  const bound = {} as Record<string, unknown>;
  for (const name in modules) bound[name] = modules[name]!.__vitrineModule(http);
  return {
    ...(bound as BoundModules<T>),
    auth,
    /** Changes the language every later call sends (`undefined`: none, the server decides). */
    setLanguage,
    get language() {
      return http.language;
    },
    /** The authenticated JSON request function modules use, for calls no module covers yet. */
    request: http.request,
    /** `fetch` with the client's `Authorization` header added (any URL). */
    fetchWithAuth: (input: RequestInfo | URL, init?: RequestInit) => fetchWithAuth(input, init),
  };
}
