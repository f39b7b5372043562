import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
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

describe('vitrine CLI', () => {
  it('lists every command and option with --help', async () => {
    const io = capture();
    try {
      expect(await main(['--help'])).toBe(0);
      expect(io.out()).toMatch(/serve[\s\S]*--config FILE[\s\S]*--port N[\s\S]*--data-dir DIR/);
    } finally {
      io.restore();
    }
  });

  it('refuses an unknown command, a bad port and a bad config with a message and a non-zero code', async () => {
    const io = capture();
    const bad = join(mkdtempSync(join(tmpdir(), 'vitrine-cli-')), 'bad.json');
    writeFileSync(bad, JSON.stringify({ sites: [{ id: 'x', clients: [] }] }));
    try {
      expect(await main(['deploy'])).toBe(2);
      expect(await main(['serve', '--port', 'abc'])).toBe(2);
      expect(await main(['serve', '--config', bad])).toBe(1);
      expect(io.err()).toContain('unknown command "deploy"');
      expect(io.err()).toContain('--port must be a whole number from 0 to 65535 (got "abc")');
      expect(io.err()).toContain('sites[0].clients must list at least one client');
    } finally {
      io.restore();
    }
  });

  it('is the package bin, runnable with npx from the repository root', () => {
    const result = spawnSync('npx', ['--no-install', 'vitrine', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: vitrine <command>');
  });

  it('keys rotate and keys list work on a data directory, without and then with a server running on it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-keys-'));
    const io = capture();
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      expect(await main(['keys', 'rotate', '--data-dir', dataDir])).toBe(0);
      const firstRotation = /New signing key ([0-9a-f-]{36}) is active/.exec(io.out())![1]!;
      expect(io.out()).toMatch(
        new RegExp(
          `KID\\s+CREATED\\s+STATE[\\s\\S]*retiring \\(verifies until [^)]+\\)[\\s\\S]*${firstRotation}\\s+\\S+\\s+active`,
        ),
      );

      // The embedded database admits one process: with a server on it, the command goes through that server.
      server = await startServer(loadConfig({ env: {}, dataDir, port: 0 }));
      const kidOf = async () => {
        const response = await fetch(`${server!.localUrl}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: 'demo-storefront', grantType: 'anonymous' }),
        });
        const { access_token } = (await response.json()) as { access_token: string };
        return (JSON.parse(Buffer.from(access_token.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;
      };
      expect(await kidOf()).toBe(firstRotation);
      expect(await main(['keys', 'rotate', '--data-dir', dataDir])).toBe(0);
      const secondRotation = [...io.out().matchAll(/New signing key ([0-9a-f-]{36}) is active/g)][1]![1]!;
      // The server made the key itself: it signs with it at once.
      expect(await kidOf()).toBe(secondRotation);
      const jwks = (await (await fetch(`${server.localUrl}/.well-known/jwks.json`)).json()) as {
        keys: { kid: string }[];
      };
      expect(jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([firstRotation, secondRotation]));
      expect(jwks.keys).toHaveLength(3);
      expect(await main(['keys', 'list', '--data-dir', dataDir])).toBe(0);
      expect(io.out().trimEnd().split('\n').at(-1)).toMatch(
        new RegExp(`^${secondRotation}\\s+\\S+\\s+active\\s+plaintext$`),
      );
      expect(await main(['keys', 'spin', '--data-dir', dataDir])).toBe(2);
      expect(io.err()).toContain('keys needs "list" or "rotate" (got "spin")');
    } finally {
      io.restore();
      await server?.close();
    }
    // Two openings of an on-disk embedded database (the first one creates the cluster).
  }, 120_000);

  it('refuses to serve in production without VITRINE_KEY_ENCRYPTION_KEY, naming the variable', async () => {
    const io = capture();
    // Stubbed and put back in place: replacing `process.env` with a copy left Vitest's later unstubs deleting
    // from the old object, so other files' stubbed variables (an admin key) stayed set for the rest of the worker.
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('VITRINE_ADMIN_KEY', 'k'.repeat(32));
    vi.stubEnv('VITRINE_KEY_ENCRYPTION_KEY', undefined);
    try {
      expect(await main(['serve', '--data-dir', mkdtempSync(join(tmpdir(), 'vitrine-prod-'))])).toBe(1);
      expect(io.err()).toContain('VITRINE_KEY_ENCRYPTION_KEY is required when NODE_ENV=production');
    } finally {
      vi.unstubAllEnvs();
      io.restore();
    }
  });
});
