/**
 * A small cache of async results keyed by JSON-serialisable keys, shared by every `useQuery` under
 * one provider. Concurrent readers of a key share one request (safe under Strict Mode double effects).
 */

export type QueryStatus = 'loading' | 'success' | 'error';

export interface QueryState<T> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /** True while a request for this key is in flight (also during a background refetch). */
  fetching: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  promise: Promise<unknown> | undefined;
  listeners: Set<() => void>;
  /** Bumped by every fetch; answers of superseded fetches are dropped. */
  generation: number;
  /** The last fetcher, reused when the key is invalidated. */
  fetcher: (() => Promise<unknown>) | undefined;
}

const initial: QueryState<unknown> = { status: 'loading', data: undefined, error: undefined, fetching: false };

export const keyOf = (key: readonly unknown[]): string => JSON.stringify(key);

export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  private entry(hash: string): Entry {
    let e = this.entries.get(hash);
    if (!e) {
      e = { state: initial, promise: undefined, listeners: new Set(), generation: 0, fetcher: undefined };
      this.entries.set(hash, e);
    }
    return e;
  }

  private set(e: Entry, state: QueryState<unknown>): void {
    e.state = state;
    e.listeners.forEach((l) => l());
  }

  get<T>(hash: string): QueryState<T> {
    return (this.entries.get(hash)?.state ?? initial) as QueryState<T>;
  }

  subscribe(hash: string, listener: () => void): () => void {
    const e = this.entry(hash);
    e.listeners.add(listener);
    return () => void e.listeners.delete(listener);
  }

  /** Starts a fetch unless one is running (or `force` and then supersedes it); returns its promise. */
  fetch<T>(hash: string, fetcher: () => Promise<T>, force = false): Promise<T> {
    const e = this.entry(hash);
    if (e.promise && !force) return e.promise as Promise<T>;
    const generation = ++e.generation;
    e.fetcher = fetcher;
    const promise = Promise.resolve()
      .then(fetcher)
      .then(
        (data) => {
          if (e.generation == generation) this.set(e, { status: 'success', data, error: undefined, fetching: false });
          return data;
        },
        (error: unknown) => {
          if (e.generation == generation) this.set(e, { ...e.state, status: 'error', error, fetching: false });
          throw error;
        },
      )
      .finally(() => {
        if (e.promise == promise) e.promise = undefined;
      });
    e.promise = promise;
    this.set(e, { ...e.state, fetching: true });
    return promise;
  }

  /** True once a key has an answer or a request in flight (no need to start another). */
  isSettledOrRunning(hash: string): boolean {
    const e = this.entries.get(hash);
    return !!e && (e.promise != undefined || e.state.status != 'loading');
  }

  /** Replaces a key's data (optimistic updates); cancels the answer of any running fetch. */
  setData<T>(hash: string, update: (previous: T | undefined) => T): void {
    const e = this.entry(hash);
    e.generation++;
    e.promise = undefined;
    this.set(e, { status: 'success', data: update(e.state.data as T | undefined), error: undefined, fetching: false });
  }

  /**
   * Remembers how to fetch a key that was answered without a fetch of its own (seeded from a server-rendered
   * page), so that invalidating it (a new language) refetches it rather than dropping it from under its reader.
   */
  adopt(hash: string, fetcher: () => Promise<unknown>): void {
    const e = this.entries.get(hash);
    if (e && !e.fetcher) e.fetcher = fetcher;
  }

  /** Marks every key starting with `prefix` stale: watched keys refetch, others are dropped. */
  invalidate(prefix: readonly unknown[]): Promise<unknown> {
    const start = keyOf(prefix).slice(0, -1);
    const running: Promise<unknown>[] = [];
    for (const [hash, e] of this.entries) {
      if (!hash.startsWith(start)) continue;
      if (e.listeners.size && e.fetcher) running.push(this.fetch(hash, e.fetcher, true).catch(() => undefined));
      else this.entries.delete(hash);
    }
    return Promise.all(running);
  }

  /**
   * Forgets everything not currently watched (after a change of identity), but the answers that are the same
   * for everyone (`shared`): a page's data, rendered on the server, waits there for its lazy component.
   */
  clear(): void {
    for (const [hash, e] of this.entries)
      if (!e.listeners.size && !hash.startsWith('["shared"')) this.entries.delete(hash);
  }
}
