import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from './cli.js';

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
});
