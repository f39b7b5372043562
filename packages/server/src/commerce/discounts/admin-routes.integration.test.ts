/** Discount codes over the admin API: who may change them, what is refused, and that shoppers see the change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { signedIn } from '../../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../../test-support/server.js';

let server: TestServer;
let kit: CommerceKit;

beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, shop: { ...s.shop, currency: 'JPY' } }) });
  kit = new CommerceKit(server);
});

afterAll(async () => {
  await server?.close();
});

const PATH = '/_admin/v1/commerce/discounts';

describe('the discount codes admin API', () => {
  it('lets owners and editors create, change and delete codes, and every role read them', async () => {
    const editor = await signedIn(server, `editor-${Date.now()}@example.com`, 'editor');
    const support = await signedIn(server, `support-${Date.now()}@example.com`, 'support');
    const siteId = server.siteId;
    const created = await editor.call('POST', PATH, {
      siteId,
      code: 'yen500',
      kind: 'amount',
      value: 500,
      usageLimit: 3,
    });
    expect(created.status).toBe(200);
    expect(created.body.discount).toMatchObject({
      code: 'YEN500',
      kind: 'amount',
      value: 500,
      currency: 'JPY',
      used: 0,
      active: true,
    });
    const again = await editor.call('POST', PATH, { siteId, code: 'Yen500', kind: 'percentage', value: 5 });
    expect([again.status, again.body.details.applicationError.code]).toEqual([409, 'DISCOUNT_CODE_EXISTS']);
    const bad = await editor.call('POST', PATH, { siteId, code: 'HALF', kind: 'percentage', value: 150 });
    expect(bad.body.details.validationError.fieldViolations[0].field).toBe('value');
    expect((await support.call('POST', PATH, { siteId, code: 'NOPE', kind: 'amount', value: 1 })).status).toBe(403);
    const listed = await support.call('GET', `${PATH}?siteId=${siteId}`);
    expect(listed.body.discounts.map((d: { code: string }) => d.code)).toContain('YEN500');

    const id = created.body.discount.id as string;
    const changed = await editor.call('PATCH', `${PATH}/${id}`, { siteId, active: false });
    expect(changed.body.discount).toMatchObject({ code: 'YEN500', value: 500, usageLimit: 3, active: false });
    // Shoppers are told an inactive code does not exist.
    const token = await kit.visitor();
    const mug = await kit.product({ variants: [{ price: 1500, stock: 5 }] });
    await kit.call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: [{ catalogReference: { catalogItemId: mug }, quantity: 1 }] },
    });
    const refused = await kit.call('PATCH', '/ecom/v1/carts/current', { token, body: { couponCode: 'yen500' } });
    expect(refused.body.details.applicationError.code).toBe('ERROR_COUPON_DOES_NOT_EXIST');
    await editor.call('PATCH', `${PATH}/${id}`, { siteId, active: true });
    const held = await kit.call('PATCH', '/ecom/v1/carts/current', { token, body: { couponCode: 'yen500' } });
    const estimate = await kit.call('POST', '/ecom/v1/carts/current/estimate-totals', { token, body: {} });
    expect(held.status).toBe(200);
    expect(estimate.body.priceSummary.total).toMatchObject({ amount: '1000', formattedAmount: '¥1,000' });

    expect((await editor.call('DELETE', `${PATH}/${id}?siteId=${siteId}`)).status).toBe(200);
    expect((await editor.call('DELETE', `${PATH}/${id}?siteId=${siteId}`)).body.details.applicationError.code).toBe(
      'DISCOUNT_NOT_FOUND',
    );
    expect((await kit.call('GET', `${PATH}?siteId=${siteId}`, { token })).status).toBe(401);
  });
});
