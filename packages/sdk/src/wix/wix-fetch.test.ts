import { afterEach, describe, expect, it } from 'vitest';
import { createWixFetch, routeWixApis, type RoutedRequest } from './index.js';

/** What reached the underlying fetch: the URL and the request as it would go on the wire. */
function recorder() {
  const sent: { url: string; method: string; body: string | null; authorization: string | null }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      url: request.url,
      method: request.method,
      body: request.body ? await request.text() : null,
      authorization: request.headers.get('authorization'),
    });
    return new Response('{}', { status: 200 });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

describe('createWixFetch', () => {
  it('re-addresses both Wix API hosts to the base URL, keeping path, query, method, headers and body', async () => {
    const { sent, fetch } = recorder();
    const seen: RoutedRequest[] = [];
    const wix = createWixFetch('http://localhost:8080', { fetch, onRequest: (r) => seen.push(r) });
    await wix('https://www.wixapis.com/oauth2/token', { method: 'POST', body: '{"grantType":"anonymous"}' });
    await wix(new URL('https://edge.wixapis.com/wix-data/v2/items/query?.r=abc'), { headers: { authorization: 't' } });
    expect(sent).toEqual([
      {
        url: 'http://localhost:8080/oauth2/token',
        method: 'POST',
        body: '{"grantType":"anonymous"}',
        authorization: null,
      },
      { url: 'http://localhost:8080/wix-data/v2/items/query?.r=abc', method: 'GET', body: null, authorization: 't' },
    ]);
    expect(seen).toEqual([
      { host: 'www.wixapis.com', method: 'POST', path: '/oauth2/token', url: 'http://localhost:8080/oauth2/token' },
      {
        host: 'edge.wixapis.com',
        method: 'GET',
        path: '/wix-data/v2/items/query',
        url: 'http://localhost:8080/wix-data/v2/items/query?.r=abc',
      },
    ]);
  });

  it('rebuilds a Request (fetchWithAuth) for the new address, and keeps a path prefix of the base', async () => {
    const { sent, fetch } = recorder();
    const wix = createWixFetch('https://shop.example/api/', { fetch });
    const request = new Request('https://www.wixapis.com/graphql/alpha', {
      method: 'POST',
      headers: { authorization: 'token' },
      body: '{"query":"{ me { id } }"}',
    });
    await wix(request);
    expect(sent).toEqual([
      {
        url: 'https://shop.example/api/graphql/alpha',
        method: 'POST',
        body: '{"query":"{ me { id } }"}',
        authorization: 'token',
      },
    ]);
  });

  it('lets every other request through untouched, relative ones included', async () => {
    const { sent, fetch } = recorder();
    const seen: RoutedRequest[] = [];
    const wix = createWixFetch('http://localhost:8080', { fetch, onRequest: (r) => seen.push(r) });
    await wix('https://wixapis.com.evil.test/oauth2/token');
    await wix('https://example.com/www.wixapis.com/x');
    expect(sent.map((s) => s.url)).toEqual([
      'https://wixapis.com.evil.test/oauth2/token',
      'https://example.com/www.wixapis.com/x',
    ]);
    expect(seen).toEqual([]);
    const passed: unknown[] = [];
    const relative = createWixFetch('http://localhost:8080', {
      fetch: (async (input: RequestInfo | URL) => (passed.push(input), new Response())) as typeof globalThis.fetch,
    });
    await relative('/api/cart');
    expect(passed).toEqual(['/api/cart']);
  });

  it('refuses a base URL that is not absolute http(s)', () => {
    for (const base of ['localhost:8080', '/api', 'ftp://example.com']) {
      expect(() => createWixFetch(base)).toThrow(
        `routeWixApis: the base URL must be an absolute http(s) URL (got ${base})`,
      );
    }
  });
});

describe('routeWixApis', () => {
  const original = globalThis.fetch;
  afterEach(() => void (globalThis.fetch = original));

  it('replaces the global fetch until restore() puts the previous one back', async () => {
    const { sent, fetch } = recorder();
    globalThis.fetch = fetch;
    const routing = routeWixApis('http://127.0.0.1:9');
    expect(globalThis.fetch).not.toBe(fetch);
    await globalThis.fetch('https://www.wixapis.com/oauth2/token');
    expect(sent.map((s) => s.url)).toEqual(['http://127.0.0.1:9/oauth2/token']);
    routing.restore();
    expect(globalThis.fetch).toBe(fetch);
  });
});
