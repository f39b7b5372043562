import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../store/types.js';
import type { KeyRing } from './keys.js';

/** How long the token a client just rotated away from still returns the current one (lost responses). */
export const ROTATION_GRACE_SECONDS = 60;

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export function newMemberRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A rotated token's successor is derived from it (HMAC under the server's MAC key), so a retry with
 * the previous token can be answered with the current one without keeping any token in plain text.
 */
export function successorToken(keys: KeyRing, previous: string): string {
  return createHmac('sha256', keys.activeMac.secret).update(`rotate:${previous}`).digest('base64url');
}

export interface NewSession {
  siteId: string;
  clientId: string;
  memberId: string;
  visitorId?: string | undefined;
  ttlSeconds: number;
  /** The service clock, so expiry follows the same time source as every other check. */
  now: number;
}

export async function insertSession(tx: Queryable, s: NewSession): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }> {
  const sessionId = randomUUID();
  const refreshToken = newMemberRefreshToken();
  const expiresAt = new Date(s.now + s.ttlSeconds * 1000);
  await tx.query(
    `insert into sessions (site_id, id, member_id, client_id, visitor_id, expires_at) values ($1, $2, $3, $4, $5, $6)`,
    [s.siteId, sessionId, s.memberId, s.clientId, s.visitorId ?? null, expiresAt],
  );
  await tx.query(
    `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at) values ($1, $2, $3, $4, $5)`,
    [s.siteId, hashToken(refreshToken), sessionId, s.clientId, expiresAt],
  );
  return { sessionId, refreshToken, expiresAt };
}

export interface StoredRefresh {
  site_id: string;
  session_id: string;
  client_id: string;
  member_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  replaced_by: Buffer | Uint8Array | null;
  session_expires_at: Date;
  revoked_at: Date | null;
}

export async function findRefreshToken(db: Queryable, token: string): Promise<StoredRefresh | undefined> {
  const { rows } = await db.query<StoredRefresh>(
    `select rt.site_id, rt.session_id, rt.client_id, s.member_id, rt.expires_at, rt.rotated_at, rt.replaced_by,
            s.expires_at as session_expires_at, s.revoked_at
       from refresh_tokens rt join sessions s on s.site_id = rt.site_id and s.id = rt.session_id
      where rt.token_hash = $1`,
    [hashToken(token)],
  );
  return rows[0];
}

/** Marks `previous` rotated and stores its successor; false when another request rotated it first. */
export async function rotate(tx: Queryable, row: StoredRefresh, previous: string, next: string, at: Date): Promise<boolean> {
  const nextHash = hashToken(next);
  const marked = await tx.query(
    `update refresh_tokens set rotated_at = $3, replaced_by = $2 where token_hash = $1 and rotated_at is null`,
    [hashToken(previous), nextHash, at],
  );
  if (marked.rowCount === 0) return false;
  await tx.query(
    `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at) values ($1, $2, $3, $4, $5)`,
    [row.site_id, nextHash, row.session_id, row.client_id, row.session_expires_at],
  );
  return true;
}

export async function isCurrentToken(db: Queryable, tokenHash: Buffer | Uint8Array): Promise<boolean> {
  const { rows } = await db.query<{ rotated_at: Date | null }>(`select rotated_at from refresh_tokens where token_hash = $1`, [Buffer.from(tokenHash)]);
  return rows.length === 1 && rows[0]!.rotated_at === null;
}

export async function revokeSession(tx: Queryable, siteId: string, sessionId: string, reason: string): Promise<boolean> {
  const result = await tx.query(
    `update sessions set revoked_at = now(), revoked_reason = $3 where site_id = $1 and id = $2 and revoked_at is null`,
    [siteId, sessionId, reason],
  );
  return result.rowCount > 0;
}

export async function revokeMemberSessions(
  tx: Queryable,
  siteId: string,
  memberId: string,
  options: { exceptSessionId?: string | undefined; reason: string },
): Promise<number> {
  const result = await tx.query(
    `update sessions set revoked_at = now(), revoked_reason = $3
      where site_id = $1 and member_id = $2 and revoked_at is null and ($4::uuid is null or id <> $4::uuid)`,
    [siteId, memberId, options.reason, options.exceptSessionId ?? null],
  );
  return result.rowCount;
}

/** True while the session exists, is not revoked and has not passed its absolute lifetime. */
export async function isSessionActive(db: Queryable, siteId: string, sessionId: string, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select (revoked_at is null and expires_at > $3) as ok from sessions where site_id = $1 and id = $2`,
    [siteId, sessionId, at],
  );
  return rows[0]?.ok === true;
}
