/**
 * What payments refuse whatever the shop (docs/payments.md → Who may do what): payment starts limited per client
 * address, and the dev provider absent in production. Each test runs a server of its own (fresh counters, another
 * mode).
 */
import { describe, expect, it } from 'vitest';
import { CommerceKit } from '../../../test-support/commerce-kit.js';
import { api } from '../../../test-support/identity-server.js';
import { placeGuestOrder, startPaymentAs, withPickup } from '../../../test-support/payment-kit.js';
import { startTestServer } from '../../../test-support/server.js';

describe('a stranger’s load', () => {
  it('limits payment starts per client address: the 21st in a minute is 429 with Retry-After', async () => {
    const own = await startTestServer({
      site: (s) => ({ ...withPickup(s), shop: { ...s.shop, maxOpenUnpaidOrders: 100 } }),
    });
    try {
      const ownKit = new CommerceKit(own);
      const product = await ownKit.product();
      const { token, orderId } = await placeGuestOrder(ownKit, product);
      const body = { orderId, provider: 'dev', returnUrl: `${own.url}/ok`, cancelUrl: `${own.url}/no` };
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await startPaymentAs(ownKit, token, body)).status);
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      const last = await startPaymentAs(ownKit, token, body);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(statuses[20]).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe('in production', () => {
  it('never mounts the dev page nor offers the dev provider', async () => {
    const production = await startTestServer({ config: (c) => ({ ...c, production: true, devMailbox: true }) });
    try {
      const page = await fetch(`${production.url}/_dev/pay/devpay_anything`);
      expect(page.status).toBe(404);
      const token = await new CommerceKit(production).visitor();
      const methods = await api(production.url)('GET', '/_api/vitrine/v1/payments/methods', { token });
      expect(methods.body.providers).not.toContain('dev');
    } finally {
      await production.close();
    }
  });
});
