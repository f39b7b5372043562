import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let server: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  writeFileSync(
    join(dist, 'assets', 'app-abc123.js'),
    `console.log(1);\n${'export const filler = "shop";\n'.repeat(200)}`,
  );
  server = await startTestServer({ config: (c) => ({ ...c, storefrontDir: dist }) });
});
afterAll(() => server.close());

describe('storefront serving', () => {
  it('serves the app at / with a strict CSP, and hashed assets for good', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>shop</title>');
    expect(home.headers.get('content-security-policy')).toContain("script-src 'self'");
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // fetch asks for gzip and decodes it: the body must still be the script.
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('export const filler');
  });

  it('falls back to the app for page routes but not for missing files or API paths', async () => {
    const page = await fetch(`${server.url}/products/stoneware-mug`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect((await fetch(`${server.url}/assets/missing.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    const api = await fetch(`${server.url}/_api/nothing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
  });

  it('never serves a file outside its folders', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/assets/products/..%2f..%2fpackage.json']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
    }
    // A control character in a path is refused before any route looks for a file (http/schemas/text-policy.ts).
    expect((await fetch(`${server.url}/%00`)).status).toBe(400);
  });

  it('serves the demo product pictures and the run-time config', async () => {
    const image = await fetch(`${server.url}/assets/products/stoneware-mug.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await (await fetch(`${server.url}/_vitrine/config.json`)).json()).toEqual({
      apiBaseUrl: server.url,
      clientId: 'demo-storefront',
      siteId: 'demo',
      siteName: 'Demo Store',
      devMailbox: true,
      cartLimits: { maxUnitsPerProduct: 10, maxUnitsPerOrder: 50, maxLinesPerOrder: 30 },
    });
  });

  it("serves the site's cart caps as they are now, and nothing else of its shop settings (V5-4)", async () => {
    // The console's settings swap the site object at run time (settings/runtime.ts): do the same.
    const sites = server.ctx.config.sites;
    const i = sites.findIndex((s) => s.id === server.siteId);
    const before = sites[i]!;
    sites[i] = {
      ...before,
      name: 'Renamed Store',
      shop: { maxUnitsPerProduct: 4, maxLinesPerOrder: 7, guestOrdersPerHour: 3, unpaidOrderHours: 12 },
    };
    server.ctx.sites.reindex();
    try {
      const served = (await (await fetch(`${server.url}/_vitrine/config.json`)).json()) as Record<string, unknown>;
      expect(served.siteName).toBe('Renamed Store');
      expect(served.cartLimits).toEqual({ maxUnitsPerProduct: 4, maxUnitsPerOrder: 50, maxLinesPerOrder: 7 });
      expect(JSON.stringify(served)).not.toMatch(/guestOrdersPerHour|unpaidOrderHours|maxOpenUnpaidOrders/);
    } finally {
      sites[i] = before;
      server.ctx.sites.reindex();
    }
  });
});
