import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main, startServer } from './cli.js';
import { loadConfig } from './config-files/load.js';

function capture(): { out: () => string; err: () => string; restore(): void } {
  let out = '';
  let err = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const e = vi.spyOn(console, 'error').mockImplementation((...args) => void (err += args.join(' ') + '\n'));
  return { out: () => out, err: () => err, restore: () => (w.mockRestore(), e.mockRestore()) };
}

/** The setup link: a line of its own in the output. */
const linkLine = (out: string) =>
  out.split('\n').filter((line) => /^https?:\/\/\S+\/console\/setup\?token=[A-Za-z0-9_-]{43}$/.test(line));

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('vitrine owners add', () => {
  it('prints a one-time setup link without and then with a server running on the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-owners-'));
    const io = capture();
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      expect(await main(['owners', 'add', 'first@example.com', '--data-dir', dataDir])).toBe(0);
      const [offline] = linkLine(io.out());
      expect(io.out()).toContain('Owner first@example.com (owner) added.');
      expect(offline).toBeDefined();

      // The embedded database admits one process: with a server on it, the command goes through that server.
      server = await startServer(loadConfig({ env: {}, dataDir, port: 0 }));
      expect(await main(['owners', 'add', 'second@example.com', '--role', 'support', '--data-dir', dataDir])).toBe(0);
      const links = linkLine(io.out());
      expect(links).toHaveLength(2);
      expect(io.out()).toContain('Owner second@example.com (support) added.');

      for (const [link, email, role] of [
        [offline!, 'first@example.com', 'owner'],
        [links[1]!, 'second@example.com', 'support'],
      ] as const) {
        const token = new URL(link).searchParams.get('token');
        expect(
          (await post(server.localUrl, '/_admin/v1/console/setup', { token, password: 'a console password' })).status,
        ).toBe(200);
        const signIn = await post(server.localUrl, '/_admin/v1/console/sign-in', {
          email,
          password: 'a console password',
        });
        expect(signIn.body.owner).toMatchObject({ email, role });
        // Once only: the link says it was used.
        expect(
          (await post(server.localUrl, '/_admin/v1/console/setup', { token, password: 'a console password' })).status,
        ).toBe(410);
      }

      // S-14 (issue #26): running it again for an owner who has a password changes nothing and makes no link.
      expect(await main(['owners', 'add', 'first@example.com', '--role', 'editor', '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('first@example.com has set a password already; an invitation never replaces it');
      expect(linkLine(io.out())).toHaveLength(2);
      const still = await post(server.localUrl, '/_admin/v1/console/sign-in', {
        email: 'first@example.com',
        password: 'a console password',
      });
      expect(still.body.owner).toMatchObject({ email: 'first@example.com', role: 'owner', sites: ['*'] });
      expect(await main(['owners', 'add', 'third@example.com', '--site', 'nope', '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('siteIds: has an unknown site "nope"');

      expect(await main(['owners', 'add', 'third@example.com', '--role', 'boss', '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('role: must be one of owner, editor, support');
      expect(await main(['owners', 'remove', 'x@example.com', '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('owners needs "add EMAIL" (got "remove")');
    } finally {
      io.restore();
      await server?.close();
    }
  }, 120_000);
});
