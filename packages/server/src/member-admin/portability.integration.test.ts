import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { api, startIdentityServer, visitorToken, type IdentityTestServer } from '../../test-support/identity-server.js';

let server: IdentityTestServer;
let call: ReturnType<typeof api>;
let shop: CommerceKit;
let mug: string;
beforeAll(async () => {
  server = await startIdentityServer({
    site: (s) => ({
      ...s,
      policies: { ...s.policies, emailVerification: 'off', memberApproval: 'auto', captcha: 'off' },
      // A collection of the site's own that members write (a wish list): their items are theirs to download.
      collections: [
        ...s.collections.filter((c) => c.id !== 'Wishlist'),
        {
          id: 'Wishlist',
          permissions: { read: 'AUTHOR', insert: 'AUTHOR', update: 'AUTHOR', remove: 'AUTHOR' },
          seed: [],
        },
      ],
    }),
  });
  call = api(server.url);
  shop = new CommerceKit(server);
  mug = await shop.product({ name: 'Mug', variants: [{ price: 1200, stock: 100, sku: 'MUG' }] });
});
afterAll(() => server.close());

async function member(tag: string) {
  const visitor = await visitorToken(server.url, server.clientId);
  const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await call('POST', '/_api/iam/authentication/v2/register', {
    token: visitor,
    body: { loginId: { email }, password: 'a long passphrase 1', profile: { firstName: tag } },
  });
  expect(reg.status).toBe(200);
  const id = reg.body.identity.id as string;
  const session = await server.ctx.db.transaction((tx) =>
    server.ctx.tokens.createMemberSession(tx, { siteId: server.siteId, clientId: server.clientId, memberId: id }),
  );
  const token = session.accessToken as string;
  const added = await call('POST', '/wix-data/v2/items', {
    token,
    body: { dataCollectionId: 'Wishlist', dataItem: { data: { sku: `${tag}-sku`, qty: 2 } } },
  });
  expect(added.status).toBe(200);
  await server.ctx.db.query(
    `insert into sso_identities (site_id, issuer, subject, member_id, idp_connection_id, email, created_at, last_used_at)
     values ($1, 'https://accounts.google.com', $2, $3, 'google', $4, now(), now())`,
    [server.siteId, `sub-${tag}`, id, email],
  );
  return { email, id, token };
}

describe('a member’s own data (portability)', () => {
  it('the member downloads profile, sessions, sign-in methods, links and own items — no secret, nobody else’s', async () => {
    const ann = await member('ann');
    const ben = await member('ben');
    // Orders of the commerce module: ann's own, and one ben placed, which is not hers.
    const annOrder = await shop.order(ann.token, mug, 2);
    await shop.order(ben.token, mug, 1);
    expect((await call('GET', '/_api/vitrine/v1/members/my/data')).status).toBe(401);
    const res = await call('GET', '/_api/vitrine/v1/members/my/data', { token: ann.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    expect(res.body.member).toMatchObject({ id: ann.id, email: ann.email, profile: { firstName: 'ann' } });
    expect(res.body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(res.body.signInMethods).toMatchObject({
      password: true,
      factors: [],
      providerLinks: [{ issuer: 'https://accounts.google.com', subject: 'sub-ann', connection: 'google' }],
    });
    expect(res.body.items.Wishlist).toEqual([expect.objectContaining({ sku: 'ann-sku', qty: 2 })]);
    expect(res.body.itemsTruncated).toBe(false);
    expect(res.body.orders).toEqual([
      expect.objectContaining({
        id: annOrder,
        buyer: expect.objectContaining({ memberId: ann.id, email: ann.email }),
        lines: [expect.objectContaining({ name: 'Mug', sku: 'MUG', quantity: 2, subtotal: 2400 })],
      }),
    ]);
    expect(res.body.ordersTruncated).toBe(false);
    expect(res.text).not.toContain(ben.email);
    expect(res.text).not.toContain('ben-sku');
    expect(res.text).not.toContain('$argon2');
  });

  it('an owner downloads the same for a member; others are refused', async () => {
    const cid = await member('cid');
    const path = `/_admin/v1/members/${cid.id}/data?siteId=${server.siteId}`;
    expect((await call('GET', path, { token: cid.token })).status).toBe(401);
    const res = await call('GET', path, { headers: { authorization: `Bearer ${server.adminKey}` } });
    expect(res.status).toBe(200);
    expect(res.body.member.email).toBe(cid.email);
    expect(res.body.items.Wishlist).toHaveLength(1);
    const missing = await call(
      'GET',
      `/_admin/v1/members/00000000-0000-4000-8000-000000000000/data?siteId=${server.siteId}`,
      {
        headers: { authorization: `Bearer ${server.adminKey}` },
      },
    );
    expect(missing.status).toBe(404);
  });
});
