/**
 * Automatic persisted queries (the Apollo APQ protocol, which Apollo Client, urql and graphql-request
 * speak): a client sends `extensions.persistedQuery: {version: 1, sha256Hash}` without the query; if this
 * instance knows the hash it runs the stored text, otherwise it answers PERSISTED_QUERY_NOT_FOUND and the
 * client sends hash and query once, which is checked and kept. Kept in memory per instance, bounded by
 * total size (oldest out first): losing an entry only costs a client one retry with the full query.
 * mercurius's own persisted-query support lives in its route handler, which this server does not use
 * (routes.ts resolves caller and site first), hence this small store.
 */
import { createHash } from 'node:crypto';
import { isPlainObject } from '../data/index.js';

export const MAX_PERSISTED_BYTES = 4 * 1024 * 1024;
const MAX_QUERY_BYTES = 64 * 1024;

export type PersistedOutcome =
  | { ok: true; query: string }
  | { ok: false; status: number; message: string; code: 'PERSISTED_QUERY_NOT_FOUND' | 'BAD_REQUEST' };

export class PersistedQueries {
  private readonly byHash = new Map<string, string>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_PERSISTED_BYTES) {}

  /** The query to run for a request's `query` and `extensions`, or the answer to give instead. */
  resolve(query: string | undefined, extensions: unknown): PersistedOutcome {
    const persisted = isPlainObject(extensions) ? extensions.persistedQuery : undefined;
    if (persisted === undefined) {
      return query
        ? { ok: true, query }
        : { ok: false, status: 400, message: '"query" must be a non-empty string', code: 'BAD_REQUEST' };
    }
    if (
      !isPlainObject(persisted) ||
      persisted.version !== 1 ||
      typeof persisted.sha256Hash !== 'string' ||
      !/^[0-9a-f]{64}$/.test(persisted.sha256Hash)
    ) {
      return {
        ok: false,
        status: 400,
        message: 'extensions.persistedQuery must be {"version": 1, "sha256Hash": "<64 lowercase hex digits>"}',
        code: 'BAD_REQUEST',
      };
    }
    const hash = persisted.sha256Hash;
    if (!query) {
      const known = this.byHash.get(hash);
      if (known === undefined)
        return { ok: false, status: 200, message: 'PersistedQueryNotFound', code: 'PERSISTED_QUERY_NOT_FOUND' };
      // Most recently used last, so eviction takes the least recently used.
      this.byHash.delete(hash);
      this.byHash.set(hash, known);
      return { ok: true, query: known };
    }
    if (createHash('sha256').update(query).digest('hex') !== hash) {
      return { ok: false, status: 400, message: 'provided sha does not match query', code: 'BAD_REQUEST' };
    }
    this.remember(hash, query);
    return { ok: true, query };
  }

  private remember(hash: string, query: string): void {
    const size = Buffer.byteLength(query);
    if (size > MAX_QUERY_BYTES || this.byHash.has(hash)) return;
    this.byHash.set(hash, query);
    this.bytes += size;
    for (const [oldHash, oldQuery] of this.byHash) {
      if (this.bytes <= this.maxBytes) break;
      this.byHash.delete(oldHash);
      this.bytes -= Buffer.byteLength(oldQuery);
    }
  }
}
