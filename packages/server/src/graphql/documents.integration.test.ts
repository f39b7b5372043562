/**
 * Documents mercurius mishandled (found by the route fuzz, issue #26): a `query` that is JSON text was taken
 * for a parsed document and crashed validation, and a GET naming an operation the document does not hold
 * crashed the GET-mutation check; both answered `INTERNAL_SERVER_ERROR` (httpStatus 500) inside a 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../test-support/index.js';
import { graphql } from './graphql-js.js';

let server: TestServer;
let call: ReturnType<typeof api>;
beforeAll(async () => {
  server = await startTestServer();
  call = api(server.url);
});
afterAll(() => server?.close());

const get = (params: Record<string, string>) => call('GET', `/graphql/v1?${new URLSearchParams(params)}`);
const post = (body: Record<string, unknown>) => call('POST', '/graphql/v1', { body });
const codes = (res: { body: { errors?: { extensions: { code: string } }[] } }) =>
  (res.body.errors ?? []).map((e) => e.extensions.code);

describe('a query that is JSON text is a syntax error, not a parsed document', () => {
  const texts = ['2147483648', '{"filter":{"title":"x"}}', '"{ __typename }"', 'null', '[]', '{}'];
  it.each(texts)('%s over GET and POST', async (query) => {
    for (const res of [await get({ query }), await post({ query })]) {
      expect(res.status).toBe(200);
      expect(codes(res)).toEqual(['GRAPHQL_PARSE_FAILED']);
      expect(res.body.errors[0].message).toMatch(/^Syntax Error/);
    }
  });

  it('a syntax tree sent as JSON does not run (it skipped the parser and its limits)', async () => {
    const query = JSON.stringify(graphql.parse('{ __typename }'));
    const res = await post({ query });
    expect(codes(res)).toEqual(['GRAPHQL_PARSE_FAILED']);
    expect(res.body.data).toBeNull();
  });
});

describe('over GET, the operation to run must be in the document', () => {
  it('an unknown operation name', async () => {
    const res = await get({ query: '{ __typename }', operationName: 'x' });
    expect(res.status).toBe(200);
    expect(res.body.errors[0].message).toBe('Unknown operation named "x".');
    expect(codes(res)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('several operations and no name', async () => {
    const res = await get({ query: 'query a { __typename } query b { __typename }' });
    expect(res.body.errors[0].message).toBe('Must provide operation name if query contains multiple operations.');
    expect(codes(res)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('the named operation runs; a named mutation is still refused with 405 (controls)', async () => {
    const named = await get({ query: 'query a { __typename } query b { __typename }', operationName: 'b' });
    expect(named.body).toEqual({ data: { __typename: 'Query' } });
    const plain = await get({ query: '{ __typename }' });
    expect(plain.body).toEqual({ data: { __typename: 'Query' } });
    const mutation = await get({ query: 'query a { __typename } mutation m { __typename }', operationName: 'm' });
    expect(mutation.status).toBe(405);
  });
});
