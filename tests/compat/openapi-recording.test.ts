/**
 * A recording test (issue #12): the unmodified @wix/sdk and @wix/data clients run their usual flows
 * against a real server, every request and response they exchange is recorded, and each pair is
 * validated against GET /openapi.json — the request body against the operation's requestBody, the
 * response against the schema of its status. A document that says less or otherwise than the wire fails.
 */
import { items } from '@wix/data';
import { members } from '@wix/members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startTestServer, type TestServer } from '@vitrine/server/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeWixToLocal } from './wix-fetch.js';

interface Pair {
  method: string;
  path: string;
  requestBody: unknown;
  status: number;
  responseBody: unknown;
}

type Operation = {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: object };

const API_KEY = 'recording-members-key-0123456789abcdef';

let server: TestServer;
let routing: ReturnType<typeof routeWixToLocal>;
const pairs: Pair[] = [];

/** Records what reached the local server, after the Wix hosts were re-addressed to it. */
function record(base: string): () => void {
  const routed = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await routed(input, init);
    const url = new URL(response.url || (input instanceof Request ? input.url : String(input)));
    if (!url.href.startsWith(base)) return response;
    const text =
      typeof init?.body === 'string' ? init.body : input instanceof Request ? await input.clone().text() : '';
    const body = (response.headers.get('content-type') ?? '').includes('json')
      ? await response.clone().json()
      : undefined;
    pairs.push({
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.pathname,
      requestBody: text ? JSON.parse(text) : undefined,
      status: response.status,
      responseBody: body,
    });
    return response;
  }) as typeof fetch;
  return () => void (globalThis.fetch = routed);
}

/**
 * The operation whose path template matches, as Fastify's router picks it: literal paths win over
 * templated ones (`/items/query` over `/items/{*}`), longer templates over shorter (`/items/{*}` over `/{*}`).
 */
function operationOf(doc: OpenApi, method: string, path: string): Operation | undefined {
  const templates = Object.keys(doc.paths).filter((template) => {
    const pattern = template
      .replace(/[.]/g, '\\.')
      .replace(/\{\*\}/g, '.*')
      .replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
  templates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0) || b.length - a.length);
  return templates.map((t) => doc.paths[t]![method.toLowerCase()]).find(Boolean);
}

function responseSchema(operation: Operation, status: number): object | undefined {
  const entry =
    operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
  return entry?.content?.['application/json']?.schema;
}

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      apiKeys: [...s.apiKeys, { name: 'recording', key: API_KEY }],
      clients: [
        ...s.clients,
        {
          clientId: 'recording-client',
          redirectUris: ['http://app.test/callback'],
          allowedOrigins: ['http://app.test'],
          refreshTokenRotation: true, // what a client gets when its config says nothing
        },
      ],
      collections: [
        ...s.collections,
        {
          id: 'Notes',
          permissions: { read: 'ANYONE', insert: 'ANYONE', update: 'ANYONE', remove: 'ANYONE' },
          seed: [],
        },
      ],
    }),
  });
  routing = routeWixToLocal(server.url);
});
afterAll(async () => {
  routing?.restore();
  await server?.close();
});

