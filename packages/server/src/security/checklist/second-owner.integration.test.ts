/**
 * Issue #48, "done when": a second owner on the same server, with every console role, reaches nothing of the
 * server's or another site's. One server runs two shops (`demo`, with a private collection, and `other`);
 * an owner, an editor and a support person run `other` only. Each is tried on every admin route the
 * server documents (so a route added later is tried too) against the demo shop, and on the audit's V5-1
 * vectors against their own shop; the server's admin key and key-encryption key must appear nowhere.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, type ConsoleClient } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

const ROLES = ['owner', 'editor', 'support'] as const;
const KEK = 'k'.repeat(43) + '=';
const SECRET_ITEM = 'DEMO-PRIVATE-VALUE-7f3a';

let server: TestServer;
const clients = new Map<string, ConsoleClient>();

/** Every documented admin GET route without path parameters that takes the site in its query. */
async function siteScopedReads(): Promise<string[]> {
  type Operation = { parameters?: { in: string; name: string }[] };
  const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(spec.paths)
    .filter(([path, ops]) => path.startsWith('/_admin/') && !path.includes('{') && ops.get)
    .filter(([, ops]) => ops.get!.parameters?.some((p) => p.in === 'query' && p.name === 'siteId'))
    .map(([path]) => path);
}

beforeAll(async () => {
  vi.stubEnv('VITRINE_KEY_ENCRYPTION_KEY_PROBE', KEK);
  server = await startTestServer({
    config: (c) => {
      const demo = c.sites[0]!;
      const privateCollection = {
        id: 'Secrets',
        permissions: { read: 'ADMIN', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
        seed: [{ _id: 'one', value: SECRET_ITEM }],
      } as (typeof demo.collections)[number];
      const other = {
        ...demo,
        id: 'other',
        name: 'Other shop',
        apiKeys: [],
        clients: [{ ...demo.clients[0]!, clientId: 'other-client' }],
      };
      return { ...c, sites: [{ ...demo, collections: [...demo.collections, privateCollection] }, other] };
    },
  });
  for (const role of ROLES)
    clients.set(role, await signedIn(server, `other-${role}@example.com`, role, 'console password 1', ['other']));
}, 90_000);

afterAll(async () => {
  await server?.close();
  vi.unstubAllEnvs();
});

describe('a second owner, in every role, on the same server', () => {
  it('reads nothing of another shop on any documented admin route, the private collection included', async () => {
    const paths = await siteScopedReads();
    expect(paths).toEqual(
      expect.arrayContaining(['/_admin/v1/members', '/_admin/v1/settings', '/_admin/v1/commerce/orders']),
    );
    for (const role of ROLES) {
      const client = clients.get(role)!;
      for (const path of paths) {
        const res = await client.call('GET', `${path}?siteId=${server.siteId}`);
        expect([401, 403, 404], `${role} GET ${path}`).toContain(res.status);
        expect(JSON.stringify(res.body ?? ''), `${role} GET ${path}`).not.toContain(SECRET_ITEM);
      }
      const query = await client.call('POST', `/_admin/v1/collections/Secrets/query?siteId=${server.siteId}`, {
        siteId: server.siteId,
      });
      expect([403, 404], role).toContain(query.status);
      expect(JSON.stringify(query.body ?? '')).not.toContain(SECRET_ITEM);
    }
    // The shop's own owner does read it: the refusals above are about the site, not a broken route.
    const admin = await fetch(`${server.url}/_admin/v1/collections/Secrets/query?siteId=${server.siteId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: server.siteId }),
    });
    expect(await admin.text()).toContain(SECRET_ITEM);
  });

  it("cannot make the server send or show its own secrets through its own shop's settings (V5-1)", async () => {
    const vectors: Record<string, unknown>[] = [
      {
        'phone.provider': 'twilio',
        'phone.accountSid': 'AC0123456789abcdef0123456789abcdef',
        'phone.authTokenEnv': 'VITRINE_ADMIN_KEY',
        'phone.from': '+14155550100',
        'phone.apiBaseUrl': 'http://127.0.0.1:9',
      },
      { 'phone.authTokenEnv': 'VITRINE_KEY_ENCRYPTION_KEY_PROBE' },
      {
        'identityProviders[corp]': {
          type: 'oidc',
          issuer: 'http://localhost:9',
          clientId: 'vitrine',
          clientSecretEnv: 'VITRINE_KEY_ENCRYPTION_KEY_PROBE',
        },
      },
      { 'policies.recaptcha': { secret: 'owner-chosen', verifyUrl: 'http://127.0.0.1:9/internal' } },
    ];
    for (const role of ROLES) {
      const client = clients.get(role)!;
      for (const changes of vectors) {
        const res = await client.call('PATCH', '/_admin/v1/site-settings', { siteId: 'other', changes });
        expect(res.status, `${role} ${Object.keys(changes).join(',')}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      const shown = await client.call('GET', '/_admin/v1/site-settings?siteId=other');
      const text = JSON.stringify(shown.body ?? '');
      expect(text).not.toContain(server.adminKey);
      expect(text).not.toContain(KEK);
    }
    const running = JSON.stringify(server.ctx.sites.get('other'));
    expect(running).not.toContain(server.adminKey);
    expect(running).not.toContain(KEK);
    // Server-wide powers stay the admin key's: taking and downloading backups (which hold every shop), and
    // signing keys. Owners see only when the last backup ran (the console's overview).
    const taken = await fetch(`${server.url}/_admin/v1/backups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const { backup } = (await taken.json()) as { backup: { name: string } };
    for (const role of ROLES) {
      const client = clients.get(role)!;
      expect((await client.call('POST', '/_admin/v1/backups', {})).status, role).toBe(401);
      expect((await client.call('GET', `/_admin/v1/backups/${backup.name}`)).status, role).toBe(401);
      expect((await client.call('GET', '/_admin/v1/keys')).status, role).toBe(401);
      expect((await client.call('POST', '/_admin/v1/keys/rotate', {})).status, role).toBe(401);
    }
  });
});
