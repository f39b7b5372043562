/**
 * A setting the console changed says what it is without the change (`byDefault`), which the console shows with
 * "Use the default"; sending null for the key goes back to it. Review t5: every field said "Default." instead.
 * An untouched shop setting reads as the value checkout applies (the UX review: blank currency and limits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type ConsoleClient, type TestServer } from '../../test-support/index.js';

let server: TestServer;
let owner: ConsoleClient;
beforeAll(async () => {
  server = await startTestServer({ site: (s) => ({ ...s, name: 'Started Shop' }) });
  owner = await signedIn(server, 'by-default-owner@example.com', 'owner');
});
afterAll(() => server.close());

interface Field {
  key: string;
  value?: unknown;
  source: string;
  byDefault?: { value?: unknown };
}
async function field(key: string): Promise<Field> {
  const res = await owner.call('GET', `/_admin/v1/site-settings?siteId=${server.siteId}`);
  const fields = (res.body.sections as { fields?: Field[] }[]).flatMap((s) => s.fields ?? []);
  return fields.find((f) => f.key === key)!;
}
const patch = (changes: Record<string, unknown>) =>
  owner.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes });

describe('settings: the default of a changed setting', () => {
  it('is absent while untouched, the started value once changed, and null goes back to it', async () => {
    expect(await field('name')).toEqual(expect.not.objectContaining({ byDefault: expect.anything() }));
    expect((await field('name')).source).toBe('default');

    expect((await patch({ name: 'Renamed Shop' })).status).toBe(200);
    expect(await field('name')).toMatchObject({
      value: 'Renamed Shop',
      source: 'console',
      byDefault: { value: 'Started Shop' },
    });

    expect((await patch({ name: null })).status).toBe(200);
    const back = await field('name');
    expect(back).toMatchObject({ value: 'Started Shop', source: 'default' });
    expect(back.byDefault).toBeUndefined();
  });

  it('says "unset by default" with an empty byDefault for a key the site did not set', async () => {
    expect((await field('brand.colour')).value).toBeUndefined();
    expect((await patch({ 'brand.colour': '#1a5d3a' })).status).toBe(200);
    expect(await field('brand.colour')).toMatchObject({ value: '#1a5d3a', source: 'console', byDefault: {} });
  });
});

describe('settings: the shop’s values in force', () => {
  it('shows every shop setting with the value checkout applies, from the default, until the console changes it', async () => {
    const res = await owner.call('GET', `/_admin/v1/site-settings?siteId=${server.siteId}`);
    const shop = (res.body.sections as { fields?: Field[] }[])
      .flatMap((s) => s.fields ?? [])
      .filter((f) => f.key.startsWith('shop.'));
    expect(shop.length).toBeGreaterThan(10);
    for (const f of shop) expect({ key: f.key, defined: f.value !== undefined }).toEqual({ key: f.key, defined: true });
    const values = Object.fromEntries(shop.map((f) => [f.key, f.value]));
    expect(values).toMatchObject({
      'shop.currency': 'USD',
      'shop.maxUnitsPerProduct': 10,
      'shop.maxUnitsPerOrder': 50,
      'shop.maxLinesPerOrder': 30,
      'shop.maxOpenUnpaidOrders': 3,
      'shop.memberOrdersPerHour': 10,
      'shop.guestOrdersPerHour': 20,
      'shop.unpaidOrderHours': 48,
      'shop.offlinePayments': [],
      // The demo site's own.
      'shop.pricesIncludeTax': true,
      'shop.demoCatalog': true,
    });
    expect(shop.every((f) => f.source === 'default')).toBe(true);

    expect((await patch({ 'shop.currency': 'EUR' })).status).toBe(200);
    expect(await field('shop.currency')).toMatchObject({
      value: 'EUR',
      source: 'console',
      byDefault: { value: 'USD' },
    });
    expect((await patch({ 'shop.currency': null })).status).toBe(200);
    expect(await field('shop.currency')).toMatchObject({ value: 'USD', source: 'default' });
  });
});
