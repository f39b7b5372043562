import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, getVisitorToken, type TestServer } from '../../test-support/server.js';
import { resolveCaller, parseAuthorization } from './resolve-caller.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    routes(app, ctx) {
      // A route that fails the way a bug would, to see what the outside world is told.
      app.get('/__test/boom', async () => {
        throw new Error('secret internal detail: db password hunter2');
      });
      app.get('/__test/whoami', async (request) => resolveCaller(request, ctx));
    },
  });
});
afterAll(() => server.close());

describe('HTTP conventions', () => {
  it('answers an unknown route with a 404 envelope and a request id', async () => {
    const res = await fetch(`${server.url}/_api/nothing/here?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({
      message: 'No route for GET /_api/nothing/here',
      details: {
        applicationError: { code: 'NOT_FOUND', description: 'No route for GET /_api/nothing/here', data: {} },
      },
    });
  });

  it('answers an unexpected fault with a 500 that names the request id and nothing internal', async () => {
    const res = await fetch(`${server.url}/__test/boom`);
    expect(res.status).toBe(500);
    const id = res.headers.get('x-wix-request-id');
    const text = await res.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('secret internal detail');
    expect(text).not.toMatch(/\bat \S+ \(/);
    expect(JSON.parse(text)).toMatchObject({
      details: { applicationError: { code: 'INTERNAL', data: { requestId: id } } },
    });
  });

  it('sends security headers on every response', async () => {
    for (const path of ['/healthz', '/nothing', '/oauth2/jwks']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('allows CORS only from a client origin, and exposes the request id', async () => {
    const origin = server.url;
    const pre = await fetch(`${server.url}/wix-data/v2/items/query`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-wix-bi-gateway',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-wix-bi-gateway');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-wix-consistent');
    const simple = await fetch(`${server.url}/healthz`, { headers: { origin } });
    expect(simple.headers.get('access-control-expose-headers')).toContain('x-wix-request-id');

    const evil = await fetch(`${server.url}/wix-data/v2/items/query`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reports the database in /healthz', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: server.ctx.db.kind });
  });
});

describe('Authorization header', () => {
  it('splits raw, Bearer and token,apiKey forms', () => {
    expect(parseAuthorization('abc')).toEqual({ token: 'abc', apiKey: undefined });
    expect(parseAuthorization('Bearer abc')).toEqual({ token: 'abc', apiKey: undefined });
    expect(parseAuthorization('abc,key')).toEqual({ token: 'abc', apiKey: 'key' });
    expect(parseAuthorization(',key')).toEqual({ token: undefined, apiKey: 'key' });
    expect(parseAuthorization(undefined)).toEqual({ token: undefined, apiKey: undefined });
  });

  it('accepts an access token raw or with Bearer, and refuses a bad one with 401', async () => {
    const { access_token } = await getVisitorToken(server.url, server.clientId);
    for (const header of [access_token, `Bearer ${access_token}`]) {
      const res = await fetch(`${server.url}/__test/whoami`, { headers: { authorization: header } });
      expect(await res.json()).toMatchObject({ kind: 'visitor', siteId: 'demo', clientId: 'demo-storefront' });
    }
    const forged = access_token.slice(0, -4) + 'AAAA';
    const bad = await fetch(`${server.url}/__test/whoami`, { headers: { authorization: forged } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ details: { applicationError: { code: 'INVALID_TOKEN' } } });
  });

  it('recognises the admin key, and refuses a member token whose session has ended', async () => {
    const admin = await fetch(`${server.url}/__test/whoami`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(await admin.json()).toMatchObject({ kind: 'admin', keyName: 'admin' });

    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: 'demo', clientId: 'demo-storefront', memberId: 'm-1' }),
    );
    const ok = await fetch(`${server.url}/__test/whoami`, { headers: { authorization: session.accessToken } });
    expect(await ok.json()).toMatchObject({ kind: 'member', memberId: 'm-1', sessionId: session.sessionId });
    await server.ctx.db.transaction((tx) => server.ctx.tokens.revokeSession(tx, 'demo', session.sessionId, 'logout'));
    const ended = await fetch(`${server.url}/__test/whoami`, { headers: { authorization: session.accessToken } });
    expect(ended.status).toBe(401);
  });
});
