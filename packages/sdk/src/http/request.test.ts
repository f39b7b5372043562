import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SystemError, VitrineError } from './errors.js';
import { MAX_GET_QUERY_LENGTH, createHttp, planRequest, toQueryString } from './request.js';

describe('toQueryString', () => {
  it('repeats array keys, stringifies scalars and drops undefined', () => {
    expect(toQueryString({ a: ['x', 'y z'], b: 1, c: true, d: undefined })).toBe('?a=x&a=y+z&b=1&c=true');
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('planRequest', () => {
  const query = (n: number) => ({ q: 'x'.repeat(n) });

  it('keeps a GET whose query string is at most 4000 characters', () => {
    // "?q=" is 3 characters.
    const plan = planRequest({ method: 'GET', path: '/wix-data/v2/items/1', query: query(MAX_GET_QUERY_LENGTH - 3) });
    expect(plan.method).toBe('GET');
    expect(plan.path).toBe('/wix-data/v2/items/1?q=' + 'x'.repeat(3997));
    expect(plan.body).toBeUndefined();
  });

  it('switches a longer GET to POST on the same path with the query as JSON body and the override header', () => {
    const q = { ...query(MAX_GET_QUERY_LENGTH - 2), list: ['a', 'b'] };
    const plan = planRequest({ method: 'GET', path: '/wix-data/v2/items/1', query: q });
    expect(plan).toEqual({
      method: 'POST',
      path: '/wix-data/v2/items/1',
      body: q,
      headers: { 'x-http-method-override': 'GET' },
    });
  });

  it('never changes other methods', () => {
    const plan = planRequest({ method: 'DELETE', path: '/x', query: query(5000) });
    expect(plan.method).toBe('DELETE');
  });
});

describe('createHttp transport failures', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names Node.js v18 when fetch is missing', async () => {
    vi.stubGlobal('fetch', undefined);
    const http = createHttp({ baseUrl: 'http://127.0.0.1:1' });
    const error = await http.request({ method: 'GET', path: '/' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VitrineError);
    expect((error as VitrineError).code).toBe('MISSING_FETCH');
    expect((error as Error).message).toContain('Node.js v18 or later');
  });

  it('reports a refused connection as a SystemError with the cause', async () => {
    // Reserve a port, then close it so nothing listens there.
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    const http = createHttp({ baseUrl: `http://127.0.0.1:${port}/` });
    expect(http.baseUrl).toBe(`http://127.0.0.1:${port}`);
    const error = await http.request({ method: 'POST', path: '/oauth2/token', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SystemError);
    expect((error as SystemError).message).toBe('System error occurred');
    expect((error as SystemError).cause).toBeInstanceOf(Error);
  });
});
