import type { RateLimiter, RateLimitResult } from './rate-limit.js';

interface Entry {
  /** Hits counted here and not yet added to the shared counter. */
  pending: number;
  /** The shared counter as of the last flush (every instance's hits). */
  shared: number;
  windowEndsAt: number;
  lastFlushAt: number;
}

/**
 * Per-IP limiting for the hottest route (the token endpoint) without a write per request: hits are
 * counted in memory and added to the shared counter (database or Redis) at most once per `flushMs`
 * per key, reading back every instance's total. A key is refused once that total plus the local
 * unflushed hits pass the limit, so instances overshoot by at most what they count between flushes.
 */
export function batchedLimiter(shared: RateLimiter, options: { flushMs?: number; now?: () => number } = {}): Pick<RateLimiter, 'hit'> {
  const flushMs = options.flushMs ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let hits = 0;

  function sweep(t: number): void {
    for (const [key, entry] of entries) if (entry.windowEndsAt <= t && entry.pending === 0) entries.delete(key);
  }

  return {
    async hit(key, rule): Promise<RateLimitResult> {
      const t = now();
      if (++hits % 1000 === 0) sweep(t);
      let entry = entries.get(key);
      if (!entry || entry.windowEndsAt <= t) {
        entry = { pending: 0, shared: 0, windowEndsAt: t + rule.windowSeconds * 1000, lastFlushAt: -Infinity };
        entries.set(key, entry);
      }
      entry.pending += 1;
      if (t - entry.lastFlushAt >= flushMs) {
        const weight = entry.pending;
        entry.pending = 0;
        entry.lastFlushAt = t;
        const result = await shared.hit(key, rule, weight);
        entry.shared = result.count;
        if (!result.allowed) entry.windowEndsAt = t + result.retryAfterSeconds * 1000;
      }
      const count = entry.shared + entry.pending;
      const allowed = count <= rule.limit;
      return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((entry.windowEndsAt - t) / 1000)) };
    },
  };
}
