import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../store/types.js';
import { voidDeviceTokens } from './device-tokens.js';

/**
 * Member sessions (tables `sessions` and `refresh_tokens`): what a sign-in opens and the token endpoint
 * (oauth/token-service.ts) refreshes, rotates and revokes, and the hosted browser session touches.
 */

/** How long the token a client just rotated away from still returns the current one (lost responses). */
export const ROTATION_GRACE_SECONDS = 60;

/**
 * A session's last use is written at most this often: idle timeouts are measured in days, and a
 * write per refresh or cookie use would be wasted (the access-token check never writes).
 */
export const LAST_USE_RESOLUTION_SECONDS = 3600;

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/**
 * Marks the refresh token of a session that never rotates because its client keeps its first token
 * (`@wix/sdk`, docs/tokens.md#the-token-model). The mark is part of what is hashed and stored, so a
 * holder of a rotating token cannot turn it into a kept one.
 */
const KEPT_TOKEN_PREFIX = 'k1.';

/** The two shapes of a member refresh token: 256 random bits, with the kept mark or without. */
export const MEMBER_REFRESH_TOKEN = /^(?:k1\.)?[A-Za-z0-9_-]{43}$/;

export const isKeptRefreshToken = (token: string): boolean => token.startsWith(KEPT_TOKEN_PREFIX);

export function newMemberRefreshToken(kept = false): string {
  return (kept ? KEPT_TOKEN_PREFIX : '') + randomBytes(32).toString('base64url');
}

/**
 * A rotated token's successor is derived from it (HMAC under the server's MAC key, `keys.activeMac.secret`
 * of oauth/keys.ts), so a retry with the previous token can be answered with the current one without
 * keeping any token in plain text.
 */
export function successorToken(macSecret: Buffer, previous: string): string {
  return createHmac('sha256', macSecret).update(`rotate:${previous}`).digest('base64url');
}

export interface NewSession {
  siteId: string;
  clientId: string;
  memberId: string;
  visitorId?: string | undefined;
  ttlSeconds: number;
  /** The service clock, so expiry follows the same time source as every other check. */
  now: number;
  /** The client keeps its first refresh token (`@wix/sdk`): the session's token never rotates. */
  keepsFirstRefreshToken?: boolean | undefined;
}

export async function insertSession(
  tx: Queryable,
  s: NewSession,
): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }> {
  const sessionId = randomUUID();
  const refreshToken = newMemberRefreshToken(s.keepsFirstRefreshToken);
  const expiresAt = new Date(s.now + s.ttlSeconds * 1000);
  await tx.query(
    `insert into sessions (site_id, id, member_id, client_id, visitor_id, expires_at, last_used_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [s.siteId, sessionId, s.memberId, s.clientId, s.visitorId ?? null, expiresAt, new Date(s.now)],
  );
  await tx.query(
    `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at, member_id, session_last_used_at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [s.siteId, hashToken(refreshToken), sessionId, s.clientId, expiresAt, s.memberId, new Date(s.now)],
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
  session_last_used_at: Date;
  revoked_at: Date | null;
}

/** What the refresh grant reads of a token row (the session's state included: see findRefreshToken). */
export const REFRESH_COLUMNS = `site_id, session_id, client_id, member_id, expires_at, rotated_at, replaced_by,
       expires_at as session_expires_at, session_last_used_at, session_revoked_at as revoked_at`;

/**
 * The refresh grant's one read: a primary-key lookup of the token row, which carries its session's state
 * (migration 53: a trigger on `sessions` keeps member, last use and revocation there in step, in the
 * revoking transaction itself, so a logout on any instance is seen by the very next refresh everywhere).
 * `hashed`: `token` is already the hex SHA-256 (refresh-lookup.ts).
 */
export async function findRefreshToken(
  db: Queryable,
  token: string,
  hashed = false,
): Promise<StoredRefresh | undefined> {
  const { rows } = await db.query<StoredRefresh>(
    `select ${REFRESH_COLUMNS} from refresh_tokens where token_hash = $1`,
    [hashed ? Buffer.from(token, 'hex') : hashToken(token)],
  );
  return rows[0];
}

/** Marks `previous` rotated and stores its successor; false when another request rotated it first. */
export async function rotate(
  tx: Queryable,
  row: StoredRefresh,
  previous: string,
  next: string,
  at: Date,
): Promise<boolean> {
  const nextHash = hashToken(next);
  const marked = await tx.query(
    `update refresh_tokens set rotated_at = $3, replaced_by = $2 where token_hash = $1 and rotated_at is null`,
    [hashToken(previous), nextHash, at],
  );
  if (marked.rowCount === 0) return false;
  // The session's state is read afresh, under a share lock: a revocation committing meanwhile either
  // happened before (the new row copies it) or waits for this transaction (its trigger then updates the new row).
  await tx.query(
    `insert into refresh_tokens (site_id, token_hash, session_id, client_id, expires_at, member_id, session_last_used_at, session_revoked_at)
     select s.site_id, $3, s.id, $4, s.expires_at, s.member_id, s.last_used_at, s.revoked_at
       from sessions s where s.site_id = $1 and s.id = $2
        for share`,
    [row.site_id, row.session_id, nextHash, row.client_id],
  );
  return true;
}

export async function isCurrentToken(db: Queryable, tokenHash: Buffer | Uint8Array): Promise<boolean> {
  const { rows } = await db.query<{ rotated_at: Date | null }>(
    `select rotated_at from refresh_tokens where token_hash = $1`,
    [Buffer.from(tokenHash)],
  );
  return rows.length === 1 && rows[0]!.rotated_at === null;
}

export async function revokeSession(
  tx: Queryable,
  siteId: string,
  sessionId: string,
  reason: string,
): Promise<boolean> {
  return (await endSessionRow(tx, siteId, sessionId, reason)) !== undefined;
}

/** Revokes one live session; returns whose it was (for the audit event), or undefined if it had already ended. */
export async function endSessionRow(
  tx: Queryable,
  siteId: string,
  sessionId: string,
  reason: string,
): Promise<{ memberId: string; clientId: string } | undefined> {
  const { rows } = await tx.query<{ member_id: string; client_id: string }>(
    `update sessions set revoked_at = now(), revoked_reason = $3 where site_id = $1 and id = $2 and revoked_at is null returning member_id, client_id`,
    [siteId, sessionId, reason],
  );
  return rows[0] && { memberId: rows[0].member_id, clientId: rows[0].client_id };
}

/** Records a use of the session, at most once per LAST_USE_RESOLUTION_SECONDS (one indexed update, often a no-op). */
export async function touchSession(db: Queryable, siteId: string, sessionId: string, now: number): Promise<void> {
  await db.query('update sessions set last_used_at = $3 where site_id = $1 and id = $2 and last_used_at < $4', [
    siteId,
    sessionId,
    new Date(now),
    new Date(now - LAST_USE_RESOLUTION_SECONDS * 1000),
  ]);
}

/** True when a session last used at `lastUsedAt` is still worth a write to record a new use. */
export const lastUseIsStale = (lastUsedAt: Date, now: number): boolean =>
  now - lastUsedAt.getTime() >= LAST_USE_RESOLUTION_SECONDS * 1000;

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
  // Whatever ends a member's sessions (password change or reset, sign-out everywhere, block) also forgets remembered devices.
  await voidDeviceTokens(tx, siteId, memberId);
  return result.rowCount;
}
