import { Secret, TOTP } from 'otpauth';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { api, visitorToken } from '../../test-support/identity-server.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { startReceiver, type Receiver } from '../../test-support/webhook-receiver.js';

/**
 * Every event type, end to end: real flows on a real server, delivered over HTTP to a real receiver,
 * each signature verified with the reference `standardwebhooks` package.
 */
let server: TestServer;
let receiver: Receiver;
let secret: string;
let call: ReturnType<typeof api>;
const admin = () => ({ authorization: `Bearer ${server.adminKey}` });

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    config: (c) => ({ ...c, webhooks: { allowPrivateNetworks: true, pollMs: 100 } }),
    // No delivery methods: the order event's total is its lines'.
    site: (s) => ({ ...s, shipping: undefined }),
  });
  call = api(server.url);
  const created = await call('POST', '/_admin/v1/webhooks', {
    headers: admin(),
    body: { siteId: server.siteId, url: receiver.url, events: ['*'] },
  });
  expect(created.status).toBe(201);
  secret = created.body.secret;
});

afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

function verified(type: string, match: (data: Record<string, unknown>) => boolean = () => true) {
  const hit = receiver.received.find((r) => r.json.type === type && match(r.json.data));
  expect(hit, `${type} delivered`).toBeDefined();
  // The reference verifier throws on a bad signature or a stale timestamp.
  expect(new Webhook(secret).verify(hit!.body, hit!.headers)).toEqual(hit!.json);
  expect(hit!.headers['webhook-id']).toBe(hit!.json.id);
  expect(hit!.json.siteId).toBe(server.siteId);
  expect(hit!.json.id).toMatch(/^evt_/);
  // No hashes or tokens in any payload.
  expect(hit!.body).not.toMatch(/argon2|passwordHash|password_hash|sessionToken|refresh/i);
  return hit!.json;
}

const typesFor = (memberId: string) =>
  receiver.received.filter((r) => (r.json.data as { id?: string }).id === memberId).map((r) => r.json.type);

