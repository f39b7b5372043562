import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * Endpoints of the config file (`sites[].webhooks: [{id, url, secret, events}]`): delivered and signed
 * with the config's secret like run-time ones, listed by the admin API as `config`, changed only there.
 */
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
let server: TestServer;
let receiver: Receiver;
let call: ReturnType<typeof api>;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      webhooks: [{ id: 'crm', url: receiver.url, secret: SECRET, events: ['member.*'] }],
    }),
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 100 } }),
  });
  call = api(server.url);
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('webhook endpoints from the config file', () => {
  it('deliver the subscribed events signed with the configured secret, and only those', async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `config-hook-${Date.now()}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    expect(registered.body.state).toBe('SUCCESS');
    const memberId = registered.body.identity.id as string;
    expect(
      (
        await call('POST', '/wix-data/v2/items', {
          headers: admin(),
          body: { dataCollectionId: 'Products', dataItem: { data: { title: 'not subscribed' } } },
        })
      ).status,
    ).toBe(200);

    await receiver.waitFor((all) =>
      all.some((r) => r.json.type === 'member.created' && (r.json.data as { id?: string }).id === memberId),
    );
    const hit = receiver.received.find((r) => r.json.type === 'member.created')!;
    expect(new Webhook(SECRET).verify(hit.body, hit.headers)).toEqual(hit.json);
    expect(hit.json.data).toMatchObject({ id: memberId, email });
    // The item insert is not in `member.*`; give the loop a few passes to be sure it sends nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.every((r) => r.json.type.startsWith('member.'))).toBe(true);
  });

  it('are listed as from the config and refused to change or delete through the admin API', async () => {
    const listed = await call('GET', `/_admin/v1/webhooks?siteId=${server.siteId}`, { headers: admin() });
    expect(listed.status).toBe(200);
    const crm = (listed.body.webhooks as { id: string; source: string; url: string }[]).find((w) => w.id === 'crm');
    expect(crm).toMatchObject({ source: 'config', url: receiver.url });
    expect(JSON.stringify(listed.body)).not.toContain(SECRET.slice(6, 30));
    for (const [method, path, body] of [
      ['PATCH', '/_admin/v1/webhooks/crm', { siteId: server.siteId, enabled: false }],
      ['DELETE', `/_admin/v1/webhooks/crm?siteId=${server.siteId}`, undefined],
      ['POST', '/_admin/v1/webhooks/crm/rotate-secret', { siteId: server.siteId }],
    ] as const) {
      const res = await call(method, path, { headers: admin(), body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.details.applicationError.code).toBe('WEBHOOK_FROM_CONFIG');
    }
  });
});
