/**
 * A GET whose query string passes 4,000 characters goes as POST (http/request.ts); the server answers it with the
 * GET route (docs/wire-format.md §1.4). Through the SDK's `items.get`, with a long projection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { OAuthStrategy, createClient, MAX_GET_QUERY_LENGTH } from '@vitrine/sdk';
import { items } from './index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const client = (headers?: () => Promise<{ headers: Record<string, string> }>) =>
  createClient({
    modules: { items },
    auth: headers
      ? { baseUrl: server.url, getAuthHeaders: headers }
      : OAuthStrategy({ clientId: server.clientId, baseUrl: server.url }),
  }).items;

// 400 field names of 12 characters: well over the 4,000 characters of a GET's query string.
const manyFields = ['title', 'price', ...Array.from({ length: 400 }, (_, i) => `absent${String(i).padStart(6, '0')}`)];

describe('a long items.get', () => {
  it('is sent as POST and answered as the GET', async () => {
    const sent: { method: string; url: string }[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input) });
      return realFetch(input, init);
    };
    try {
      const item = await client().get('Products', 'brass-pen', { fields: manyFields });
      expect(item).toMatchObject({ _id: 'brass-pen', price: 48 });
      expect(item).not.toHaveProperty('stock');
    } finally {
      globalThis.fetch = realFetch;
    }
    const itemCall = sent.find((s) => s.url.includes('/items/brass-pen'))!;
    expect(itemCall.method).toBe('POST');
    expect(manyFields.join('&fields=').length).toBeGreaterThan(MAX_GET_QUERY_LENGTH);
  });

  it('finds a missing item missing, and an item whose id is a POST route of the data API', async () => {
    expect(await client().get('Products', 'no-such-item', { fields: manyFields })).toBeNull();
    const admin = client(async () => ({ headers: { Authorization: server.adminKey } }));
    await admin.insert('Products', { _id: 'save', title: 'Save' });
    expect(await admin.get('Products', 'save', { fields: manyFields })).toMatchObject({ _id: 'save', title: 'Save' });
  });
});
