/**
 * The per-request check of a member access token's session (revoked? past its lifetime? idle?), batched
 * like the refresh grant's read (refresh-lookup.ts): checks of one site arriving in the same turn of the
 * event loop read their sessions with one statement. Nothing is cached: every check is answered by a
 * statement that starts after its request arrived, so a logout on any instance holds for the next request.
 */
import DataLoader from 'dataloader';
import type { Queryable } from '../store/types.js';

interface SessionState {
  revoked_at: Date | null;
  expires_at: Date;
  last_used_at: Date;
}

const MAX_BATCH = 64;
const ONE = 'select revoked_at, expires_at, last_used_at from sessions where site_id = $1 and id = $2';
// One text whatever the batch size: the ids go as one comma-separated string.
const MANY = `select id::text as id, revoked_at, expires_at, last_used_at from sessions
 where site_id = $1 and id = any (string_to_array($2::text, ',')::uuid[])`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `(siteId, sessionId, at, idleSince)` → whether the session is live: not revoked, `expires_at > at`, used after `idleSince`. */
export function sessionChecker(
  db: Queryable,
): (siteId: string, sessionId: string, at: Date, idleSince: Date) => Promise<boolean> {
  const loaders = new Map<string, DataLoader<string, SessionState | undefined>>();
  const loaderOf = (siteId: string) => {
    let loader = loaders.get(siteId);
    if (!loader) {
      loader = new DataLoader<string, SessionState | undefined>(
        async (ids) => {
          if (ids.length === 1) return [(await db.query<SessionState>(ONE, [siteId, ids[0]])).rows[0]];
          const { rows } = await db.query<SessionState & { id: string }>(MANY, [siteId, ids.join(',')]);
          const byId = new Map(rows.map((r) => [r.id.toLowerCase(), r]));
          return ids.map((id) => byId.get(id.toLowerCase()));
        },
        // cache: false — each check reads afresh; only checks in flight together share a statement.
        { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (run) => setImmediate(run) },
      );
      loaders.set(siteId, loader);
    }
    return loader;
  };
  return async (siteId, sessionId, at, idleSince) => {
    // A session id is a UUID; anything else (a forged sid would already fail the signature) is no session.
    if (!UUID.test(sessionId)) return false;
    const s = await loaderOf(siteId).load(sessionId);
    return (
      !!s &&
      s.revoked_at === null &&
      s.expires_at.getTime() > at.getTime() &&
      s.last_used_at.getTime() > idleSince.getTime()
    );
  };
}
