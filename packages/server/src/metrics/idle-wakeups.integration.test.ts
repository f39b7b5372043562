/**
 * How often an idle `vitrine serve` wakes up. Every wake-up of an idle process costs CPU (caches gone cold), so
 * what wakes it on a schedule is counted: prom-client's event-loop delay sampler woke it every 10 ms, 100 times a
 * second, most of an idle embedded server's CPU (bench/RESULTS.md → #54, sixth pass). The server's own polls
 * stay far below: settings every 2 s, the mail outbox backing off to 2 s in development (16 s in production) and
 * the webhook outbox to 4 s while nothing is queued, the idle collection's check every 10 s. What is left is
 * mostly the 100-ms sampler (~11 a second measured).
 * Counted as the voluntary context switches of the server's main thread (Linux's /proc), the process that
 * listens (`server.json` in its data folder names it: `vitrine serve` runs itself again with its node flags).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { runningServer } from '../store/running-server.js';
import { freePort, spawnVitrineServe } from '../../test-support/server-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'vitrine-idle-wakeups-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const voluntarySwitches = (pid: number) =>
  Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8'))![1]);

describe('an idle server', () => {
  it('wakes up fewer than 40 times a second', async () => {
    const dataDir = join(scratch, 'data');
    const port = await freePort();
    const child = spawnVitrineServe(dataDir, port);
    // Read, so a full pipe never blocks the server.
    child.stdout!.resume();
    child.stderr!.resume();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let server = runningServer(dataDir);
      for (let i = 0; i < 600 && !server && child.exitCode === null; i++) {
        await sleep(100);
        server = runningServer(dataDir);
      }
      expect(server, 'the server listened').toBeDefined();
      const { pid } = server!;
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true);
      // Past the start's own work (the first collection, the first settings poll), then nothing asks anything.
      await sleep(3000);
      const before = voluntarySwitches(pid);
      const started = Date.now();
      await sleep(4000);
      const perSecond = (voluntarySwitches(pid) - before) / ((Date.now() - started) / 1000);
      expect(perSecond).toBeLessThan(40);
    } finally {
      child.kill('SIGINT');
      await exited;
    }
  }, 90_000);
});