describe('the compat flows, recorded, against /openapi.json', () => {
  it('every request and response of the token, identity and data flows matches the document', async () => {
    const stop = record(server.url);
    try {
      const client = createClient({ modules: { items }, auth: OAuthStrategy({ clientId: 'recording-client' }) });
      client.auth.setTokens(await client.auth.generateVisitorTokens());
      const email = `rec-${Date.now()}@example.com`;
      expect((await client.auth.register({ email, password: 'a long passphrase 42' })).loginState).toBe('SUCCESS');
      expect((await client.auth.login({ email, password: 'a long passphrase 42' })).loginState).toBe('SUCCESS');
      expect((await client.auth.login({ email, password: 'wrong passphrase 42' })).loginState).toBe('FAILURE');
      expect(await client.auth.register({ email: 'not-an-email', password: 'a long passphrase 42' })).toMatchObject({
        errorCode: 'invalidEmail',
      });

      const inserted = await client.items.insert('Notes', {
        _id: 'n1',
        title: 'first',
        n: 1,
        when: new Date('2026-01-02T03:04:05Z'),
      });
      expect(inserted._id).toBe('n1');
      await client.items.save('Notes', { _id: 'n2', title: 'second', n: 2 });
      await client.items.update('Notes', { _id: 'n1', title: 'first, again', n: 10 });
      await client.items.patch('Notes', 'n2').incrementField('n', 5).run();
      expect((await client.items.get('Notes', 'n1'))?.title).toBe('first, again');
      expect(await client.items.get('Notes', 'nope')).toBeNull();
      const page = await client.items.query('Notes').ascending('n').limit(1).find();
      expect(page.items).toHaveLength(1);
      expect(await client.items.query('Notes').count()).toBe(2);
      await client.items.query('Notes').distinct('title');
      await client.items.bulkInsert('Notes', [
        { _id: 'n3', n: 3 },
        { _id: 'n4', n: 4 },
      ]);
      await client.items.remove('Notes', 'n3');
      await expect(client.items.insert('Notes', { _id: 'n1' })).rejects.toThrow();
      await expect(client.items.query('Missing').find()).rejects.toThrow();
    } finally {
      stop();
    }

    expect(await problemsOf(pairs)).toEqual([]);
  });

  it('every request and response of the Members API flows (@wix/members) matches the document', async () => {
    pairs.length = 0;
    const stop = record(server.url);
    try {
      const owner = createClient({
        modules: { members },
        auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: server.siteId }),
      });
      const email = `rec-members-${Date.now()}@example.com`;
      expect((await owner.members.queryMembers().eq('loginEmail', email).find()).items).toEqual([]);
      const created = await owner.members.createMember({ member: { loginEmail: email, status: 'PENDING' } });
      await expect(owner.members.createMember({ member: { loginEmail: email } })).rejects.toThrow();
      await owner.members.getMember(created._id!, { fieldsets: ['FULL'] });
      await owner.members.listMembers({ paging: { limit: 10 } });
      await owner.members.updateMember(created._id!, {
        profile: { nickname: 'Recorded' },
        contact: { firstName: 'Rec', phones: ['+33 1 23 45 67 89'], customFields: { size: { value: 42 } } },
      });
      await owner.members.updateMemberSlug(created._id!, `rec-${Date.now()}`);
      await owner.members.deleteMemberPhones(created._id!);
      await owner.members.approveMember(created._id!);
      const member = createClient({ modules: { members }, auth: OAuthStrategy({ clientId: 'recording-client' }) });
      member.auth.setTokens(await member.auth.generateVisitorTokens());
      await expect(member.members.createMember({ member: { loginEmail: `x${email}` } })).rejects.toThrow();
      member.auth.setTokens(await member.auth.getMemberTokensForExternalLogin(created._id!, API_KEY));
      await member.members.getCurrentMember({ fieldsets: ['FULL'] });
      await member.members.updateCurrentMemberSlug(`rec-mine-${Date.now()}`);
      await member.members.joinCommunity();
      await member.members.leaveCommunity();
      await owner.members.blockMember(created._id!);
      await owner.members.deleteMember(created._id!);
      await expect(owner.members.getMember(created._id!)).rejects.toThrow();
    } finally {
      stop();
    }
    const statuses = new Set(pairs.filter((p) => p.path.startsWith('/members/')).map((p) => p.status));
    expect([...statuses].sort()).toEqual([200, 403, 404, 409]);
    expect(await problemsOf(pairs)).toEqual([]);
  });
});

/** Each recorded pair checked against GET /openapi.json: request body, and the response of its status. */
async function problemsOf(recorded: Pair[]): Promise<string[]> {
  const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'https://vitrine.invalid/openapi.json', components: doc.components });
  const compile = (schema: object) =>
    ajv.compile(
      JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"https://vitrine.invalid/openapi.json#/components/'),
      ),
    );

  expect(recorded.length).toBeGreaterThan(15);
  // Successes and the error envelopes both: a not-found item, a duplicate id, a wrong password, a bad email.
  const statuses = new Set(recorded.map((p) => p.status));
  expect([...statuses].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(2);
  expect(statuses.has(200)).toBe(true);
  const problems: string[] = [];
  for (const pair of recorded) {
    const where = `${pair.method} ${pair.path} → ${pair.status}`;
    const operation = operationOf(doc, pair.method, pair.path);
    if (!operation) {
      problems.push(`${where}: not in the document`);
      continue;
    }
    const requestSchema = operation.requestBody?.content['application/json']?.schema;
    if (pair.requestBody !== undefined && requestSchema) {
      const validate = compile(requestSchema);
      if (!validate(pair.requestBody)) problems.push(`${where}: request ${ajv.errorsText(validate.errors)}`);
    }
    const schema = responseSchema(operation, pair.status);
    if (!schema) {
      problems.push(`${where}: no response schema for this status`);
      continue;
    }
    const validate = compile(schema);
    if (!validate(pair.responseBody))
      problems.push(
        `${where}: response ${ajv.errorsText(validate.errors)} in ${JSON.stringify(pair.responseBody).slice(0, 200)}`,
      );
  }
  return problems;
}
