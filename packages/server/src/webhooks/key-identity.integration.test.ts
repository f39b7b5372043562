import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * `identity` of member events caused through the admin API by an API key: the key as an app (`APP`,
 * `appId` = the key's name) whether it lives in the config or was made in the console (database), and
 * the server's admin key as the owner. The identity comes from the caller already resolved for the
 * request, so a config key that happens to be named "admin" is still an app.
 */
const CONFIG_KEY = 'config-key-named-admin-0123456789abcdef';
let server: TestServer;
let receiver: Receiver;
let secret: string;
let call: ReturnType<typeof api>;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 100 } }),
    site: (s) => ({
      ...s,
      apiKeys: [{ name: 'admin', key: CONFIG_KEY }],
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
    }),
  });
  call = api(server.url);
  const created = await call('POST', '/_admin/v1/webhooks', {
    headers: bearer(server.adminKey),
    body: { siteId: server.siteId, url: receiver.url, events: ['member.*'] },
  });
  expect(created.status).toBe(201);
  secret = created.body.secret;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

async function newMember(): Promise<{ id: string; email: string }> {
  const visitor = await visitorToken(server.url, server.clientId);
  const email = `key-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'a long passphrase 1' },
  });
  expect(registered.body.state).toBe('SUCCESS');
  return { id: registered.body.identity.id as string, email };
}

async function identityOfEvent(type: string, memberId: string) {
  const [hit] = await receiver.waitFor((all) =>
    all.some((r) => r.json.type === type && (r.json.data as { id?: string }).id === memberId),
  );
  const event = receiver.received.find(
    (r) => r.json.type === type && (r.json.data as { id?: string }).id === memberId,
  )!;
  expect(hit).toBeDefined();
  expect(new Webhook(secret).verify(event.body, event.headers)).toEqual(event.json);
  return event.json.identity;
}

describe('identity of member events caused with an API key', () => {
  it('a key made in the console (database) is APP with its name, for per-member actions, approve/block by email and delete', async () => {
    const made = await call('POST', '/_admin/v1/api-keys', {
      headers: bearer(server.adminKey),
      body: { siteId: server.siteId, name: 'crm sync' },
    });
    expect(made.status).toBe(200);
    const key = made.body.key as string;
    const app = { identityType: 'APP', appId: 'crm sync' };

    const first = await newMember();
    expect(
      (
        await call('POST', `/_admin/v1/members/${first.id}/block`, {
          headers: bearer(key),
          body: { siteId: server.siteId },
        })
      ).status,
    ).toBe(200);
    expect(await identityOfEvent('member.blocked', first.id)).toEqual(app);
    expect(
      (
        await call('POST', '/_admin/v1/members/approve', {
          headers: bearer(key),
          body: { siteId: server.siteId, email: first.email },
        })
      ).status,
    ).toBe(200);
    expect(await identityOfEvent('member.unblocked', first.id)).toEqual(app);

    const second = await newMember();
    expect(
      (
        await call('DELETE', `/_admin/v1/members/${second.id}`, {
          headers: bearer(key),
          body: { siteId: server.siteId },
        })
      ).status,
    ).toBe(200);
    expect(await identityOfEvent('member.deleted', second.id)).toEqual(app);
  });

  it('a config key named "admin" is an app too; only the server admin key is the owner', async () => {
    const member = await newMember();
    expect(
      (
        await call('POST', `/_admin/v1/members/${member.id}/block`, {
          headers: bearer(CONFIG_KEY),
          body: { siteId: server.siteId },
        })
      ).status,
    ).toBe(200);
    expect(await identityOfEvent('member.blocked', member.id)).toEqual({ identityType: 'APP', appId: 'admin' });
    expect(
      (
        await call('POST', `/_admin/v1/members/${member.id}/unblock`, {
          headers: bearer(server.adminKey),
          body: { siteId: server.siteId },
        })
      ).status,
    ).toBe(200);
    expect(await identityOfEvent('member.unblocked', member.id)).toEqual({
      identityType: 'WIX_USER',
      wixUserId: 'admin',
    });
  });
});
