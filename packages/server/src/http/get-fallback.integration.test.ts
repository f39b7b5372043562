/**
 * The long-GET fallback on the wire (get-fallback.ts, docs/wire-format.md §1.4): a POST with the query as its
 * JSON body is answered by the path's GET route, with or without `x-http-method-override: GET`; nothing else
 * becomes a GET (unknown paths, the storefront's pages), and a body a query string cannot carry is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const visitorToken = async () => {
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('a GET sent as POST', () => {
  it('is answered by the GET route of a data item, without the header too', async () => {
    const authorization = await visitorToken();
    const get = await fetch(`${server.url}/wix-data/v2/items/brass-pen?dataCollectionId=Products&fields=price`, {
      headers: { authorization },
    });
    const viaPost = await post(
      '/wix-data/v2/items/brass-pen',
      { dataCollectionId: 'Products', fields: ['price'] },
      { authorization },
    );
    expect(viaPost.status).toBe(200);
    expect(await viaPost.json()).toEqual(await get.json());
  });

  it('answers as the GET would: the same authentication and refusals', async () => {
    const missing = await post('/wix-data/v2/items/no-such-item', { dataCollectionId: 'Products' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ details: { applicationError: { code: 'WDE0073' } } });
    // A GET route of another family: the signed-out caller is refused as on the GET.
    const connections = await post('/_api/iam/authentication/v1/sso/connections', {});
    const direct = await fetch(`${server.url}/_api/iam/authentication/v1/sso/connections`);
    expect(connections.status).toBe(direct.status);
    expect(connections.status).toBeGreaterThanOrEqual(400);
  });

  it('with the override header, wins over a POST route of the same path', async () => {
    await fetch(`${server.url}/wix-data/v2/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: server.adminKey },
      body: JSON.stringify({ dataCollectionId: 'Products', dataItem: { id: 'update', data: { title: 'Update' } } }),
    }).then((r) => expect(r.status).toBe(200));
    const body = { dataCollectionId: 'Products', dataItemId: 'update' };
    const asGet = await post('/wix-data/v2/items/update', body, { 'x-http-method-override': 'GET' });
    expect(asGet.status).toBe(200);
    expect(await asGet.json()).toMatchObject({ dataItem: { id: 'update', data: { title: 'Update' } } });
    // Without it, the POST route's own (an update without dataItem).
    expect((await post('/wix-data/v2/items/update', body)).status).toBe(400);
  });

  it('never turns a POST into a page or an unknown route', async () => {
    for (const path of ['/wix-data/v2/nothing-here', '/about', '/console/settings']) {
      const res = await post(path, {});
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
    }
  });

  it('refuses what a query string cannot carry, and another overridden method', async () => {
    const nested = await post('/wix-data/v2/items/brass-pen', { dataCollectionId: 'Products', paging: { limit: 1 } });
    expect(nested.status).toBe(400);
    expect(await nested.json()).toMatchObject({ details: { applicationError: { code: 'INVALID_ARGUMENT' } } });
    const deleteOverride = await post('/wix-data/v2/items/brass-pen', {}, { 'x-http-method-override': 'DELETE' });
    expect(deleteOverride.status).toBe(400);
  });

  it('the preflight allows the header', async () => {
    const res = await fetch(`${server.url}/wix-data/v2/items/x`, {
      method: 'OPTIONS',
      headers: { origin: new URL(server.url).origin, 'access-control-request-method': 'POST' },
    });
    expect(res.headers.get('access-control-allow-headers')).toContain('x-http-method-override');
  });
});
