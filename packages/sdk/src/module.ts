/**
 * How feature modules (the data `items` module, auth helpers) plug into `createClient`.
 * A module is declared once with `defineModule`; `createClient({ modules: { items } })` calls its
 * factory with the client's HTTP context, so `client.items.insert(...)` carries the client's tokens.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method: HttpMethod;
  /** Path under the client's base URL, e.g. `/wix-data/v2/items/query`. */
  path: string;
  /** Query parameters; arrays become repeated keys, `undefined` values are dropped. */
  query?: Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;
  /** JSON body (POST/PUT/PATCH). */
  body?: unknown;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
  /** Skip the Authorization header (token endpoint, public calls). */
  anonymous?: boolean;
}

/** What a module receives: an authenticated JSON request function bound to one client. */
export interface HttpContext {
  /** Resolves with the parsed JSON body of a 200 answer; rejects with an SDK error otherwise. */
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** The client's base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The shopper's language (BCP 47), read by the calls that send one; set through `setLanguage`. */
  language?: string;
}

export interface ModuleDefinition<M> {
  readonly __vitrineModule: (context: HttpContext) => M;
}

export function defineModule<M>(factory: (context: HttpContext) => M): ModuleDefinition<M> {
  return { __vitrineModule: factory };
}
