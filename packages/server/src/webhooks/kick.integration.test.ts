import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * The delivery loop is kicked after every response whose request emitted events (webhooks/index.ts).
 * That hook sits on the root instance, and Fastify copies a root's hooks into a plugin when the plugin
 * loads: a hook added later never reaches the plugin's routes. With a one-minute poll, each delivery
 * below can only come from the kick, so each proves the hook runs for the routes of one plugin.
 */
const POLL_MS = 60_000;
let server: TestServer;
let receiver: Receiver;
let call: ReturnType<typeof api>;
let webhookId: string;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'manual', captcha: 'off' },
    }),
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: POLL_MS } }),
  });
  call = api(server.url);
  const created = await call('POST', '/_admin/v1/webhooks', {
    headers: admin(),
    body: { siteId: server.siteId, url: receiver.url, events: ['*'] },
  });
  expect(created.status).toBe(201);
  webhookId = created.body.webhook.id as string;
  // The loop's first pass runs when it starts; from here on only a kick (or a minute) delivers.
  await new Promise((resolve) => setTimeout(resolve, 200));
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** Runs `act` and resolves with how long the matching event took to arrive after its response. */
async function deliveredAfter(
  act: () => Promise<void>,
  match: (type: string, data: Record<string, unknown>) => boolean,
): Promise<number> {
  await act();
  const answered = Date.now();
  await receiver.waitFor((all) => all.some((r) => match(r.json.type, r.json.data)), 5_000);
  return Date.now() - answered;
}

describe('the webhook kick after a response', () => {
  it('fires for a route of the webhooks admin plugin (a test event)', async () => {
    const ms = await deliveredAfter(
      async () =>
        void expect(
          (
            await call('POST', `/_admin/v1/webhooks/${webhookId}/test`, {
              headers: admin(),
              body: { siteId: server.siteId },
            })
          ).status,
        ).toBe(200),
      (type) => type === 'webhook.test',
    );
    expect(ms).toBeLessThan(2_000);
  });

  it('fires for routes of the identity and members admin plugins (register, then approve)', async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `kick-${Date.now()}@example.com`;
    let memberId = '';
    const created = await deliveredAfter(
      async () => {
        const registered = await call('POST', '/_api/iam/authentication/v2/register', {
          token: visitor,
          body: { loginId: { email }, password: 'a long passphrase 1' },
        });
        expect(registered.status).toBe(200);
        memberId = registered.body.identity.id as string;
      },
      (type, data) => type === 'member.created' && data.id === memberId,
    );
    expect(created).toBeLessThan(2_000);
    const approved = await deliveredAfter(
      async () =>
        void expect(
          (
            await call('POST', '/_admin/v1/members/approve', {
              headers: admin(),
              body: { siteId: server.siteId, email },
            })
          ).status,
        ).toBe(200),
      (type, data) => type === 'member.approved' && data.id === memberId,
    );
    expect(approved).toBeLessThan(2_000);
  });

  it('fires for a route of the data plugin (an item insert)', async () => {
    const title = `kick-${Date.now()}`;
    const ms = await deliveredAfter(
      async () =>
        void expect(
          (
            await call('POST', '/wix-data/v2/items', {
              headers: admin(),
              body: { dataCollectionId: 'Products', dataItem: { data: { title } } },
            })
          ).status,
        ).toBe(200),
      (type, data) => type === 'item.inserted' && JSON.stringify(data).includes(title),
    );
    expect(ms).toBeLessThan(2_000);
  });
});
