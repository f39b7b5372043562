/**
 * Test support (not part of the published entry): a recording `fetch` that answers canned JSON,
 * the real `@wix/sdk` + `@wix/data` client wired to it, and our module wired to the same recorder
 * through a minimal fetch-based `HttpContext`. Used to compare what both clients put on the wire.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { items as wixItems } from '@wix/data';
import type { HttpContext, RequestOptions } from '../src/module.js';
import { items as ourItems } from '../src/data/index.js';

export interface Recorded {
  method: string;
  /** Path and query string, host stripped. */
  url: string;
  path: string;
  /** Decoded `.r` payload of a GET, or the parsed JSON body of a POST. */
  payload: unknown;
  /** The query string minus `.r`, as pairs (for the flattened GET form). */
  params: [string, string][];
}

export type Responder = (
  r: Recorded,
) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

const PAGE = { count: 2, offset: 0, total: 5, hasNext: true };
/** Answers shaped like a Vitrine/Wix server for every data endpoint, so both clients can finish. */
export const defaultResponder: Responder = ({ path }) => {
  const item = (id: string) => ({ id, data: { _id: id, when: { $date: '2024-05-05T05:05:05.000Z' } } });
  const p = path.replace('/wix-data/v2', '');
  if (p === '/items/query') return { body: { dataItems: [item('a'), item('b')], pagingMetadata: PAGE } };
  if (p === '/items/count') return { body: { totalCount: 7 } };
  if (p === '/items/query-distinct-values')
    return { body: { distinctValues: ['x', { $date: '2024-01-01T00:00:00.000Z' }], pagingMetadata: PAGE } };
  if (p === '/items/aggregate')
    return {
      body: {
        results: [
          { _id: { category: 'c' }, priceSum: 3 },
          { _id: { a: 1, b: 2 }, count: 1 },
        ],
        pagingMetadata: PAGE,
      },
    };
  if (p === '/items/query-referenced')
    return { body: { results: [{ dataItem: item('r') }, {}], pagingMetadata: { hasNext: false } } };
  if (p === '/items/is-referenced') return { body: { isReferenced: true } };
  if (p.startsWith('/bulk/items/') && !p.includes('references')) return { body: { results: [] } };
  return { body: { dataItem: item('1') } };
};

export interface Recorder {
  calls: Recorded[];
  restore(): void;
}

/** Replaces `globalThis.fetch`; every request is recorded and answered by `respond`. */
export function record(respond: Responder = defaultResponder): Recorder {
  const original = globalThis.fetch;
  const calls: Recorded[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href);
    const r = url.searchParams.get('.r');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const rec: Recorded = {
      method: init.method ?? 'GET',
      url: url.pathname + url.search,
      path: url.pathname,
      payload: r !== null ? JSON.parse(Buffer.from(r, 'base64url').toString('utf8')) : body,
      params: [...url.searchParams].filter(([k]) => k !== '.r'),
    };
    calls.push(rec);
    const res = respond(rec) ?? defaultResponder(rec)!;
    return new Response(JSON.stringify(res.body ?? {}), {
      status: res.status ?? 200,
      headers: { 'content-type': 'application/json', ...res.headers },
    });
  };
  return { calls, restore: () => void (globalThis.fetch = original) };
}

/** The real Wix client, with unexpired fake tokens so it makes no token calls. */
export function realItems() {
  const now = Math.floor(Date.now() / 1000);
  const client = createClient({
    modules: { items: wixItems },
    auth: OAuthStrategy({
      clientId: 'x',
      tokens: {
        accessToken: { value: 'AT', expiresAt: now + 3600 },
        refreshToken: { value: 'RT', role: 'visitor' as never },
      },
    }),
  });
  return client.items;
}

export class TestHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: unknown,
    readonly requestId: string | undefined,
  ) {
    super(message);
  }
}

/** A minimal stand-in for the SDK's HTTP layer: JSON over fetch, non-200 rejects with status/details. */
export function fetchContext(baseUrl = 'https://edge.wixapis.com', headers: Record<string, string> = {}): HttpContext {
  return {
    baseUrl,
    async request<T>({ method, path, query, body }: RequestOptions): Promise<T> {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) {
        if (v === undefined) continue;
        for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
      }
      const search = qs.toString();
      const res = await fetch(baseUrl + path + (search ? `?${search}` : ''), {
        method,
        headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json().catch(() => null)) as { message?: string; details?: unknown } | null;
      if (res.status !== 200) {
        throw new TestHttpError(
          json?.message ?? res.statusText,
          res.status,
          json?.details,
          res.headers.get('x-wix-request-id') ?? undefined,
        );
      }
      return json as T;
    },
  };
}

export const ours = (ctx: HttpContext = fetchContext()) => ourItems.__vitrineModule(ctx);
