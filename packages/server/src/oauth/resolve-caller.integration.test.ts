import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './jwt.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/** Audit F-18 (`aud`), F-11 (key use in the event log) and issue #10 §1 (expired tokens stay refused). */
let server: TestServer;
let clock = Date.now();
const SECOND_CLIENT = 'second-client';

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    site: (s) => ({
      ...s,
      apiKeys: [...s.apiKeys, { name: 'backend', key: 'resolve-caller-site-key-0123456789' }],
      clients: [
        ...s.clients,
        { clientId: SECOND_CLIENT, redirectUris: [], allowedOrigins: [], refreshTokenRotation: true },
      ],
    }),
  });
});
afterAll(() => server?.close());

const query = (authorization: string) =>
  fetch(`${server.url}/wix-data/v2/items/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ dataCollectionId: 'Products', query: {} }),
  });

/** A token signed with the server's own key: only the claims under test differ from a genuine one. */
function signed(overrides: Record<string, unknown>): string {
  const iat = Math.floor(clock / 1000);
  const claims = {
    iss: server.ctx.config.publicUrl,
    sub: randomUUID(),
    aud: server.clientId,
    client_id: server.clientId,
    site: server.siteId,
    role: 'visitor' as const,
    iat,
    exp: iat + 600,
    jti: randomUUID(),
    ...overrides,
  };
  return signAccessToken(server.ctx.tokens.keys, claims as Parameters<typeof signAccessToken>[1]);
}

describe('access-token audience', () => {
  it('a genuine token of any client of the site is accepted', async () => {
    expect((await query(signed({}))).status).toBe(200);
    expect((await query(signed({ aud: SECOND_CLIENT, client_id: SECOND_CLIENT }))).status).toBe(200);
  });

  it('refuses an aud that is not the token’s client, and a client that is not the site’s', async () => {
    expect((await query(signed({ aud: SECOND_CLIENT }))).status).toBe(401);
    expect((await query(signed({ aud: 'gone', client_id: 'gone' }))).status).toBe(401);
    expect((await query(signed({ site: 'another-site' }))).status).toBe(401);
  });
});

describe('an expired token stays refused, ended session or not', () => {
  it('answers 401 on login and public data once it has expired', async () => {
    const token = signed({ role: 'member', sid: randomUUID() });
    const login = () =>
      fetch(`${server.url}/_api/iam/authentication/v2/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ loginId: { email: 'nobody@example.com' }, password: 'not the password 123' }),
      });
    // Unexpired, session unknown (ended): a signed-out caller of its site.
    expect((await login()).status).toBe(400);
    expect((await query(token)).status).toBe(200);
    clock += 601_000;
    try {
      const res = await login();
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(/expired/);
      expect((await query(token)).status).toBe(401);
    } finally {
      clock -= 601_000;
    }
  });
});

describe('API-key and admin-key use is in the authentication event log', () => {
  it('records the key name, never the key, at most once a minute per key and address', async () => {
    for (let i = 0; i < 3; i++) expect((await query(',resolve-caller-site-key-0123456789')).status).toBe(200);
    const admin = await fetch(`${server.url}/_admin/v1/members?siteId=${server.siteId}`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(admin.status).toBe(200);
    const keyEvents = await server.ctx.authEvents.list(server.siteId, { type: 'api_key_used' });
    expect(keyEvents).toHaveLength(1);
    expect(keyEvents[0]).toMatchObject({
      outcome: 'success',
      ip: '127.0.0.1',
      detail: { keyName: 'backend', path: '/wix-data/v2/items/query' },
    });
    const adminEvents = await server.ctx.authEvents.list(server.siteId, { type: 'admin_key_used' });
    expect(adminEvents).toHaveLength(1);
    const stored = JSON.stringify(await server.ctx.authEvents.list(server.siteId));
    expect(stored).not.toContain('resolve-caller-site-key');
    expect(stored).not.toContain(server.adminKey);

    const listed = await fetch(`${server.url}/_admin/v1/auth-events?siteId=${server.siteId}&type=api_key_used`, {
      headers: { authorization: `Bearer ${server.adminKey}` },
    });
    expect(listed.status).toBe(200);
    expect((await listed.json()).events).toHaveLength(1);
  });
});
