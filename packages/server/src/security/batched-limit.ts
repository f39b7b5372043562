import type { RateLimiter, RateLimitResult } from './rate-limit.js';

interface Entry {
  /** Hits this instance may still answer from its reservation, without asking the shared store. */
  granted: number;
  /** Hits answered in this window. */
  used: number;
  /** Size of the next reservation: doubles with use, up to the key's cap. */
  nextChunk: number;
  /** The shared counter as of the last reservation (every instance's reservations). */
  shared: number;
  windowEndsAt: number;
  /** The shared counter is full: refuse locally until the window ends. */
  exhausted: boolean;
  /** A reservation in flight: concurrent hits of the key wait for it instead of reserving too. */
  pending?: Promise<void> | undefined;
}

/**
 * Per-IP limiting for the hottest route (the token endpoint) without a shared-store write per request:
 * each instance reserves quota from the shared counter (database or Redis) in chunks and answers from
 * its reservation in memory. Reservations are counted before they are used, so the instances together
 * never admit more than the limit; what they can leave unused is at most one chunk each, and a chunk
 * is at most `limit / 50` (2 %), so the limit holds within 10 % for up to five instances.
 *
 * Chunks start at one hit and double as a key keeps coming back: a client making a few requests costs
 * one store round trip each, like an unbatched limiter, while a busy key (a load test, a shared NAT)
 * reaches the store only every `limit / 50` requests.
 */
export function batchedLimiter(
  shared: RateLimiter,
  options: { now?: () => number; maxChunkShare?: number } = {},
): Pick<RateLimiter, 'hit'> {
  const now = options.now ?? Date.now;
  const maxChunkShare = options.maxChunkShare ?? 1 / 50;
  const entries = new Map<string, Entry>();
  let hits = 0;

  function sweep(t: number): void {
    for (const [key, entry] of entries) if (entry.windowEndsAt <= t && !entry.pending) entries.delete(key);
  }

  async function reserve(entry: Entry, key: string, rule: { limit: number; windowSeconds: number }): Promise<void> {
    const chunk = entry.nextChunk;
    const result = await shared.hit(key, rule, chunk);
    // Only the part of the chunk that fitted under the limit is ours to hand out.
    const fitted = Math.max(0, Math.min(chunk, rule.limit - (result.count - chunk)));
    entry.granted += fitted;
    entry.shared = result.count;
    entry.nextChunk = Math.min(chunk * 2, Math.max(1, Math.floor(rule.limit * maxChunkShare)));
    if (fitted < chunk) {
      entry.exhausted = true;
      entry.windowEndsAt = now() + Math.max(1, result.retryAfterSeconds) * 1000;
    }
  }

  function answer(entry: Entry, t: number): RateLimitResult {
    if (entry.granted > 0) {
      entry.granted -= 1;
      entry.used += 1;
      return { allowed: true, count: entry.shared - entry.granted, retryAfterSeconds: 0 };
    }
    return {
      allowed: false,
      count: entry.shared,
      retryAfterSeconds: Math.max(1, Math.ceil((entry.windowEndsAt - t) / 1000)),
    };
  }

  return {
    async hit(key, rule): Promise<RateLimitResult> {
      let t = now();
      if (++hits % 1000 === 0) sweep(t);
      let entry = entries.get(key);
      if (!entry || entry.windowEndsAt <= t) {
        entry = {
          granted: 0,
          used: 0,
          nextChunk: 1,
          shared: 0,
          windowEndsAt: t + rule.windowSeconds * 1000,
          exhausted: false,
        };
        entries.set(key, entry);
      }
      while (entry.granted === 0 && !entry.exhausted) {
        if (!entry.pending) {
          const current = entry;
          current.pending = reserve(current, key, rule).finally(() => (current.pending = undefined));
        }
        await entry.pending;
        t = now();
      }
      return answer(entry, t);
    },
  };
}
