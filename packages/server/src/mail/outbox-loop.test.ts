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
  if (options.kickAt !== undefined) {
    await vi.advanceTimersByTimeAsync(options.kickAt);
    loop.kick();
    await vi.advanceTimersByTimeAsync(options.untilMs - options.kickAt);
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

  it('drains full batches in one go', async () => {
    const at = await passTimes({ untilMs: 50, answers: (i) => (i < 3 ? 10 : 2) });
    expect(at).toEqual([0, 0, 0, 0]);
  });
});
