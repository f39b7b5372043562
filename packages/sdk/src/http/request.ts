/**
 * The fetch wrapper every call goes through: base URL, auth and telemetry headers, request ids,
 * the GET→POST fallback for long query strings, and error mapping.
 */
import type { HttpContext, RequestOptions } from '../module.js';
import { SystemError, VitrineError, toHttpError, unexpectedResponse } from './errors.js';

/** Longer query strings risk proxy/server URL limits; such GETs are sent as POST with a JSON body. */
export const MAX_GET_QUERY_LENGTH = 4000;

/** Telemetry header the Wix clients send; servers may ignore it. */
export const BI_HEADER = 'x-wix-bi-gateway';
const BI_VALUE = 'environment=js-sdk';

export interface HttpOptions {
  baseUrl: string;
  /** Extra headers on every call (after the defaults, before per-call headers). */
  headers?: Record<string, string>;
  /** Supplies `Authorization` (and any other auth headers) for non-anonymous calls. */
  getAuthHeaders?: () => Promise<{ headers: Record<string, string> }>;
  /**
   * Told which `Authorization` value the server refused (401) on an authenticated call; the call is
   * then sent once more with fresh auth headers (a renewal, or a visitor when the session ended).
   */
  onUnauthorized?: (authorization: string) => void;
}

export function toQueryString(query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) params.append(key, String(v));
  }
  const s = params.toString();
  return s && '?' + s;
}

/** Sent with a long GET's POST: the server answers it with the path's GET route (docs/wire-format.md §1.4). */
export const METHOD_OVERRIDE = 'x-http-method-override';

/**
 * Decides method, URL path, body and extra headers. A GET whose query string is too long becomes a POST to
 * the same path with the query object as JSON body and `x-http-method-override: GET`, which the server
 * answers with the path's GET route (even where the path also has a POST route).
 */
export function planRequest(options: RequestOptions): {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
} {
  const { method, path, query, body } = options;
  const qs = toQueryString(query);
  if (method == 'GET' && qs.length > MAX_GET_QUERY_LENGTH)
    return { method: 'POST', path, body: query, headers: { [METHOD_OVERRIDE]: 'GET' } };
  return { method, path: path + qs, body };
}

export function createHttp(options: HttpOptions): HttpContext {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  // A named function, not a method: modules and `client.request` call it unbound.
  async function request<T>(req: RequestOptions, retried = false): Promise<T> {
    const { method, path, body, headers: planned } = planRequest(req);
    const headers: Record<string, string> = {
      [BI_HEADER]: BI_VALUE,
      ...planned,
      ...options.headers,
      ...(!req.anonymous && options.getAuthHeaders && (await options.getAuthHeaders()).headers),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...req.headers,
    };
    // Resolved at call time, so a fetch installed (or patched) after client creation is used.
    const f = globalThis.fetch;
    if (!f) throw new VitrineError('fetch is missing: Node.js v18 or later is required', 'MISSING_FETCH');
    let res: Response;
    try {
      res = await f(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (cause) {
      throw new SystemError(null, { cause });
    }
    const sent = headers.Authorization ?? headers.authorization;
    if (res.status == 401 && sent && !req.anonymous && !retried && options.onUnauthorized) {
      options.onUnauthorized(sent);
      return request<T>(req, true);
    }
    const requestId = res.headers.get('x-wix-request-id');
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON: the error mapping falls back to the status; a 2xx is unexpected below.
    }
    if (!res.ok) throw toHttpError(res.status, res.statusText, parsed, requestId);
    if (!parsed || typeof parsed != 'object') throw unexpectedResponse(requestId);
    return parsed as T;
  }
  return { baseUrl, request };
}
