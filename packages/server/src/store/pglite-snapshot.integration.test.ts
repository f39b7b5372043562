import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyClusterSnapshot, pgliteVersion } from './pglite-snapshot.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the empty cluster a new embedded database starts from', () => {
  it('is made by a child process, kept in the folder, and opens as a database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-snapshot-'));
    dirs.push(dir);
    // initdb runs in the child: this process never starts a cluster to make the snapshot.
    const create = vi.spyOn(PGlite, 'create');
    const snapshot = await emptyClusterSnapshot(dir);
    expect(create).not.toHaveBeenCalled();
    const file = join(dir, `vitrine-pglite-empty-${pgliteVersion()}.tar`);
    expect(existsSync(file)).toBe(true);
    expect(snapshot.size).toBe(statSync(file).size);
    create.mockRestore();

    const pg = await PGlite.create({ loadDataDir: snapshot });
    try {
      const { rows } = await pg.query<{ n: number }>('select 1 + 1 as n');
      expect(rows[0]!.n).toBe(2);
    } finally {
      await pg.close();
    }
    // Kept: the next database of this machine reads the file, no second child.
    const again = await emptyClusterSnapshot(dir);
    expect(again.size).toBe(snapshot.size);
  }, 120_000);
});
