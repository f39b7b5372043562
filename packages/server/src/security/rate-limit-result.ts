/** The rate limiter's shape and its result, shared by the database limiter and the Redis one. */
import type { Queryable, Row } from '../store/types.js';

/**
 * A SELECT (`$1…` its own parameters) run with a rate-limit hit in one statement (#54). Its columns must not be
 * named `rl_…` or `alongside_row`.
 */
export interface AlongsideRead {
  sql: string;
  params: readonly unknown[];
}

/**
 * Fixed-window counters shared by every instance: in the database by default, in Redis when
 * `REDIS_URL` is set. A window opens at a key's first hit and lasts `windowSeconds`.
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window closes (0 when allowed and nothing to wait for). */
  retryAfterSeconds: number;
  /** Hits counted in the current window, this one included. */
  count: number;
}

export interface RateLimiter {
  /**
   * Counts `weight` hits (default 1; negative gives hits back) and says whether the key is still within `limit`.
   * `tx`: count inside that database transaction, so the count commits (or not) with the caller's other
   * writes and costs no commit of its own (the database limiter; Redis counts at once and ignores it).
   */
  hit(
    key: string,
    rule: { limit: number; windowSeconds: number },
    weight?: number,
    tx?: Queryable,
  ): Promise<RateLimitResult>;
  /** Current count without counting a hit. */
  peek(key: string): Promise<Peeked>;
  /**
   * `hit(key, rule)` and `peek(peekKey)` in one round trip (one statement; one Redis transaction): the
   * login throttle asks both before every password check (#11). `peekKey` must differ from `key`.
   * `alongside`: a read the caller needs next (sign-in: the member), answered in the same statement by the
   * database limiter (`alongside` in the answer: its rows); the Redis limiter leaves it to the caller.
   */
  hitAndPeek(
    key: string,
    rule: { limit: number; windowSeconds: number },
    peekKey: string,
    alongside?: AlongsideRead,
  ): Promise<{ hit: RateLimitResult; peeked: Peeked; alongside?: Row[] }>;
  /** Forgets the key; `tx` as for `hit`. */
  reset(key: string, tx?: Queryable): Promise<void>;
  close(): Promise<void>;
}

export interface Peeked {
  count: number;
  retryAfterSeconds: number;
}

export function result(count: number, limit: number, msLeft: number): RateLimitResult {
  const allowed = count <= limit;
  return { allowed, count, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)) };
}
