/**
 * `vitrine serve`'s memory settings in a real child process (bin/vitrine.js, bin/node-flags.js,
 * store/process-memory.ts): the node flags it runs itself again with, the opt-outs, and the banner line that
 * says what the server runs with (read from the server process's own `process.execArgv`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NODE_FLAGS,
  missingNodeEnv,
  missingNodeFlags,
  nodeEnvFromEnv,
  nodeFlagsFromEnv,
  runsOnGlibc,
  // @ts-expect-error: a plain JavaScript module of the bin folder, without types.
} from '../bin/node-flags.js';
import { collectGarbage, collectWhenIdle, idleCollectionFromEnv } from './store/process-memory.js';
import { freePort, spawnVitrineServe } from '../test-support/server-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'vitrine-cli-memory-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `node bin/vitrine.js serve` until its banner's memory line (or its exit); then SIGINT and its exit code. */
async function serve(env: NodeJS.ProcessEnv): Promise<{ output: string; code: number | null; healthy: boolean }> {
  const port = await freePort();
  const child = spawnVitrineServe(join(scratch, 'data'), port, env);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const bannerDone = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/memory: .*\n/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => resolve());
  });
  await bannerDone;
  let healthy = false;
  if (child.exitCode === null) {
    healthy = (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    // Through the first process: the server must get it once and shut down cleanly (exit 0).
    child.kill('SIGINT');
  }
  const code = await exited;
  return { output, code, healthy };
}

