import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baselineCompilerFromEnv, embeddedSettings, sharedBuffersFromEnv } from './pglite-memory.js';
import { openPglite } from './pglite.js';
import type { Database } from './types.js';

/** What the embedded database holds in memory (store/pglite-memory.ts, docs/operating.md). */
describe('embedded database memory settings', () => {
  it('reads VITRINE_PGLITE_SHARED_BUFFERS as PostgreSQL sizes, 16MB by default, and refuses anything else with a sentence', () => {
    expect(sharedBuffersFromEnv({})).toBe('16MB');
    expect(sharedBuffersFromEnv({ VITRINE_PGLITE_SHARED_BUFFERS: ' 256MB ' })).toBe('256MB');
    expect(sharedBuffersFromEnv({ VITRINE_PGLITE_SHARED_BUFFERS: '128kB' })).toBe('128kB');
    expect(sharedBuffersFromEnv({ VITRINE_PGLITE_SHARED_BUFFERS: '1GB' })).toBe('1GB');
    for (const wrong of ['64kB', '2GB', '16', '16mb', '16MB; drop table x', '-1MB', '1.5GB'])
      expect(() => sharedBuffersFromEnv({ VITRINE_PGLITE_SHARED_BUFFERS: wrong }), wrong).toThrow(
        /^VITRINE_PGLITE_SHARED_BUFFERS must be a size from 128kB to 1GB/,
      );
  });

  it('compiles with the baseline compiler unless VITRINE_PGLITE_WASM_COMPILER says optimizing', () => {
    expect(baselineCompilerFromEnv({})).toBe(true);
    expect(baselineCompilerFromEnv({ VITRINE_PGLITE_WASM_COMPILER: 'baseline' })).toBe(true);
    expect(baselineCompilerFromEnv({ VITRINE_PGLITE_WASM_COMPILER: 'optimizing' })).toBe(false);
    expect(() => baselineCompilerFromEnv({ VITRINE_PGLITE_WASM_COMPILER: 'turbo' })).toThrow(
      /must be "baseline" or "optimizing", not "turbo"/,
    );
  });

  it('passes the buffers to PostgreSQL on its command line, after PGlite’s own start parameters', () => {
    const { startParams } = embeddedSettings({ VITRINE_PGLITE_SHARED_BUFFERS: '32MB' });
    expect(startParams.slice(-2)).toEqual(['-c', 'shared_buffers=32MB']);
    expect(startParams).toContain('--single');
  });

  describe('an opened embedded database', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openPglite();
    });
    afterAll(() => db.close());

    it('runs with the small defaults', async () => {
      const { rows } = await db.query<{ buffers: string; wal: string }>(
        "select current_setting('shared_buffers') as buffers, current_setting('wal_buffers') as wal",
      );
      expect(rows[0]).toEqual({ buffers: '16MB', wal: '512kB' });
    });
  });
});
