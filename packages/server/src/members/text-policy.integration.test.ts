/**
 * Audit S-6: U+0000 (and other control characters) in any input answered 500 once it reached SQL. Every
 * surface the audit named, and the ways around the schema (JSON escapes inside a string, base64url,
 * GraphQL literals and variables), now answer the route's validation error; and every route's request
 * schema carries a character policy, so a new route cannot forget it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestServer } from '../../test-support/index.js';
import { insertMember } from './store.js';
import { registeredRoutes } from '../http/schemas/openapi.js';
import { requestParts, uncoveredStrings } from '../http/schemas/text-policy.js';

let server: TestServer;
let call: ReturnType<typeof api>;
let member: string;
let visitor: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  call = api(server.url);
  admin = `Bearer ${server.adminKey}`;
  const created = await server.ctx.db.transaction((tx) =>
    insertMember(tx, {
      siteId: server.siteId,
      email: `nul-${Date.now()}@example.com`,
      passwordHash: null,
      emailVerified: true,
      approved: true,
      profile: {},
      now: Date.now(),
    }),
  );
  const tokens = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, {
      siteId: server.siteId,
      clientId: server.clientId,
      memberId: created!.id,
    }),
  );
  member = tokens.accessToken;
  const anonymous = await call('POST', '/oauth2/token', {
    body: { clientId: server.clientId, grantType: 'anonymous' },
  });
  visitor = anonymous.body.access_token;
});
afterAll(() => server?.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const site = () => `siteId=${server.siteId}`;

interface Row {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  /** The body as raw text, for escapes JSON.stringify would not write. */
  raw?: string;
  who: () => string | undefined;
  /** The violation's field; the code point defaults to U+0000. */
  field: string;
  codePoint?: string;
}

const credential = JSON.stringify({ id: 'a\u0000', rawId: 'a', type: 'public-key', response: {} });