describe('vitrine serve memory settings', () => {
  it('reads VITRINE_NODE_FLAGS: the defaults, off, flags of the operator’s own, and a sentence for anything else', () => {
    expect(nodeFlagsFromEnv({})).toEqual({ flags: DEFAULT_NODE_FLAGS });
    expect(DEFAULT_NODE_FLAGS).toEqual(['--max-semi-space-size=2']);
    expect(nodeFlagsFromEnv({ VITRINE_NODE_FLAGS: 'off' })).toEqual({ flags: [] });
    expect(nodeFlagsFromEnv({ VITRINE_NODE_FLAGS: ' --max-semi-space-size=16  --max-old-space-size=512 ' })).toEqual({
      flags: ['--max-semi-space-size=16', '--max-old-space-size=512'],
    });
    for (const wrong of ['16', '--x;rm -rf /', '-e', '--require=./evil.js $(id)'])
      expect(nodeFlagsFromEnv({ VITRINE_NODE_FLAGS: wrong }).error, wrong).toMatch(
        /^VITRINE_NODE_FLAGS must be "off" or node flags such as --max-semi-space-size=16, not "/,
      );
    expect(missingNodeFlags(['--a=1', '--b'], ['--a=1'], '')).toEqual(['--b']);
    expect(missingNodeFlags(['--a=1', '--b'], [], '--b --a=1')).toEqual([]);
  });

  it('reads VITRINE_MALLOC_TRIM_THRESHOLD: 1 MiB on glibc unless off or set by the operator, a sentence for anything else', () => {
    expect(nodeEnvFromEnv({}, true)).toEqual({ env: { MALLOC_TRIM_THRESHOLD_: '1048576' } });
    expect(nodeEnvFromEnv({ VITRINE_MALLOC_TRIM_THRESHOLD: '262144' }, true)).toEqual({
      env: { MALLOC_TRIM_THRESHOLD_: '262144' },
    });
    expect(nodeEnvFromEnv({ VITRINE_MALLOC_TRIM_THRESHOLD: 'off' }, true)).toEqual({ env: {} });
    // The operator's own glibc setting wins; a C library other than glibc has nothing to set.
    expect(nodeEnvFromEnv({ MALLOC_TRIM_THRESHOLD_: '4096' }, true)).toEqual({ env: {} });
    expect(nodeEnvFromEnv({}, false)).toEqual({ env: {} });
    for (const wrong of ['1MB', '-1', '1e6', '$(id)'])
      expect(nodeEnvFromEnv({ VITRINE_MALLOC_TRIM_THRESHOLD: wrong }, true).error, wrong).toMatch(
        /^VITRINE_MALLOC_TRIM_THRESHOLD must be "off" or a number of bytes such as 1048576, not "/,
      );
    expect(missingNodeEnv({ A: '1', B: '2' }, { A: '1', B: '3' })).toEqual({ B: '2' });
    expect(missingNodeEnv({ A: '1' }, { A: '1' })).toEqual({});
  });

  it('reads VITRINE_IDLE_GC: on unless off, a sentence for anything else', () => {
    expect(idleCollectionFromEnv({})).toBe(true);
    expect(idleCollectionFromEnv({ VITRINE_IDLE_GC: 'on' })).toBe(true);
    expect(idleCollectionFromEnv({ VITRINE_IDLE_GC: 'off' })).toBe(false);
    expect(() => idleCollectionFromEnv({ VITRINE_IDLE_GC: 'sometimes' })).toThrow(
      'VITRINE_IDLE_GC must be "on" or "off", not "sometimes"',
    );
  });

  it('collects garbage on demand', async () => {
    let target: object | undefined = { big: new Array(1000).fill('x') };
    const ref = new WeakRef(target);
    target = undefined;
    // A WeakRef's target lives to the end of the job that made it: collect in a later one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('collects at start and once quiet after it, then only after busy periods that went quiet', async () => {
    let collections = 0;
    const collector = collectWhenIdle({ everyMs: 300, idleCpuShare: 0.5, collect: () => collections++ });
    try {
      expect(collections).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(collections).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(collections).toBe(2);
      // Work: more CPU time than a whole period has (counted in CPU time: this machine's core is shared).
      const start = process.cpuUsage();
      while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000 < 700);
      for (let waited = 0; collections < 3 && waited < 5000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(collections).toBe(3);
    } finally {
      collector.stop();
    }
  });

  it('runs the server with its node flags by default, and without them or the idle collection when told', async () => {
    const defaults = await serve({});
    expect(defaults.output).toMatch(
      /memory: +node --max-semi-space-size=2 \(VITRINE_NODE_FLAGS\), collected when idle \(VITRINE_IDLE_GC\), 16MB shared buffers/,
    );
    // The first start on this folder: it migrated, so the database it serves from was opened again.
    expect(defaults.output).toContain('reopened after migrating (VITRINE_PGLITE_REOPEN)');
    if (runsOnGlibc())
      expect(defaults.output).toContain('malloc trim threshold 1048576 (VITRINE_MALLOC_TRIM_THRESHOLD)');
    expect(defaults.healthy).toBe(true);
    expect(defaults.output).toContain('SIGINT received, shutting down');
    expect(defaults.code).toBe(0);

    const off = await serve({
      VITRINE_NODE_FLAGS: 'off',
      VITRINE_IDLE_GC: 'off',
      VITRINE_MALLOC_TRIM_THRESHOLD: 'off',
      VITRINE_PGLITE_REOPEN: 'off',
    });
    expect(off.output).toMatch(/memory: +node defaults \(VITRINE_NODE_FLAGS\), not collected when idle/);
    expect(off.output).toContain('not reopened after migrating (VITRINE_PGLITE_REOPEN)');
    expect(off.output).toContain('malloc defaults (VITRINE_MALLOC_TRIM_THRESHOLD)');
    expect(off.healthy).toBe(true);
    expect(off.code).toBe(0);

    const own = await serve({ VITRINE_NODE_FLAGS: '--max-semi-space-size=8' });
    expect(own.output).toMatch(/memory: +node --max-semi-space-size=8 \(VITRINE_NODE_FLAGS\)/);
    if (runsOnGlibc()) {
      const trim = await serve({ VITRINE_MALLOC_TRIM_THRESHOLD: '262144' });
      expect(trim.output).toContain('malloc trim threshold 262144 (VITRINE_MALLOC_TRIM_THRESHOLD)');
      expect(trim.healthy).toBe(true);
    }
    expect(own.code).toBe(0);
  }, 300_000);

  it('stops with a sentence for a wrong VITRINE_NODE_FLAGS, VITRINE_IDLE_GC, VITRINE_MALLOC_TRIM_THRESHOLD or VITRINE_PGLITE_REOPEN', async () => {
    const flags = await serve({ VITRINE_NODE_FLAGS: 'fast' });
    expect(flags.code).toBe(1);
    expect(flags.output).toContain('Vitrine cannot start: VITRINE_NODE_FLAGS must be "off" or node flags');
    const idle = await serve({ VITRINE_IDLE_GC: 'maybe' });
    expect(idle.code).toBe(1);
    expect(idle.output).toContain('VITRINE_IDLE_GC must be "on" or "off", not "maybe"');
    const trim = await serve({ VITRINE_MALLOC_TRIM_THRESHOLD: 'lots' });
    expect(trim.code).toBe(1);
    expect(trim.output).toContain('Vitrine cannot start: VITRINE_MALLOC_TRIM_THRESHOLD must be "off" or a number');
    const reopen = await serve({ VITRINE_PGLITE_REOPEN: 'never' });
    expect(reopen.code).toBe(1);
    expect(reopen.output).toContain('VITRINE_PGLITE_REOPEN must be "on" or "off", not "never"');
  }, 120_000);
});
