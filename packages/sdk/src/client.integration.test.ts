import { afterEach, describe, expect, it } from 'vitest';
import { ApplicationError } from './http/errors.js';
import { OAuthStrategy } from './auth/oauth-strategy.js';
import { createClient } from './client.js';
import { defineModule } from './module.js';
import { startCountingServer } from '../test-support/counting-server.js';

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

const echo = defineModule((http) => ({
  get: (id: string) =>
    http.request<{ id: string }>({ method: 'GET', path: '/things/' + id, query: { tag: ['a', 'b'] } }),
  baseUrl: http.baseUrl,
}));

describe('createClient', () => {
  it('binds modules to the auth strategy: raw token, telemetry header, request ids on errors', async () => {
    const s = await startCountingServer((call) =>
      call.url === '/oauth2/token'
        ? { body: { access_token: 'TOKEN-1', refresh_token: 'R', expires_in: 14400 } }
        : call.url.startsWith('/things/missing')
          ? {
              status: 404,
              body: {
                message: 'gone',
                details: { applicationError: { code: 'WDE0073', description: 'gone', data: {} } },
              },
            }
          : { body: { id: call.url } },
    );
    close = s.close;
    const client = createClient({
      auth: OAuthStrategy({ clientId: 'CID', baseUrl: s.url }),
      modules: { echo },
      headers: { 'x-shop': 'demo' },
    });
    expect(client.echo.baseUrl).toBe(s.url);
    expect(await client.echo.get('1')).toEqual({ id: '/things/1?tag=a&tag=b' });
    const call = s.calls[1]!;
    expect(call.method).toBe('GET');
    expect(call.headers.authorization).toBe('TOKEN-1');
    expect(call.headers['x-wix-bi-gateway']).toBe('environment=js-sdk');
    expect(call.headers['x-shop']).toBe('demo');
    expect(call.headers['content-type']).toBeUndefined();

    const error = await client.echo.get('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error).toMatchObject({ code: 'WDE0073', status: 404, requestId: 'REQ-3' });

    const res = await client.fetchWithAuth(s.url + '/raw', { headers: { 'x-a': '1' } });
    expect(res.status).toBe(200);
    expect(s.calls[3]!.headers).toMatchObject({ authorization: 'TOKEN-1', 'x-a': '1' });
    expect(s.calls.filter((c) => c.url === '/oauth2/token')).toHaveLength(1);
  });
});