const rows: Row[] = [
  // The audit's two reproductions.
  {
    name: 'passkey sign-in: a NUL inside the credential JSON text',
    method: 'POST',
    path: () => '/_api/iam/authentication/v2/webauthn/verify',
    body: () => ({ webauthnData: { challengeId: '00000000-0000-4000-8000-000000000001', credential } }),
    who: () => visitor,
    field: 'webauthnData.credential.id',
  },
  {
    name: 'member profile: nickname',
    method: 'PATCH',
    path: () => '/_api/members/v1/members/my',
    body: () => ({ profile: { nickname: 'x\u0000' } }),
    who: () => member,
    field: 'profile.nickname',
  },
  // The other surfaces the audit lists.
  {
    name: 'factor name',
    method: 'POST',
    path: () => '/_api/iam/mfa/v1/factors',
    body: () => ({ factorType: 'TOTP', name: 'phone\u0000' }),
    who: () => member,
    field: 'name',
  },
  {
    name: 'admin member search',
    method: 'GET',
    path: () => `/_admin/v1/members?${site()}&search=a%00`,
    who: () => admin,
    field: 'search',
  },
  {
    name: 'approve by email',
    method: 'POST',
    path: () => '/_admin/v1/members/approve',
    body: () => ({ siteId: server.siteId, email: 'a\u0000@example.com' }),
    who: () => admin,
    field: 'email',
  },
  {
    name: 'block by email',
    method: 'POST',
    path: () => '/_admin/v1/members/block',
    body: () => ({ siteId: server.siteId, email: 'a\u0000@example.com' }),
    who: () => admin,
    field: 'email',
  },
  {
    name: 'audit log: event type',
    method: 'GET',
    path: () => `/_admin/v1/auth-events?${site()}&type=login%00`,
    who: () => admin,
    field: 'type',
  },
  {
    name: 'API key name',
    method: 'POST',
    path: () => '/_admin/v1/api-keys',
    body: () => ({ siteId: server.siteId, name: 'k\u0000' }),
    who: () => admin,
    field: 'name',
  },
  {
    name: 'webhook description',
    method: 'POST',
    path: () => '/_admin/v1/webhooks',
    body: () => ({ siteId: server.siteId, url: 'https://hooks.example/x', events: ['*'], description: 'd\u0000' }),
    who: () => admin,
    field: 'description',
  },
  {
    name: 'webhook id in the path',
    method: 'GET',
    path: () => '/_admin/v1/webhooks/%00',
    who: () => admin,
    field: 'id',
  },
  {
    name: 'webhook id in the path (deliveries)',
    method: 'GET',
    path: () => '/_admin/v1/webhooks/%00/deliveries',
    who: () => admin,
    field: 'id',
  },
  // Data items: jsonb cannot hold U+0000 nor a lone surrogate, in values or keys.
  {
    name: 'data item value',
    method: 'POST',
    path: () => '/wix-data/v2/items',
    body: () => ({ dataCollectionId: 'Products', dataItem: { data: { title: 'mug\u0000' } } }),
    who: () => admin,
    field: 'dataItem.data.title',
  },
  {
    name: 'data item key',
    method: 'POST',
    path: () => '/wix-data/v2/items',
    body: () => ({ dataCollectionId: 'Products', dataItem: { data: { 'ti\u0000tle': 'mug' } } }),
    who: () => admin,
    field: 'dataItem.data.ti\u0000tle',
  },
  {
    name: 'data item value with a lone surrogate',
    method: 'POST',
    path: () => '/wix-data/v2/items',
    raw: '{"dataCollectionId":"Products","dataItem":{"data":{"title":"mug\\ud800"}}}',
    who: () => admin,
    field: 'dataItem.data.title',
    codePoint: 'U+D800',
  },
  {
    name: 'data query filter',
    method: 'POST',
    path: () => '/wix-data/v2/items/query',
    body: () => ({ dataCollectionId: 'Products', query: { filter: { title: { $eq: 'x\u0000' } } } }),
    who: () => visitor,
    field: 'query.filter.title.$eq',
  },
  {
    name: 'data query over GET: a NUL inside the base64url .r',
    method: 'GET',
    path: () =>
      `/wix-data/v2/items/query?.r=${b64({ dataCollectionId: 'Products', query: { filter: { title: 'x\u0000' } } })}`,
    who: () => visitor,
    field: '.r.query.filter.title',
  },
  {
    name: 'console collection query: a NUL inside the filter JSON of the query string',
    method: 'GET',
    path: () => `/_admin/v1/collections/Products/export?${site()}&filter=${encodeURIComponent('{"title":"\\u0000"}')}`,
    who: () => admin,
    field: 'filter.title',
  },
  // Query strings and GraphQL variables.
  {
    name: 'GraphQL variables (POST)',
    method: 'POST',
    path: () => '/graphql/v1',
    body: () => ({ query: 'query($id: ID!){ productsById(id: $id){ _id } }', variables: { id: 'p\u0000' } }),
    who: () => visitor,
    field: 'variables.id',
  },
  {
    name: 'GraphQL variables (GET, JSON text with an escape)',
    method: 'GET',
    path: () =>
      `/graphql/v1?query=${encodeURIComponent('query($id: ID!){ productsById(id: $id){ _id } }')}&variables=${encodeURIComponent('{"id":"p\\u0000"}')}`,
    who: () => visitor,
    field: 'variables.id',
  },
  // Other control characters where one line is expected.
  {
    name: 'nickname with a line break',
    method: 'PATCH',
    path: () => '/_api/members/v1/members/my',
    body: () => ({ profile: { nickname: 'x\ny' } }),
    who: () => member,
    field: 'profile.nickname',
    codePoint: 'U+000A',
  },
  {
    name: 'search with an escape character',
    method: 'GET',
    path: () => `/_admin/v1/members?${site()}&search=a%1B`,
    who: () => admin,
    field: 'search',
    codePoint: 'U+001B',
  },
  {
    name: 'API key name with a C1 control (NEL)',
    method: 'POST',
    path: () => '/_admin/v1/api-keys',
    body: () => ({ siteId: server.siteId, name: 'k\u0085' }),
    who: () => admin,
    field: 'name',
    codePoint: 'U+0085',
  },
  {
    name: 'register: address with a tab',
    method: 'POST',
    path: () => '/_api/iam/authentication/v2/register',
    body: () => ({ loginId: { email: 'a\t@example.com' }, password: 'a long passphrase 1' }),
    who: () => visitor,
    field: 'loginId.email',
    codePoint: 'U+0009',
  },
];

