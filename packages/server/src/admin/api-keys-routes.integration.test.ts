import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type VitrineApp } from '../../test-support/boot.js';
import {
  consoleClient,
  signedIn,
  startTestServer,
  type ConsoleClient,
  type TestServer,
} from '../../test-support/index.js';

/** API keys made in the console: stored hashed, good everywhere a site API key is, revoked at once everywhere. */
const CONFIG_KEY = 'config-file-key-0123456789abcdefghij';
let server: TestServer;
let owner: ConsoleClient;
let second: VitrineApp;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer({
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'backend', key: CONFIG_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  owner = await signedIn(server, 'keys-owner@example.com', 'owner');
  // A second instance on the same database, as behind a load balancer.
  second = await createApp({ config: server.ctx.config, db: server.ctx.db, logLevel: 'silent', mailDelivery: false });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  await second?.app.close();
  await server?.close();
});

const keysPath = () => `/_admin/v1/api-keys?siteId=${server.siteId}`;

async function activeMember(): Promise<string> {
  const visitor = (await (
    await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: server.clientId, grantType: 'anonymous' }),
    })
  ).json()) as { access_token: string };
  const res = await fetch(`${server.url}/_api/iam/authentication/v2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: visitor.access_token },
    body: JSON.stringify({
      loginId: { email: `m-${Math.random().toString(36).slice(2)}@example.com` },
      password: 'correct horse battery',
    }),
  });
  const body = (await res.json()) as { state: string; identity: { id: string } };
  expect(body.state).toBe('SUCCESS');
  return body.identity.id;
}

/** External login (authorized_client) with the key, on either instance. */
const externalLogin = (base: string, key: string, memberId: string) =>
  fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `,${key}` },
    body: JSON.stringify({ grant_type: 'authorized_client', member_id: memberId }),
  });

const dataInsert = (base: string, key: string) =>
  fetch(`${base}/wix-data/v2/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: key },
    body: JSON.stringify({ dataCollectionId: 'Products', dataItem: { data: { title: 'Made with a console key' } } }),
  });

describe('API keys in the database', () => {
  it('an owner makes a key, shown once; it works for external login and the data API on every instance; revoking it refuses it at once everywhere', async () => {
    const created = await owner.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: 'nightly import' });
    expect(created.status).toBe(200);
    const key = created.body.key as string;
    expect(key).toMatch(/^vk_[A-Za-z0-9_-]{43}$/);
    expect(created.body.apiKey).toMatchObject({ name: 'nightly import', source: 'database', lastUsedDate: null });
    const stored = await server.ctx.db.query<{ key_hash: Buffer }>('select key_hash from api_keys where name = $1', [
      'nightly import',
    ]);
    expect(Buffer.from(stored.rows[0]!.key_hash).toString('utf8')).not.toContain(key.slice(3, 20));

    const listed = await owner.call('GET', keysPath());
    expect(listed.body.apiKeys.map((k: { name: string; source: string }) => `${k.source}:${k.name}`)).toEqual([
      'database:nightly import',
      'config:backend',
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    const memberId = await activeMember();
    for (const base of [server.url, secondUrl]) {
      const granted = await externalLogin(base, key, memberId);
      expect(granted.status).toBe(200);
      // A member access token (a JWT) for that member.
      const { access_token } = (await granted.json()) as { access_token: string };
      const [, payload] = access_token.split('.');
      expect(JSON.parse(Buffer.from(payload!, 'base64url').toString())).toMatchObject({
        sub: memberId,
        role: 'member',
      });
      expect((await dataInsert(base, key)).status).toBe(200);
    }
    const used = await owner.call('GET', keysPath());
    expect(used.body.apiKeys[0].lastUsedDate).not.toBeNull();

    const revoked = await owner.call('POST', `/_admin/v1/api-keys/${created.body.apiKey.id}/revoke`, {
      siteId: server.siteId,
    });
    expect(revoked.status).toBe(200);
    for (const base of [secondUrl, server.url]) {
      const refused = await externalLogin(base, key, memberId);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
      const data = await dataInsert(base, key);
      expect(data.status).toBe(401);
      // A bare key that matches nothing is read as a (bad) access token: 401 either way, nothing written.
      expect(
        ((await data.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code,
      ).toMatch(/^INVALID_(TOKEN|API_KEY)$/);
    }
    expect((await owner.call('GET', keysPath())).body.apiKeys.map((k: { name: string }) => k.name)).toEqual([
      'backend',
    ]);

    await server.ctx.authEvents.flush();
    const events = await server.ctx.authEvents.list(server.siteId, { type: 'owner_action' });
    const actions = events.map(
      (e) => `${String(e.detail.action)}:${String(e.detail.keyName)}:${String(e.detail.identityType)}`,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['api_key_created:nightly import:WIX_USER', 'api_key_revoked:nightly import:WIX_USER']),
    );
    const uses = await server.ctx.authEvents.list(server.siteId, { type: 'api_key_used' });
    expect(uses.some((e) => e.detail.keyName === 'nightly import')).toBe(true);
  });

  it('only the owner role (or the server admin key) manages keys; editors, support and site keys are refused', async () => {
    for (const role of ['editor', 'support']) {
      const other = await signedIn(server, `keys-${role}@example.com`, role);
      const refused = await other.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: `by ${role}` });
      expect(refused.status).toBe(403);
      expect(refused.body.details.applicationError.code).toBe('OWNER_ROLE_REFUSED');
      expect((await other.call('GET', keysPath())).status).toBe(403);
    }
    const bySiteKey = await fetch(`${server.url}/_admin/v1/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${CONFIG_KEY}` },
      body: JSON.stringify({ siteId: server.siteId, name: 'minted by a key' }),
    });
    expect(bySiteKey.status).toBe(401);
    const byAdmin = await fetch(`${server.url}/_admin/v1/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminKey}` },
      body: JSON.stringify({ siteId: server.siteId, name: 'script key' }),
    });
    expect(byAdmin.status).toBe(200);
    expect(((await byAdmin.json()) as { key: string }).key).toMatch(/^vk_/);
  });

  it('clear refusals: a missing or taken name, an unknown key, a change without the CSRF value', async () => {
    const missing = await owner.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.validationError.fieldViolations[0]).toMatchObject({
      field: 'name',
      description: 'is required',
    });
    const configName = await owner.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: 'backend' });
    expect(configName.status).toBe(400);
    expect((await owner.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: 'twice' })).status).toBe(
      200,
    );
    const taken = await owner.call('POST', '/_admin/v1/api-keys', { siteId: server.siteId, name: 'twice' });
    expect(taken.status).toBe(400);
    expect(taken.body.details.applicationError.code).toBe('API_KEY_NAME_TAKEN');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const unknown = await owner.call('POST', `/_admin/v1/api-keys/${id}/revoke`, { siteId: server.siteId });
      expect(unknown.status).toBe(404);
      expect(unknown.body.details.applicationError.code).toBe('API_KEY_NOT_FOUND');
    }
    const noCsrf = await owner.call(
      'POST',
      '/_admin/v1/api-keys',
      { siteId: server.siteId, name: 'forged' },
      { csrf: null },
    );
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.details.applicationError.code).toBe('CSRF_REJECTED');
    const signedOut = await consoleClient(server.url).call('GET', keysPath());
    expect(signedOut.status).toBe(401);
  });
});
