import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test-support/owners-kit.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { isOwnDomain } from './setup-checklist.js';

/** The Overview's setup checklist (issue #53): each step read from the running server, not ticked by hand. */
let bare: TestServer;
let ready: TestServer;
beforeAll(async () => {
  [bare, ready] = await Promise.all([
    // No delivery methods, no way to be paid, no SMTP, a loopback address.
    startTestServer({ site: (s) => ({ ...s, shipping: undefined, shop: { ...s.shop, offlinePayments: [] } }) }),
    startTestServer({
      site: (s) => ({
        ...s,
        shop: { ...s.shop, offlinePayments: [{ id: 'bank', name: 'Bank transfer', instructions: 'IBAN FR76…' }] },
      }),
      config: (c) => ({ ...c, smtpUrl: 'smtp://mail.example:587' }),
    }),
  ]);
});
afterAll(() => Promise.all([bare?.close(), ready?.close()]));

const checklist = async (server: TestServer) => {
  const res = await fetch(`${server.url}/_admin/v1/overview/setup-checklist?siteId=${server.siteId}`, {
    headers: { authorization: `Bearer ${server.adminKey}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, Record<string, unknown>>;
};

describe('the setup checklist', () => {
  it('says what is missing on a bare server', async () => {
    const list = await checklist(bare);
    expect(list.payments).toEqual({ done: false, ways: [] });
    expect(list.shipping).toEqual({ done: false, methods: 0 });
    expect(list.mail).toEqual({ done: false });
    expect(list.domain).toEqual({ done: false, publicUrl: bare.ctx.config.publicUrl });
    const { rows } = await bare.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from commerce_products where site_id = $1',
      [bare.siteId],
    );
    expect(list.products).toEqual({ done: rows[0]!.n > 0, count: rows[0]!.n });
  });

  it('ticks what the server is set up with', async () => {
    const list = await checklist(ready);
    expect(list.payments).toEqual({ done: true, ways: ['Bank transfer'] });
    expect(list.shipping!.done).toBe(true);
    expect(list.shipping!.methods).toBe(ready.ctx.sites.get(ready.siteId)!.shipping!.methods.length);
    expect(list.mail).toEqual({ done: true });
    // A test server answers on 127.0.0.1 (its address is its own); the rule itself is the last test's.
    expect(list.domain).toEqual({ done: false, publicUrl: ready.ctx.config.publicUrl });
  });

  it('answers every console role, and nobody signed out', async () => {
    const support = await signedIn(bare, `support-${Date.now()}@example.com`, 'support');
    expect((await support.call('GET', `/_admin/v1/overview/setup-checklist?siteId=${bare.siteId}`)).status).toBe(200);
    const anonymous = await fetch(`${bare.url}/_admin/v1/overview/setup-checklist?siteId=${bare.siteId}`);
    expect(anonymous.status).toBe(401);
  });

  it('counts only https on a name of its own as the shop’s domain', () => {
    expect(isOwnDomain('https://shop.example')).toBe(true);
    for (const url of [
      'http://shop.example',
      'https://localhost:8080',
      'https://127.0.0.1',
      'https://shop.localhost',
      'nope',
    ])
      expect(isOwnDomain(url), url).toBe(false);
  });
});
