/**
 * `@wix/sdk`'s `client.graphql(query, variables)` unchanged against a real Vitrine server (docs/wire-format.md §10):
 * it posts to https://www.wixapis.com/graphql/alpha (or the apiVersion it is given) with the access token and
 * returns `{data, errors}` of a 200 answer. Routed to the local server by the fetch hook of §12.
 */
import { createClient, OAuthStrategy } from '@wix/sdk';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;

beforeAll(async () => {
  server = await startTestServer();
  routing = routeWixToLocal(server.url);
}, 120_000);
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('@wix/sdk client.graphql', () => {
  it('queries typed products with references and variables as a visitor, on www.wixapis.com/graphql/alpha', async () => {
    const client = createClient({ modules: {}, auth: OAuthStrategy({ clientId: server.clientId }) });
    const result = await client.graphql(
      `query Catalog($filter: JSON, $limit: Int) {
        me { id }
        products(filter: $filter, sort: [{ fieldName: "price", order: ASC }], limit: $limit) { totalCount items { _id price category { name } } }
      }`,
      { filter: { category: 'Kitchen' }, limit: 2 },
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as {
      me: null;
      products: { totalCount: number; items: { _id: string; price: number; category: { name: string } }[] };
    };
    expect(data.me).toBeNull();
    expect(data.products.totalCount).toBe(4);
    expect(data.products.items).toEqual([
      { _id: 'stoneware-mug', price: 18, category: { name: 'Kitchen' } },
      { _id: 'linen-tea-towels', price: 24, category: { name: 'Kitchen' } },
    ]);
    const calls = routing.seen.filter((r) => r.path.startsWith('/graphql/'));
    expect(calls.at(-1)).toEqual({
      host: 'www.wixapis.com',
      method: 'POST',
      path: '/graphql/alpha',
      url: `${server.url}/graphql/alpha`,
    });
  });

  it('hands back errors with their codes (a refused mutation), and takes apiVersion v1', async () => {
    const client = createClient({ modules: {}, auth: OAuthStrategy({ clientId: server.clientId }) });
    const refused = await client.graphql('mutation { insertProducts(data: { title: "x" }) { _id } }');
    expect(refused.data).toEqual({});
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'WDE0027' }, path: ['insertProducts'] });
    // The third argument (options.apiVersion) is in the client's code (docs/wire-format.md §10), not in its typings.
    const graphql = client.graphql as unknown as (
      query: string,
      variables: undefined,
      options: { apiVersion: string },
    ) => ReturnType<typeof client.graphql>;
    const v1 = await graphql('{ categoriesById(id: "Home") { name slug } }', undefined, { apiVersion: 'v1' });
    expect(v1.data).toEqual({ categoriesById: { name: 'Home', slug: 'home' } });
    expect(routing.seen.at(-1)).toMatchObject({ path: '/graphql/v1', method: 'POST' });
  });
});