describe('webhook events', () => {
  it('delivers every member event with the member as the admin API shows it', async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `hook-${Date.now()}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    expect(registered.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const memberId = registered.body.identity.id as string;

    const mail = await call('GET', `/_dev/mail.json?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(mail.body.messages[0].text)![1]!;
    const verifiedState = await call('POST', '/_api/iam/verification/v1/auth/verify', {
      token: visitor,
      body: { code, stateToken: registered.body.stateToken },
    });
    expect(verifiedState.body.state).toBe('SUCCESS');

    const login = await call('POST', '/_api/iam/authentication/v2/login', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    expect(login.body.state).toBe('SUCCESS');
    const session = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    const token = session.accessToken;
    expect(
      (await call('PATCH', '/_api/members/v1/members/my', { token, body: { profile: { nickname: 'Hooky' } } })).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/_api/iam/authentication/v2/change-password', {
          token,
          body: { newPassword: 'another long passphrase 2', currentPassword: 'a long passphrase 1' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('POST', '/_admin/v1/members/block', { headers: admin(), body: { siteId: server.siteId, email } }))
        .status,
    ).toBe(200);
    expect(
      (await call('POST', '/_admin/v1/members/approve', { headers: admin(), body: { siteId: server.siteId, email } }))
        .status,
    ).toBe(200);
    const second = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    expect((await call('GET', '/_api/iam/authentication/v1/logout', { token: second.accessToken })).status).toBe(200);

    await receiver.waitFor(() => typesFor(memberId).includes('member.signed_out'));
    expect(typesFor(memberId)).toEqual([
      'member.created',
      'member.email_verified',
      'member.signed_in',
      'member.signed_in',
      'member.updated',
      'member.password_changed',
      'member.blocked',
      'member.unblocked',
      'member.signed_out',
    ]);
    const created = verified('member.created', (d) => d.id === memberId);
    expect(created.identity).toEqual({ identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: expect.any(String) });
    expect(created.data).toEqual({
      id: memberId,
      email,
      status: 'ACTIVE',
      emailVerified: false,
      approved: true,
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
    expect(verified('member.email_verified', (d) => d.id === memberId).data).toMatchObject({ emailVerified: true });
    expect(verified('member.signed_in', (d) => d.id === memberId).identity).toEqual({
      identityType: 'MEMBER',
      memberId,
    });
    expect(verified('member.blocked', (d) => d.id === memberId).identity).toEqual({
      identityType: 'WIX_USER',
      wixUserId: 'admin',
    });
    expect(verified('member.unblocked', (d) => d.id === memberId).data).toMatchObject({ status: 'ACTIVE' });
    verified('member.password_changed', (d) => d.id === memberId);
    verified('member.signed_out', (d) => d.id === memberId);
    verified('member.updated', (d) => d.id === memberId);
  });

  it("fires member.blocked and member.unblocked from the console's per-member actions too", async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `console-${Date.now()}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    const memberId = registered.body.identity.id as string;
    for (const action of ['block', 'unblock']) {
      const res = await call('POST', `/_admin/v1/members/${memberId}/${action}`, {
        headers: admin(),
        body: { siteId: server.siteId },
      });
      expect(res.status, action).toBe(200);
    }
    await receiver.waitFor(() => typesFor(memberId).includes('member.unblocked'));
    expect(verified('member.blocked', (d) => d.id === memberId).identity).toEqual({
      identityType: 'WIX_USER',
      wixUserId: 'admin',
    });
    expect(verified('member.unblocked', (d) => d.id === memberId).data).toMatchObject({ status: 'ACTIVE' });
  });

  it('fires member.factor_added and member.factor_removed when a member manages an authenticator app', async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `factor-${Date.now()}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    const memberId = registered.body.identity.id as string;
    // A fresh session: factor changes need a sign-in within the last 10 minutes.
    const { accessToken: token } = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    const added = await call('POST', '/_api/iam/mfa/v1/factors', { token, body: { factorType: 'TOTP' } });
    expect(added.status).toBe(200);
    const code = new TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(added.body.totp.secret),
    }).generate();
    const factorId = added.body.factor.factorId as string;
    expect(
      (await call('POST', `/_api/iam/mfa/v1/factors/${factorId}/activate`, { token, body: { code } })).status,
    ).toBe(200);
    expect((await call('DELETE', `/_api/iam/mfa/v1/factors/${factorId}`, { token })).status).toBe(200);
    await receiver.waitFor(() => typesFor(memberId).includes('member.factor_removed'));
    expect(verified('member.factor_added', (d) => d.id === memberId).identity).toEqual({
      identityType: 'MEMBER',
      memberId,
    });
    verified('member.factor_removed', (d) => d.id === memberId);
    expect(
      receiver.received
        .filter((r) => r.json.type === 'member.factor_added' && (r.json.data as { id?: string }).id === memberId)
        .map((r) => r.body)
        .join(),
    ).not.toContain(added.body.totp.secret);
  });

  it('fires member.approved when an owner approves a waiting member', async () => {
    const visitor = await visitorToken(server.url, server.clientId);
    const email = `wait-${Date.now()}@example.com`;
    server.ctx.sites.get(server.siteId)!.policies.memberApproval = 'manual';
    try {
      const registered = await call('POST', '/_api/iam/authentication/v2/register', {
        token: visitor,
        body: { loginId: { email }, password: 'a long passphrase 1' },
      });
      const memberId = registered.body.identity.id as string;
      expect(
        (await call('POST', '/_admin/v1/members/approve', { headers: admin(), body: { siteId: server.siteId, email } }))
          .status,
      ).toBe(200);
      await receiver.waitFor(() => typesFor(memberId).includes('member.approved'));
      expect(verified('member.approved', (d) => d.id === memberId).data).toMatchObject({
        approved: true,
        status: 'ACTIVE',
      });
    } finally {
      server.ctx.sites.get(server.siteId)!.policies.memberApproval = 'auto';
    }
  });

  it('delivers item events (one per item in bulk writes) with the item as the data API shows it, and order.created', async () => {
    const key = { authorization: server.adminKey };
    const inserted = await call('POST', '/wix-data/v2/items', {
      headers: key,
      body: {
        dataCollectionId: 'Products',
        dataItem: { data: { _id: 'hook-p1', title: 'Hook', slug: 'hook', price: 5, stock: 3 } },
      },
    });
    expect(inserted.status).toBe(200);
    expect(
      (
        await call('POST', '/wix-data/v2/items/update', {
          headers: key,
          body: {
            dataCollectionId: 'Products',
            dataItem: { id: 'hook-p1', data: { _id: 'hook-p1', title: 'Hook 2', slug: 'hook', price: 5, stock: 3 } },
          },
        })
      ).status,
    ).toBe(200);
    const bulk = await call('POST', '/wix-data/v2/bulk/items/insert', {
      headers: key,
      body: {
        dataCollectionId: 'Products',
        dataItems: [1, 2, 3].map((n) => ({ data: { _id: `hook-b${n}`, title: `B${n}` } })),
      },
    });
    expect(bulk.body.bulkActionMetadata.totalSuccesses).toBe(3);
    expect(
      (
        await call('POST', '/wix-data/v2/items/remove', {
          headers: key,
          body: { dataCollectionId: 'Products', dataItemId: 'hook-b2' },
        })
      ).status,
    ).toBe(200);

    const visitor = await visitorToken(server.url, server.clientId);
    const email = `buyer-${Date.now()}@example.com`;
    const registered = await call('POST', '/_api/iam/authentication/v2/register', {
      token: visitor,
      body: { loginId: { email }, password: 'a long passphrase 1' },
    });
    const memberId = registered.body.identity.id as string;
    const { accessToken } = await server.ctx.db.transaction((tx) =>
      server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId }),
    );
    expect(
      (
        await call('POST', '/wix-data/v2/items', {
          token: accessToken,
          body: { dataCollectionId: 'Cart', dataItem: { data: { productId: 'hook-p1', quantity: 2 } } },
        })
      ).status,
    ).toBe(200);
    // An order of the commerce module, placed through the eCom wire.
    const shop = new CommerceKit(server);
    const hook = await shop.product({ name: 'Hook', variants: [{ price: 500, stock: 3 }] });
    const orderId = await shop.order(accessToken, hook, 2);

    await receiver.waitFor((all) => all.some((r) => r.json.type === 'order.created'));
    const itemIds = (type: string) =>
      receiver.received.filter((r) => r.json.type === type).map((r) => (r.json.data as { id: string }).id);
    expect(itemIds('item.inserted')).toEqual(expect.arrayContaining(['hook-p1', 'hook-b1', 'hook-b2', 'hook-b3']));
    expect(itemIds('item.updated')).toContain('hook-p1');
    expect(itemIds('item.removed')).toEqual(['hook-b2']);
    const insert = verified('item.inserted', (d) => d.id === 'hook-p1');
    expect(insert.identity).toEqual({ identityType: 'WIX_USER', wixUserId: 'admin' });
    expect(insert.data).toMatchObject({
      id: 'hook-p1',
      dataCollectionId: 'Products',
      data: { _id: 'hook-p1', title: 'Hook', price: 5 },
    });
    expect(verified('item.inserted', (d) => d.dataCollectionId === 'Cart').identity).toEqual({
      identityType: 'MEMBER',
      memberId,
    });
    const placed = verified('order.created');
    expect(placed.identity).toEqual({ identityType: 'MEMBER', memberId });
    expect(placed.data).toMatchObject({
      order: {
        id: orderId,
        buyer: { memberId },
        status: 'AWAITING_PAYMENT',
        subtotal: 1000,
        lines: [expect.objectContaining({ productId: hook, quantity: 2 })],
      },
    });
  });
});
