/**
 * `vitrine clients list|add|remove` (cli-clients.ts): through the settings service in this process, then through a
 * server that holds the data directory, which applies the change at once; refusals exit with 2 and a sentence.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main, startServer } from './cli.js';
import { loadConfig } from './config-files/load.js';

function capture() {
  let out = '';
  let err = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const c = vi.spyOn(console, 'error').mockImplementation((...args) => void (err += args.join(' ') + '\n'));
  return {
    take: () => {
      const text = out;
      out = '';
      return text;
    },
    err: () => err,
    restore: () => (w.mockRestore(), c.mockRestore()),
  };
}

/** Does the server let a page on `origin` call it (the preflight's answer)? */
async function corsAllows(url: string, origin: string): Promise<boolean> {
  const res = await fetch(`${url}/oauth2/token`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });
  return res.headers.get('access-control-allow-origin') === origin;
}

describe('vitrine clients', () => {
  it('adds an app in this process, then through the running server, and removes it', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-clients-'));
    const io = capture();
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    const cli = (...args: string[]) => main(['clients', ...args, '--data-dir', dataDir]);
    try {
      expect(await cli('list'), io.err()).toBe(0);
      expect(io.take()).toContain('demo-storefront (site demo)\n  redirect URIs:   http://localhost:8080/callback');

      expect(
        await cli('add', 'demo-storefront', '--redirect-uri', 'http://localhost:3000/login-callback'),
        io.err(),
      ).toBe(0);
      const added = io.take();
      expect(added).toContain('clients[demo-storefront].redirectUris');
      expect(added).toMatch(/redirect URIs: .*http:\/\/localhost:3000\/login-callback/);
      expect(added).toMatch(/allowed origins: .*http:\/\/localhost:3000\n/);
      expect(await cli('add', 'demo-storefront', '--origin', 'http://localhost:3000'), io.err()).toBe(0);
      expect(io.take()).toContain('Nothing to change');

      server = await startServer(loadConfig({ env: {}, dataDir, port: 0 }));
      expect(await corsAllows(server.localUrl, 'http://localhost:3000')).toBe(true);
      expect(await corsAllows(server.localUrl, 'https://app.example')).toBe(false);

      // A new client, through the server holding the data directory: applied there at once, and audited.
      expect(await cli('add', 'template-app', '--redirect-uri', 'https://app.example/callback'), io.err()).toBe(0);
      expect(io.take()).toContain('template-app (site demo)');
      expect(await corsAllows(server.localUrl, 'https://app.example')).toBe(true);
      const events = await fetch(`${server.localUrl}/_admin/v1/auth-events?siteId=demo&type=owner_action&limit=20`, {
        headers: { authorization: `Bearer ${server.config.adminKey}` },
      }).then((r) => r.json() as Promise<{ events: { detail: { action?: string; key?: string } }[] }>);
      expect(events.events.map((e) => e.detail.key)).toContain('clients[template-app]');

      expect(await cli('remove', 'template-app', '--origin', 'https://app.example'), io.err()).toBe(0);
      expect(io.take()).toMatch(/allowed origins: \(none\)/);
      expect(await cli('remove', 'template-app'), io.err()).toBe(0);
      expect(io.take()).toContain('Removed the client.');
      expect(await corsAllows(server.localUrl, 'https://app.example')).toBe(false);
      expect(await cli('list'), io.err()).toBe(0);
      expect(io.take()).not.toContain('template-app');
    } finally {
      io.restore();
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses what the settings refuse, with their sentence and exit code 2', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-clients-'));
    const io = capture();
    const cli = (...args: string[]) => main(['clients', ...args, '--data-dir', dataDir]);
    try {
      expect(await cli('add', 'demo-storefront')).toBe(2);
      expect(io.err()).toContain('clients add needs --redirect-uri URL or --origin ORIGIN');
      expect(await cli('add', 'demo-storefront', '--redirect-uri', 'not a url')).toBe(2);
      expect(io.err()).toMatch(/vitrine clients add: .*redirectUris/);
      expect(await cli('remove', 'no-such-app')).toBe(2);
      expect(io.err()).toContain('No client "no-such-app"');
      // The client the server started with stays: its addresses may go, the client may not.
      expect(await cli('remove', 'demo-storefront')).toBe(2);
      expect(io.err()).toContain('cannot be removed');
      expect(await cli('frobnicate')).toBe(2);
    } finally {
      io.restore();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