describe('U+0000 and control characters answer the validation error, never a 500 (audit S-6)', () => {
  it.each(rows)('$name', async (row) => {
    const response = await call(row.method, row.path(), {
      ...(row.raw !== undefined ? { raw: row.raw } : row.body ? { body: row.body() } : {}),
      ...(row.who() ? { token: row.who()! } : {}),
    });
    const codePoint = row.codePoint ?? 'U+0000';
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: {
        message: expect.any(String),
        details: {
          validationError: {
            fieldViolations: [
              {
                field: row.field,
                description: expect.stringContaining(codePoint),
                violatedRule: 'FORMAT',
                ruleName: 'INVALID_CHARACTER',
                data: { codePoint },
              },
            ],
          },
        },
      },
    });
  });

  it('login answers an application error (its client reads no validation body), not a 500', async () => {
    const response = await call('POST', '/_api/iam/authentication/v2/login', {
      body: { loginId: { email: 'a@example.com' }, password: 'pass\u0000word' },
      token: visitor,
    });
    expect(response.status).toBe(400);
    expect(response.body.details.applicationError.code).toBe('INVALID_CHARACTER');
  });

  it('a GraphQL string literal holding U+0000 is refused before it runs', async () => {
    const response = await call('POST', '/graphql/v1', {
      raw: JSON.stringify({ query: '{ productsById(id: "p\\u0000"){ _id } }' }),
      token: visitor,
    });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'INVALID_CHARACTER', codePoint: 'U+0000' }),
      }),
    ]);
    expect(response.body.data ?? null).toBeNull();
  });

  it('free-form values keep line breaks and tabs; a password keeps any character but U+0000', async () => {
    const text = 'line one\nline two\r\n\tindented \u0007 bell';
    const inserted = await call('POST', '/wix-data/v2/items', {
      body: { dataCollectionId: 'Products', dataItem: { data: { title: 'Multi', description: text, price: 1 } } },
      token: admin,
    });
    expect(inserted.status).toBe(200);
    const read = await call('POST', '/wix-data/v2/items/query', {
      body: { dataCollectionId: 'Products', query: { filter: { description: { $eq: text } } } },
      token: visitor,
    });
    expect(read.body.dataItems.map((i: { data: { description: string } }) => i.data.description)).toEqual([text]);
    const graphql = await call('POST', '/graphql/v1', {
      body: { query: 'query {\n\tproducts(limit: 1) { items { _id } }\n}' },
      token: visitor,
    });
    expect(graphql.body.errors).toBeUndefined();
    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      body: { loginId: { email: 'nobody@example.com' }, password: 'tab\there\u0085' },
      token: visitor,
    });
    expect(login.body.details.applicationError.code).toBe('-19976');
  });
});

describe('every route gives every request string a character policy', () => {
  it('no string or untyped value of a body, query string or path goes without one', () => {
    const routes = registeredRoutes(server.vitrine.app);
    expect(routes.length).toBeGreaterThan(100);
    const gaps = routes.flatMap((route) =>
      requestParts(route).flatMap((part) => {
        const schema = route.schema[part] as Record<string, unknown> | undefined;
        if (!schema) return [`${route.method} ${route.url} ${part}: no schema`];
        if (schema['x-text'] === undefined) return [`${route.method} ${route.url} ${part}: no floor at the root`];
        return uncoveredStrings(schema).map((path) => `${route.method} ${route.url} ${part}${path}`);
      }),
    );
    expect(gaps).toEqual([]);
  });

  it('the check finds a string without a policy (control)', () => {
    expect(uncoveredStrings({ type: 'object', properties: { a: { type: 'string' }, b: {} } })).toEqual(['/a', '/b']);
    expect(uncoveredStrings({ type: 'string', 'x-text': 'lines' })).toEqual(['(root) (unknown policy lines)']);
    expect(uncoveredStrings({ type: 'array', items: { type: 'string', 'x-text': 'line' } })).toEqual([]);
  });
});
