/**
 * Guest orders joining the account of their address (guest-orders.ts), through the real sign-in: the code grant
 * after a hosted page with the member's session token, as the storefront signs in. Never on an unverified address;
 * another member never gets them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { APP, Kit, pkce, postedMessage } from '../../../test-support/redirect-kit.js';

let kit: Kit;
let shop: CommerceKit;
let mug: string;

beforeAll(async () => {
  kit = await Kit.start(undefined, (s) => ({ ...s, shop: { ...s.shop, maxOpenUnpaidOrders: 100 } }));
  shop = new CommerceKit(kit.server);
  mug = await shop.product({ name: 'Mug', variants: [{ price: 1200, stock: 50 }] });
}, 60_000);
afterAll(() => kit?.server.close());

/** Member tokens the way the storefront gets them: a session token, prompt none, the code exchanged. */
async function signIn(m: { sessionToken: string; visitor: { access_token: string } }): Promise<string> {
  const p = pkce();
  const request = kit.authRequest(
    p,
    { responseMode: 'web_message', redirectUri: undefined, sessionToken: m.sessionToken },
    'none',
  );
  const { body } = await kit.redirectSession(request, m.visitor.access_token);
  const { code } = postedMessage(await (await kit.open(body.redirectSession.fullUrl)).text());
  const res = await kit.post('/oauth2/token', {
    clientId: APP.clientId,
    grantType: 'authorization_code',
    code,
    codeVerifier: p.verifier,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const ordersOf = async (token: string) => {
  const res = await shop.call('POST', '/ecom/v1/orders/search', { token, body: { search: {} } });
  expect(res.status).toBe(200);
  return (res.body.orders as { id: string }[]).map((o) => o.id);
};
const verify = (memberId: string) =>
  kit.server.ctx.db.query('update members set email_verified = true where site_id = $1 and id = $2', [
    kit.server.siteId,
    memberId,
  ]);

describe('guest orders join the account of their address', () => {
  it('at sign-in once the address is verified, never before, and never another member’s', async () => {
    const email = `later-${randomBytes(4).toString('hex')}@example.com`;
    const guest = await shop.visitor();
    // The email key matches whatever the case the guest typed.
    const orderId = await shop.order(guest, mug, 1, { email: email.toUpperCase() });

    const m = await kit.member(email);
    const unverified = await signIn(m);
    expect(await ordersOf(unverified)).toEqual([]);
    expect((await shop.call('GET', `/ecom/v1/orders/${orderId}`, { token: unverified })).status).toBe(404);

    await verify(m.memberId);
    const verified = await signIn({
      sessionToken: await kit.sessionToken(email, m.password),
      visitor: await kit.visitor(),
    });
    expect(await ordersOf(verified)).toEqual([orderId]);
    const one = await shop.call('GET', `/ecom/v1/orders/${orderId}`, { token: verified });
    expect(one.status).toBe(200);
    expect(one.body.order.buyerInfo).toMatchObject({ memberId: m.memberId, email: email.toUpperCase() });

    // Another member with a verified address of their own never gets it.
    const stranger = await kit.member();
    await verify(stranger.memberId);
    expect(await ordersOf(await signIn(stranger))).toEqual([]);
  });
});
