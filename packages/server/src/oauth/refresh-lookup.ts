/**
 * The refresh grant's read, batched: lookups that arrive in the same turn of the event loop (under load,
 * every request read from the sockets in one poll) go to the database as one statement. On PGlite each
 * statement has a fixed cost (one call into the WASM backend) larger than the row read itself; on
 * PostgreSQL it is one round trip and one pooled connection. Nothing is cached: each lookup is read by a
 * statement that starts after its request arrived, so a session ended before that is seen (issue #11).
 */
import DataLoader from 'dataloader';
import type { Queryable } from '../store/types.js';
import { findRefreshToken, hashToken, REFRESH_COLUMNS, type StoredRefresh } from '../sessions/member-sessions.js';

/** At most this many tokens per statement (a burst larger than this is split). */
const MAX_BATCH = 64;

// One text whatever the batch size (prepared once): the hashes go as one comma-separated hex string.
const FIND_MANY = `select token_hash, ${REFRESH_COLUMNS}
  from refresh_tokens
 where token_hash = any (array(select decode(h, 'hex') from unnest(string_to_array($1::text, ',')) as h))`;

type Row = StoredRefresh & { token_hash: Uint8Array };

export function refreshTokenFinder(db: Queryable): (token: string) => Promise<StoredRefresh | undefined> {
  const loader = new DataLoader<string, StoredRefresh | undefined>(
    async (hashes) => {
      // Alone in its turn (a quiet server): the plain primary-key read.
      if (hashes.length === 1) return [await findRefreshToken(db, hashes[0]!, true)];
      const { rows } = await db.query<Row>(FIND_MANY, [hashes.join(',')]);
      const byHash = new Map(
        rows.map(({ token_hash, ...row }) => [Buffer.from(token_hash).toString('hex'), row as StoredRefresh]),
      );
      return hashes.map((h) => byHash.get(h));
    },
    // cache: false — a token read a moment ago is read again: no answer outlives the statement that read it.
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
  );
  return (token) => loader.load(hashToken(token).toString('hex'));
}
