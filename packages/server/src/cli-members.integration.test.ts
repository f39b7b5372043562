import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main, startServer } from './cli.js';
import { loadConfig } from './config-files/load.js';

function capture(): { out: () => string; err: () => string; restore(): void } {
  let out = '';
  let err = '';
  const w = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  const c = vi.spyOn(console, 'error').mockImplementation((...args) => void (err += args.join(' ') + '\n'));
  return { out: () => out, err: () => err, restore: () => (w.mockRestore(), e.mockRestore(), c.mockRestore()) };
}

describe('vitrine members import', () => {
  it(
    'dry run, import with progress, re-run, and through a server running on the data directory',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-import-'));
      const file = join(dataDir, 'members.csv');
      writeFileSync(
        file,
        [
          'email,email_verified,password_hash,first_name,created_at',
          'one@example.com,true,$2b$10$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW,One,2019-01-01',
          'two@example.com,false,,Two,',
          'broken,false,,,',
        ].join('\n'),
      );
      // What the command wrote to stderr is the message of a failed exit-code check.
      const io = capture();
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        expect(await main(['members', 'import', file, '--format', 'nope', '--data-dir', dataDir]), io.err()).toBe(2);
        expect(io.err()).toContain('--format must be one of auth0, firebase, supabase, clerk, csv (got "nope")');

        expect(
          await main(['members', 'import', file, '--format', 'csv', '--dry-run', '--data-dir', dataDir]),
          io.err(),
        ).toBe(0);
        expect(io.out()).toContain(
          'Dry run — nothing written. Would import 3 rows: 2 new, 0 updated, 1 refused; 1 without a usable password hash',
        );
        expect(io.out()).toContain('  row 3 (broken): not an email address');

        expect(await main(['members', 'import', file, '--format', 'csv', '--data-dir', dataDir]), io.err()).toBe(0);
        expect(io.out()).toContain('Imported 3 rows: 2 new, 0 updated, 1 refused;');
        expect(io.err()).toMatch(/2\/2 rows \(\d+\/s\)/);

        server = await startServer(loadConfig({ env: {}, dataDir, port: 0 }));
        expect(await main(['members', 'import', file, '--format', 'csv', '--data-dir', dataDir]), io.err()).toBe(0);
        expect(io.out()).toContain('Imported 3 rows: 0 new, 2 updated, 1 refused;');
      } finally {
        io.restore();
        await server?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
