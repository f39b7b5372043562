import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../test-support/commerce-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Answers carrying personal data say `Cache-Control: no-store` (routes with `config: NO_STORE`, no-store.ts), so
 * no browser or shared cache keeps a member's profile, an order or a cart: the member's own views, the Members
 * API, the eCom order and current cart, the payment view of an order. Their refusals too; other answers do not.
 */
let server: TestServer;
let shop: CommerceKit;
beforeAll(async () => {
  server = await startTestServer();
  shop = new CommerceKit(server);
});
afterAll(() => server?.close());

const cacheControl = async (
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<[number, string | null]> => {
  const res = await shop.call(method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
  return [res.status, res.headers.get('cache-control')];
};

describe('Cache-Control: no-store on personal data', () => {
  it('the member views and the Members API', async () => {
    const member = await shop.member();
    const visitor = await shop.visitor();
    const cases: [string, string, string | undefined, number, unknown?][] = [
      ['GET', '/_api/members/v1/members/my', member.token, 200],
      ['PATCH', '/_api/members/v1/members/my', member.token, 200, { profile: { firstName: 'Ada' } }],
      ['GET', '/members/v1/members/my?fieldsets=FULL', member.token, 200],
      ['GET', `/members/v1/members/${member.memberId}?fieldsets=FULL`, server.adminKey, 200],
      ['POST', '/members/v1/members/query', server.adminKey, 200, { fieldsets: ['FULL'] }],
      [
        'PATCH',
        `/members/v1/members/${member.memberId}`,
        member.token,
        200,
        { member: { contact: { firstName: 'A' } } },
      ],
      // A refusal too: the header does not depend on the outcome.
      ['GET', '/members/v1/members/my', visitor, 401],
    ];
    for (const [method, path, token, status, body] of cases)
      expect([method, path, ...(await cacheControl(method, path, token, body))]).toEqual([
        method,
        path,
        status,
        'no-store',
      ]);
  });

  it("the eCom order, the order's payments and the current cart", async () => {
    const buyer = await shop.member();
    const orderId = await shop.order(buyer.token, await shop.product());
    for (const path of [
      `/ecom/v1/orders/${orderId}`,
      `/_api/vitrine/v1/payments/orders/${orderId}`,
      '/ecom/v1/carts/current?orNone=true',
    ])
      expect([path, ...(await cacheControl('GET', path, buyer.token))]).toEqual([path, 200, 'no-store']);
  });

  it('not on answers without personal data', async () => {
    const [status, header] = await cacheControl('GET', '/healthz', undefined);
    expect(status).toBe(200);
    expect(header).not.toBe('no-store');
  });
});
