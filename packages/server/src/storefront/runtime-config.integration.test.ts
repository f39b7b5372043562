/**
 * The storefront's run-time config (`/_vitrine/config.json`) on two instances sharing one database: a shop renamed
 * in the settings on one is named so by both within seconds (each reads the site at each request), and the API
 * address follows the origin the browser used when the storefront's client allows it, never a forged Host.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisitorToken, signedIn, startTestServer, type TestServer } from '../../test-support/index.js';
import { createApp, type VitrineApp } from '../../test-support/boot.js';
import type { ServerConfig } from '../config/types.js';

let server: TestServer;
let second: VitrineApp;
let secondUrl: string;

/** What another process would load: its own site objects; it looks for settings changes every 100 ms. */
const ownCopy = (config: ServerConfig): ServerConfig => ({
  ...config,
  sites: config.sites.map((s) => structuredClone(s)),
  settingsPollMs: 100,
});

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shop</title>');
  server = await startTestServer({ config: (c) => ({ ...c, storefrontDir: dist, settingsPollMs: 100 }) });
  second = await createApp({
    config: ownCopy(server.ctx.config),
    db: server.ctx.db,
    logLevel: 'silent',
    mailDelivery: false,
  });
  secondUrl = (await second.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
}, 60_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

interface RuntimeConfig {
  siteName: string;
  apiBaseUrl: string;
}
const config = async (url: string) => (await (await fetch(`${url}/_vitrine/config.json`)).json()) as RuntimeConfig;

/** A request with this Host header (fetch may not set one); the answer's JSON. */
function withHost<T>(url: string, host: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: { host, ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text) as T));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const configWithHost = (url: string, host: string) => withHost<RuntimeConfig>(`${url}/_vitrine/config.json`, host);

describe('storefront run-time config', () => {
  it('names the shop as renamed in the settings, on every instance within seconds', async () => {
    const owner = await signedIn(server, 'rename-owner@example.com', 'owner');
    expect((await config(secondUrl)).siteName).toBe('Demo Store');
    const res = await owner.call('PATCH', '/_admin/v1/site-settings', {
      siteId: server.siteId,
      changes: { name: 'Renamed Shop' },
    });
    expect(res.status).toBe(200);
    expect((await config(server.url)).siteName).toBe('Renamed Shop');
    await expect.poll(async () => (await config(secondUrl)).siteName, { timeout: 5000 }).toBe('Renamed Shop');
    expect(
      (await owner.call('PATCH', '/_admin/v1/site-settings', { siteId: server.siteId, changes: { name: null } }))
        .status,
    ).toBe(200);
    await expect.poll(async () => (await config(secondUrl)).siteName, { timeout: 5000 }).toBe('Demo Store');
  });

  it("answers the browser's own origin when the client allows it, the public URL for any other Host", async () => {
    const port = new URL(server.url).port;
    // The test server's public URL is 127.0.0.1; its storefront client allows localhost too, as the demo's does.
    expect((await configWithHost(server.url, `localhost:${port}`)).apiBaseUrl).toBe(`http://localhost:${port}`);
    expect((await configWithHost(server.url, `127.0.0.1:${port}`)).apiBaseUrl).toBe(server.url);
    for (const forged of ['evil.example', `evil.example:${port}`, `localhost:${Number(port) + 1}`])
      expect((await configWithHost(server.url, forged)).apiBaseUrl, forged).toBe(server.url);
  });

  it("puts the hosted sign-in page (the silent sign-in frame) at the browser's origin when allowed, else the public URL", async () => {
    const port = new URL(server.url).port;
    const { access_token } = await getVisitorToken(server.url, server.clientId);
    // `origin`: the page the browser calls from (browsers send it with every POST); a backend sends none.
    const frameUrl = async (host: string, origin?: string) => {
      const answer = await withHost<{ redirectSession: { fullUrl: string } }>(
        `${server.url}/_api/redirects-api/v1/redirect-session`,
        host,
        { login: {} },
        { authorization: access_token, ...(origin ? { origin } : {}) },
      );
      return new URL(answer.redirectSession.fullUrl).origin;
    };
    expect(await frameUrl(`localhost:${port}`, `http://localhost:${port}`)).toBe(`http://localhost:${port}`);
    // A backend reaching the server by another allowed name: the public URL, where passkeys work.
    expect(await frameUrl(`localhost:${port}`)).toBe(server.url);
    expect(await frameUrl(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toBe(server.url);
    expect(await frameUrl('evil.example', 'http://evil.example')).toBe(server.url);
  });
});
