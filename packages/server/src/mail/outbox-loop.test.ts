import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOutboxLoop } from './delivery.js';

afterEach(() => {
  vi.useRealTimers();
});

/** The times (ms since start) at which the loop ran `pass`, which answers `answers(i)` for its i-th call. */
async function passTimes(options: {
  idleMaxMs?: number;
  untilMs: number;
  answers?: (i: number) => number;
  kickAt?: number;
  soonAt?: number;
}) {
  vi.useFakeTimers();
  const start = Date.now();
  const at: number[] = [];
  const loop = runOutboxLoop(
    async () => {
      at.push(Date.now() - start);
      return options.answers?.(at.length - 1) ?? 0;
    },
    { intervalMs: 100, idleMaxMs: options.idleMaxMs, batchSize: 10, label: 'test' },
  );
  const callAt = options.kickAt ?? options.soonAt;
  if (callAt !== undefined) {
    await vi.advanceTimersByTimeAsync(callAt);
    if (options.kickAt !== undefined) loop.kick();
    else loop.soon();
    await vi.advanceTimersByTimeAsync(options.untilMs - callAt);
  } else await vi.advanceTimersByTimeAsync(options.untilMs);
  await loop.stop();
  return at;
}

describe('runOutboxLoop', () => {
  it('polls every interval when it has no idle maximum', async () => {
    expect(await passTimes({ untilMs: 550 })).toEqual([0, 100, 200, 300, 400, 500]);
  });

  it('doubles its wait after each empty pass, up to the idle maximum', async () => {
    expect(await passTimes({ idleMaxMs: 800, untilMs: 2500 })).toEqual([0, 200, 600, 1400, 2200]);
  });

  it('comes back to the interval after a pass that delivered, and after a kick', async () => {
    // The third pass delivers one: the wait starts again from the interval.
    expect(await passTimes({ idleMaxMs: 800, untilMs: 1500, answers: (i) => (i === 2 ? 1 : 0) })).toEqual([
      0, 200, 600, 700, 900, 1300,
    ]);
    expect(await passTimes({ idleMaxMs: 800, untilMs: 2000, kickAt: 1000 })).toEqual([0, 200, 600, 1000, 1200, 1600]);
  });

  it('after soon(), passes within the interval, and keeps the interval for one more pass before backing off', async () => {
    // Backed off to 800 ms (next pass due at 1400); a mail queued at 1000 is seen by 1100, or by 1200 when its
    // transaction committed after the 1100 pass had looked.
    expect(await passTimes({ idleMaxMs: 800, untilMs: 2700, soonAt: 1000 })).toEqual([
      0, 200, 600, 1100, 1200, 1400, 1800, 2600,
    ]);
    // At the interval already: soon() moves nothing.
    expect(await passTimes({ untilMs: 450, soonAt: 250 })).toEqual([0, 100, 200, 300, 400]);
  });

  it('drains full batches in one go', async () => {
    const at = await passTimes({ untilMs: 50, answers: (i) => (i < 3 ? 10 : 2) });
    expect(at).toEqual([0, 0, 0, 0]);
  });
});
