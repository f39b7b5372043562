/**
 * Image work is bounded per instance, apart from password hashing: at most `concurrency` encodes at once (upload
 * cleaning, variants), the rest wait in line here; argon2 has its own slots (security/passwords.ts), so sign-ins
 * and API calls keep their latency while images are processed. libvips' threads per operation are capped to match,
 * and its operation cache is off (the variants are cached in the database, the cache would only hold memory).
 *
 * `once(key, make)` is the in-process single flight: concurrent callers of one key share one promise. Across
 * instances, variants.ts claims a row first.
 *
 * Each app owns one (created by the media plugin): `/metrics` shows `vitrine_media_encodes_total{kind}` and
 * `vitrine_media_work_running`.
 */
import client from 'prom-client';
import { workSlots } from '../concurrency/work-slots.js';
import type { Metrics } from '../metrics/metrics.js';
import { setImageThreads } from './sharp.js';

export type WorkKind = 'upload' | 'variant' | 'backfill';

export interface MediaWork {
  /** Runs `work` in an image slot (at once if one is free, else in turn), releasing it however `work` ends. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Counts one encode of `kind` (called inside `run`, when the work turns out to be needed). */
  encoded(kind: WorkKind): void;
  /** One promise per key while it runs: concurrent callers share it. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** Whether `key` is being made in this instance now. */
  busy(key: string): boolean;
}

export function mediaWork(concurrency: number, metrics: Metrics | undefined): MediaWork {
  // This app's own slots, never the argon2 ones.
  const slots = workSlots(concurrency);
  setImageThreads(concurrency);
  const registers = metrics ? [metrics.registry] : [];
  const encodes = new client.Counter({
    name: 'vitrine_media_encodes_total',
    help: 'Image encodes by kind (upload: the cleaned original and its storefront widths; variant: one on request; backfill: a file stored before uploads were cleaned)',
    labelNames: ['kind'],
    registers,
  });
  const running = new client.Gauge({
    name: 'vitrine_media_work_running',
    help: 'Image encodes running now (at most media concurrency)',
    registers,
  });
  const inFlight = new Map<string, Promise<unknown>>();
  return {
    run: (work) =>
      slots.run(async () => {
        running.inc();
        try {
          return await work();
        } finally {
          running.dec();
        }
      }),
    encoded: (kind) => encodes.inc({ kind }),
    once<T>(key: string, make: () => Promise<T>) {
      const pending = inFlight.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const made = make().finally(() => inFlight.delete(key));
      inFlight.set(key, made);
      return made;
    },
    busy: (key) => inFlight.has(key),
  };
}
