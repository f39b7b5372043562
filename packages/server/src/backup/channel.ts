import type { Entry, SnapshotSink } from './format.js';

/**
 * A snapshot handed from one database to another without a file (`vitrine move`): the exporter writes,
 * the loader reads, and the exporter waits while `limit` entries are queued so memory stays flat. A failure
 * on either side reaches the other instead of leaving it waiting.
 */
export class EntryChannel implements SnapshotSink, AsyncIterator<Entry> {
  private queue: Entry[] = [];
  private closed = false;
  private error: unknown;
  private wakeReader?: () => void;
  private wakeWriter?: () => void;

  constructor(private readonly limit = 5000) {}

  async write(entry: Entry): Promise<void> {
    while (this.queue.length >= this.limit && this.error === undefined)
      await new Promise<void>((resolve) => (this.wakeWriter = resolve));
    if (this.error !== undefined) throw this.error;
    this.queue.push(entry);
    this.wakeReader?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeReader?.();
  }

  /** Stops both sides with `error` (the reader's or the writer's). */
  fail(error: unknown): void {
    this.error ??= error;
    this.wakeReader?.();
    this.wakeWriter?.();
  }

  async next(): Promise<IteratorResult<Entry>> {
    while (!this.queue.length && !this.closed && this.error === undefined)
      await new Promise<void>((resolve) => (this.wakeReader = resolve));
    if (this.error !== undefined) throw this.error;
    const entry = this.queue.shift();
    if (this.queue.length < this.limit / 2) this.wakeWriter?.();
    return entry ? { value: entry, done: false } : { value: undefined, done: true };
  }
}
