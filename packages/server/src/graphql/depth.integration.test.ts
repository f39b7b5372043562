/**
 * Introspection is judged on its own depth limit (issue #53: GraphiQL said "Error fetching schema" because
 * graphql-js's standard introspection query measures 15 against the data limit of 10); the data limit holds for
 * everything else, and a hostile introspection query is still refused. POST /graphql runs the default version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import type { IntrospectionQuery } from 'graphql';
import { graphql } from './graphql-js.js';

let server: TestServer;
beforeAll(async () => {
  // A collection referencing itself, so a data query can nest as deep as a test needs.
  server = await startTestServer({
    config: (config) => {
      const site = config.sites[0]!;
      site.collections = [
        ...site.collections,
        {
          id: 'Notes',
          permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
          seed: [],
          fields: [{ key: 'parent', type: 'reference', required: false, collection: 'Notes' }],
          strict: true,
        },
      ];
      return config;
    },
  });
}, 120_000);
afterAll(async () => server?.close());

async function post(path: string, query: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  type Body = { data?: IntrospectionQuery; errors?: { extensions?: Record<string, unknown> }[] };
  return { status: response.status, body: (await response.json()) as Body };
}

const FULL_INTROSPECTION = graphql.getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

describe('depth limits', () => {
  it('answers the standard introspection query (every option), as GraphiQL and code generators send it', async () => {
    for (const path of ['/graphql/alpha', '/graphql/v1', '/graphql']) {
      const { status, body } = await post(path, FULL_INTROSPECTION);
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
      const schema = graphql.buildClientSchema(body.data!);
      expect(schema.getQueryType()?.getFields()).toHaveProperty('items');
    }
  });

  it('keeps refusing data queries deeper than 10', async () => {
    const { body } = await post(
      '/graphql',
      '{ notes { items { parent { parent { parent { parent { parent { parent { parent { parent { parent { _id } } } } } } } } } } } }',
    );
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', maxDepth: 10 });
    // Ten levels exactly still run.
    const ten = await post(
      '/graphql',
      '{ notes { items { parent { parent { parent { parent { parent { parent { parent { _id } } } } } } } } } }',
    );
    expect(ten.body.errors).toBeUndefined();
  });

  it('refuses introspection nested past its own limit, and a data field hidden behind fragments', async () => {
    const nest = (n: number): string => (n == 0 ? 'name' : `name fields { type { ${nest(n - 1)} } }`);
    const hostile = await post('/graphql/alpha', `{ __schema { types { ${nest(12)} } } }`);
    expect(hostile.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', maxDepth: 20 });
    const viaFragments = await post(
      '/graphql/alpha',
      'query Deep { ...A } fragment A on Query { notes { items { ...B } } } ' +
        'fragment B on Notes { parent { parent { parent { parent { parent { parent { parent { parent { parent { _id } } } } } } } } } }',
    );
    expect(viaFragments.body.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_DEEP', maxDepth: 10 });
    // A fragment cycle is refused (graphql-js's own rule), without the depth rule looping on it.
    const cycle = await post('/graphql/alpha', '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }');
    expect(cycle.body.errors?.length).toBeGreaterThan(0);
  });
});
