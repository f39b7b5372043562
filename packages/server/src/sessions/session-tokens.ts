import { deferWrite } from '../store/deferred-writes.js';
import type { Queryable } from '../store/types.js';
import { randomToken, sha256 } from '../security/index.js';

/**
 * One-time session tokens (docs/design.md §4): what login, register, verify, recover and sign-on hand the
 * client, to be exchanged once through a redirect session for an authorization code.
 * 256 random bits, only their SHA-256 stored, valid for a few minutes, consumed atomically.
 */
export const SESSION_TOKEN_TTL_SECONDS = 300;

export async function issueSessionToken(
  tx: Queryable,
  input: { siteId: string; memberId: string; visitorId?: string | undefined },
  now: number = Date.now(),
): Promise<string> {
  const token = randomToken();
  await deferWrite(tx, {
    sql: `insert into session_tokens (site_id, token_hash, member_id, visitor_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6)`,
    params: [
      input.siteId,
      sha256(token),
      input.memberId,
      input.visitorId ?? null,
      new Date(now),
      new Date(now + SESSION_TOKEN_TTL_SECONDS * 1000),
    ],
  });
  return token;
}

/**
 * Spends a session token: the `update … where used_at is null … returning` is the single point of
 * consumption, so two concurrent exchanges cannot both win. A token of a member blocked since it was
 * issued is refused (and still spent). Answers null for unknown, expired, spent or foreign tokens.
 */
export async function consumeSessionToken(
  tx: Queryable,
  siteId: string,
  token: unknown,
  now: number = Date.now(),
): Promise<{ memberId: string; visitorId: string | null } | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  const { rows } = await tx.query<{ member_id: string; visitor_id: string | null; status: string | null }>(
    `with spent as (
       update session_tokens set used_at = $3
       where token_hash = $1 and site_id = $2 and used_at is null and expires_at > $3
       returning member_id, visitor_id)
     select spent.member_id, spent.visitor_id, m.status
     from spent left join members m on m.site_id = $2 and m.id = spent.member_id`,
    [sha256(token), siteId, new Date(now)],
  );
  const row = rows[0];
  if (!row || row.status !== 'ACTIVE') return null;
  return { memberId: row.member_id, visitorId: row.visitor_id };
}

/** Unspent session tokens die with the sessions on password reset, block and password change. */
export async function revokeSessionTokens(
  tx: Queryable,
  siteId: string,
  memberId: string,
  now: number = Date.now(),
): Promise<void> {
  await tx.query('update session_tokens set used_at = $3 where site_id = $1 and member_id = $2 and used_at is null', [
    siteId,
    memberId,
    new Date(now),
  ]);
}
