import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from './process-memory.js';

/** Drives `collectWhenIdle` with fake timers and a CPU clock the test advances: one share per period. */
function drive(shares: number[], options: { idleCpuShare?: number } = {}) {
  vi.useFakeTimers();
  const everyMs = 1_000;
  let cpu = 0;
  const at: number[] = [];
  let period = 0;
  const collector = collectWhenIdle({
    everyMs,
    ...options,
    cpuMicros: () => cpu,
    collect: () => at.push(period),
  });
  for (const share of shares) {
    period += 1;
    cpu += share * everyMs * 1000;
    vi.advanceTimersByTime(everyMs);
  }
  collector.stop();
  return at;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('collectWhenIdle', () => {
  it('collects at start, at the first quiet period, and once after each busy period', () => {
    expect(drive([0.3, 0.002, 0.002, 0.4, 0.5, 0.003, 0.001, 0.002])).toEqual([0, 2, 6]);
  });

  it('sees the end of a load when the background alone costs more than the idle share', () => {
    // ~5 % of a core idle (the embedded database's polls), a load at 30-40 %, then the background again.
    const shares = [0.06, 0.05, 0.05, 0.3, 0.4, 0.35, 0.05, 0.05, 0.06];
    expect(drive(shares)).toEqual([0, 2, 7]);
    // Raising the fixed share alone changes nothing here: the quietest recent period decides.
    expect(drive(shares, { idleCpuShare: 0.02 })).toEqual([0, 2, 7]);
  });

  it('keeps a load that starts from a quiet server busy, however light', () => {
    expect(drive([0.001, 0.001, 0.02, 0.03, 0.02, 0.001])).toEqual([0, 1, 6]);
  });

  it('does not collect every period under a steady load', () => {
    const shares = Array.from({ length: 30 }, (_, i) => 0.4 + (i % 3) * 0.01);
    expect(drive(shares).length).toBeLessThanOrEqual(2);
  });
});
