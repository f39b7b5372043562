/**
 * The work one GraphQL request may ask for, from the audit of the new surfaces: a cost costed again when a
 * Boolean variable changes what runs (S-1), aliases bounded and costly reads counted per address (S-4), and
 * introspection off in production unless the site turns it on (S-12).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDataServer, type DataServer } from '../../test-support/data-server.js';

let server: DataServer;
beforeAll(async () => {
  server = await startDataServer();
});
afterAll(() => server.close());

const post = (query: string, variables?: Record<string, unknown>, on = server) =>
  on.call('/graphql/v1', { body: { query, ...(variables ? { variables } : {}) } });

describe('the cost of an operation follows every variable (S-1)', () => {
  const nested = 'items { _id title price slug stock description image category { name slug description } }';
  const query = `query($b: Boolean!) { a: products(limit: 1000) @include(if: $b) { ${nested} } b: products(limit: 1000) @include(if: $b) { ${nested} } }`;

  it('a document first run with @include(if: false) is refused when the same text comes with true', async () => {
    const cheap = await post(query, { b: false });
    expect(cheap.body).toEqual({ data: {} });
    const dear = await post(query, { b: true });
    expect(dear.body.data).toBeNull();
    expect(dear.body.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maxCost: 20000 });
    expect(dear.body.errors[0].extensions.cost).toBeGreaterThan(20000);
  });

  it('@skip(if: $s) likewise, in the other order of calls', async () => {
    const skip = `query($s: Boolean!) { a: products(limit: 1000) @skip(if: $s) { ${nested} } b: products(limit: 1000) @skip(if: $s) { ${nested} } }`;
    expect((await post(skip, { s: false })).body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect((await post(skip, { s: true })).body).toEqual({ data: {} });
    expect((await post(skip, { s: false })).body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('aliases (S-4)', () => {
  const aliased = (n: number) =>
    `{ ${Array.from({ length: n }, (_, i) => `a${i}: productsById(id: "p${i}") { _id }`).join(' ')} }`;

  it('15 aliases run; 16 are refused before anything runs, naming the limit', async () => {
    const fifteen = await post(aliased(15));
    expect(fifteen.body.errors).toBeUndefined();
    expect(Object.keys(fifteen.body.data)).toHaveLength(15);
    const sixteen = await post(aliased(16));
    expect(sixteen.status).toBe(200);
    expect(sixteen.body.data).toBeNull();
    expect(sixteen.body.errors).toEqual([
      {
        message: 'The query has 16 aliases, more than this site allows (15); ask for several items with one list field',
        extensions: { code: 'TOO_MANY_ALIASES', aliases: 16, maxAliases: 15 },
      },
    ]);
  });

  it('4,900 aliases of one cheap field are refused at once, aliases in fragments counted too', async () => {
    const flood = await post(aliased(4900));
    expect(flood.body).toEqual({
      data: null,
      errors: [
        {
          message:
            'The query has 4900 aliases, more than this site allows (15); ask for several items with one list field',
          extensions: { code: 'TOO_MANY_ALIASES', aliases: 4900, maxAliases: 15 },
        },
      ],
    });
    const viaFragment = await post(
      `{ ...f ...f } fragment f on Query { ${Array.from({ length: 16 }, (_, i) => `x${i}: productsById(id: "p1") { _id }`).join(' ')} }`,
    );
    expect(viaFragment.body.errors[0].extensions.code).toBe('TOO_MANY_ALIASES');
  });

  it("a site's graphql.maxAliases moves the limit", async () => {
    const strict = await startDataServer((config) => {
      config.sites[0]!.graphql = { introspection: undefined, maxCost: 20_000, maxAliases: 2 };
      return config;
    });
    try {
      expect((await post(aliased(2), undefined, strict)).body.errors).toBeUndefined();
      expect((await post(aliased(3), undefined, strict)).body.errors[0].extensions).toEqual({
        code: 'TOO_MANY_ALIASES',
        aliases: 3,
        maxAliases: 2,
      });
    } finally {
      await strict.close();
    }
  });
});

describe('costly reads count against the per-address heavy-read limit (S-4)', () => {
  it('after the limit a costly operation gets 429 with Retry-After; cheap ones still run', async () => {
    vi.stubEnv('VITRINE_DATA_QUERY_RATE_LIMIT', '3');
    const limited = await startDataServer().finally(() => vi.unstubAllEnvs());
    try {
      const costly = '{ products(limit: 1000) { items { _id title price } } }';
      for (let i = 0; i < 3; i++) expect((await post(costly, undefined, limited)).body.errors).toBeUndefined();
      const refused = await post(costly, undefined, limited);
      expect(refused.body.data).toBeNull();
      expect(refused.body.errors[0].extensions).toMatchObject({ code: 'WD_TOO_MANY_REQUESTS', httpStatus: 429 });
      expect(refused.body.errors[0].extensions.data.retryAfterSeconds).toBeGreaterThan(0);
      const cheap = await post('{ products(limit: 5) { items { _id } } }', undefined, limited);
      expect(cheap.body.errors).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});

describe('introspection in production (S-12)', () => {
  const introspect = '{ __schema { mutationType { fields { name } } } }';

  it('is off by default in production, on when the site turns it on, and on by default in development', async () => {
    expect((await post(introspect)).body.data.__schema.mutationType.fields.length).toBeGreaterThan(0);
    const production = await startDataServer((config) => ({ ...config, production: true }));
    const opened = await startDataServer((config) => {
      config.sites[0]!.graphql = { introspection: true, maxCost: 20_000, maxAliases: 15 };
      return { ...config, production: true };
    });
    try {
      const refused = await post(introspect, undefined, production);
      expect(refused.body.data).toBeNull();
      expect(refused.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(refused.body.errors[0].message).toMatch(/introspection/i);
      expect(
        (await post('{ products(limit: 1) { items { _id } } }', undefined, production)).body.errors,
      ).toBeUndefined();
      expect((await post(introspect, undefined, opened)).body.data.__schema.mutationType.fields.length).toBeGreaterThan(
        0,
      );
    } finally {
      await production.close();
      await opened.close();
    }
  });
});
